import { describe, expect, it } from 'vitest';

import {
  AUDIT_KEYS,
  allowedKeys,
  FIELD_CONTRACTS,
  FIELD_TYPES,
  maxDocumentBytes,
  type ContractCollection,
} from './fields.js';

const collections = Object.keys(FIELD_CONTRACTS) as ContractCollection[];

describe('field types', () => {
  it('every key of the contract has a type, and nothing else', () => {
    for (const c of collections) {
      const keys = allowedKeys(FIELD_CONTRACTS[c]).filter(
        (k) => !(AUDIT_KEYS as readonly string[]).includes(k),
      );
      expect(Object.keys(FIELD_TYPES[c]).sort(), c).toEqual(keys.sort());
    }
  });

  it('only required keys are declared nullable', () => {
    for (const c of collections)
      for (const [k, spec] of Object.entries(FIELD_TYPES[c]))
        if (spec.nullable) expect(FIELD_CONTRACTS[c].required, `${c}.${k}`).toContain(k);
  });

  // Every string at its limit in 4-byte characters, every list full: still far below 1 MiB.
  it.each(collections)('%s: the largest writable document stays under 256 KiB', (c) => {
    expect(maxDocumentBytes(c)).toBeLessThan(256 * 1024);
  });
});
