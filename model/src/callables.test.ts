/**
 * The failure reasons are declared once (FAILURE_REASONS). The functions' `fail()` takes a
 * FailureReason, so tsc already refuses an undeclared one; this test also reads the sources, so a
 * reason sent some other way (a cast, a plain HttpsError) or a declared one nobody sends shows up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { FAILURE_REASONS, isFailureReason } from './callables.js';

const functionsSrc = new URL('../../functions/src/', import.meta.url);

/** The `reason: '...'` literals of a source text. */
const reasonsIn = (text: string) =>
  [...text.matchAll(/\breason\s*:\s*(['"`])([^'"`]*)\1/g)].map((match) => match[2]!);

/** Every `reason: '...'` literal in functions/src, with the file it is in. */
function sentReasons(): { reason: string; file: string }[] {
  const files = readdirSync(functionsSrc, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const out: { reason: string; file: string }[] = [];
  for (const file of files) {
    const text = readFileSync(new URL(file, functionsSrc), 'utf8');
    for (const reason of reasonsIn(text)) out.push({ reason, file });
  }
  return out;
}

describe('FAILURE_REASONS', () => {
  const sent = sentReasons();

  it('finds the reasons the functions send', () => {
    // Guards the two tests below against an empty scan (moved sources, a broken pattern).
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.map((s) => s.reason)).toContain('username-taken');
  });

  it('declares every reason the functions send', () => {
    const undeclared = sent.filter((s) => !isFailureReason(s.reason));
    expect(undeclared).toEqual([]);
  });

  it('declares only reasons some function sends', () => {
    const used = new Set(sent.map((s) => s.reason));
    expect(FAILURE_REASONS.filter((r) => !used.has(r))).toEqual([]);
  });

  it('has no duplicates, and isFailureReason accepts exactly the list', () => {
    expect(new Set(FAILURE_REASONS).size).toBe(FAILURE_REASONS.length);
    for (const reason of FAILURE_REASONS) expect(isFailureReason(reason)).toBe(true);
    expect(isFailureReason('no-such-reason')).toBe(false);
    expect(isFailureReason(undefined)).toBe(false);
    expect(isFailureReason(['expired'])).toBe(false);
  });

  it('the scan sees a reason however the call is written', () => {
    const text = `fail('x', 'm', { reason: 'a' });\nfail('x', 'm', {\n  reason: "b",\n  field });`;
    expect(reasonsIn(text)).toEqual(['a', 'b']);
  });
});
