import { describe, expect, it } from 'vitest';

import { converter } from './converters.js';
import { documentStoragePath, isValidId, orgIdOfPath, paths } from './paths.js';
import { emptyToNull, stampCreate, stampUpdate, withDerivedFields } from './write.js';

describe('paths', () => {
  it('builds org-scoped paths', () => {
    expect(paths.doc('o1', 'contacts', 'c1')).toBe('organizations/o1/contacts/c1');
    expect(paths.note('o1', 'c1', 'n1')).toBe('organizations/o1/contacts/c1/notes/n1');
    expect(paths.subscription('o1')).toBe('organizations/o1/billing/subscription');
    expect(paths.enrollment('o1', 's1', 'c9')).toBe('organizations/o1/sequences/s1/enrollments/c9');
    expect(paths.user('u1')).toBe('users/u1');
  });

  it('refuses ids that would escape their segment', () => {
    expect(() => paths.doc('o1/../o2', 'contacts', 'x')).toThrow();
    expect(() => paths.user('')).toThrow();
    expect(isValidId('__x__')).toBe(false);
    expect(isValidId('abc')).toBe(true);
    for (const bad of ['', '.', '..', 'a/b', '__proto__', 'x'.repeat(1501), '\uD800', 'a\uDC00b'])
      expect(isValidId(bad)).toBe(false);
    // A surrogate pair is one code point (UTF-8 has it); dots and underscores elsewhere are fine.
    for (const fine of ['😀', '...', '_x_', 'a.b', 'x'.repeat(1500)]) expect(isValidId(fine)).toBe(true);
  });

  it('storage paths stay inside the organization', () => {
    expect(documentStoragePath('o1', 'd1', 'a/b.pdf')).toBe('organizations/o1/documents/d1/a_b.pdf');
    expect(orgIdOfPath('organizations/o1/documents/d1/x')).toBe('o1');
    expect(orgIdOfPath('users/u1')).toBeNull();
    expect(() => documentStoragePath('o1', 'd1', '  ')).toThrow();
  });
});

describe('write helpers and converter', () => {
  it('stamps audit fields and tokens', () => {
    const ts = { sentinel: true };
    const c = stampCreate(withDerivedFields('companies', { name: 'Café Río' }), 'u1', ts);
    expect(c).toMatchObject({ createdAt: ts, updatedAt: ts, createdBy: 'u1' });
    expect(c.searchTokens).toContain('cafe');
    expect(stampUpdate({ stage: 'won' }, ts)).toEqual({ stage: 'won', updatedAt: ts });
    expect(emptyToNull({ a: ' ', b: 'x', c: 1 })).toEqual({ a: null, b: 'x', c: 1 });
  });

  it('adds the id on read and strips it on write', () => {
    const conv = converter<{ name: string }>();
    expect(conv.fromFirestore({ id: 'x', data: () => ({ name: 'n' }) })).toEqual({ id: 'x', name: 'n' });
    expect(conv.toFirestore({ id: 'x', name: 'n' })).toEqual({ name: 'n' });
  });
});
