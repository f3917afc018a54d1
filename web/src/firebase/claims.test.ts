import { describe, expect, it } from 'vitest';
import { hasSuperadminClaim } from './claims';

describe('hasSuperadminClaim', () => {
  it('is true only for the boolean true', () => {
    expect(hasSuperadminClaim({ superadmin: true })).toBe(true);
    expect(hasSuperadminClaim({ superadmin: 'true' })).toBe(false);
    expect(hasSuperadminClaim({ superadmin: 1 })).toBe(false);
    expect(hasSuperadminClaim({})).toBe(false);
    expect(hasSuperadminClaim(null)).toBe(false);
  });
});
