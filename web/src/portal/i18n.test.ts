import { describe, expect, it } from 'vitest';
import { PORTAL_CATALOGUES } from './i18n';

function keys(node: unknown, prefix = ''): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('the portal’s catalogue', () => {
  it('has the same texts in Spanish and English, none empty', () => {
    expect(keys(PORTAL_CATALOGUES.en).sort()).toEqual(keys(PORTAL_CATALOGUES.es).sort());
    for (const catalogue of Object.values(PORTAL_CATALOGUES)) {
      for (const key of keys(catalogue)) {
        const text = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], catalogue);
        expect((text as string).trim(), key).not.toBe('');
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of keys(PORTAL_CATALOGUES.es)) {
      const read = (c: unknown) =>
        key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], c) as string;
      expect(placeholders(read(PORTAL_CATALOGUES.en)), key).toEqual(placeholders(read(PORTAL_CATALOGUES.es)));
    }
  });
});
