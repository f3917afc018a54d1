import { describe, expect, it } from 'vitest';
import { readAuthLocationState, safeInternalPath } from './authLocation';

describe('readAuthLocationState', () => {
  it('reads a known mode and a safe return path', () => {
    expect(readAuthLocationState({ mode: 'signup', from: '/contactos?q=ana' })).toEqual({
      mode: 'signup',
      from: '/contactos?q=ana',
    });
  });

  it('ignores anything else', () => {
    expect(readAuthLocationState(null)).toEqual({ mode: null, from: null });
    expect(readAuthLocationState({ mode: 'admin', from: 42 })).toEqual({ mode: null, from: null });
  });
});

describe('safeInternalPath', () => {
  it('refuses other sites and the auth page itself', () => {
    expect(safeInternalPath('//evil.example')).toBeNull();
    expect(safeInternalPath('https://evil.example')).toBeNull();
    expect(safeInternalPath('/\\evil.example')).toBeNull();
    expect(safeInternalPath('/auth')).toBeNull();
    expect(safeInternalPath('/deals')).toBe('/deals');
  });
});
