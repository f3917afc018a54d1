import { describe, expect, it } from 'vitest';
import { parseInviteToken } from './inviteToken';

describe('parseInviteToken', () => {
  const token = 'a1B2c3D4e5F6-g7_h8';

  it('reads the token from a full invite link', () => {
    expect(parseInviteToken(`https://app.trato.example/invite/${token}`)).toBe(token);
    expect(parseInviteToken(`http://localhost:5173/invite/${token}/`)).toBe(token);
  });

  it('ignores query string, fragment and surrounding spaces', () => {
    expect(parseInviteToken(`  https://app.trato.example/invite/${token}?utm=mail#top  `)).toBe(token);
  });

  it('reads a path or a ?token= link', () => {
    expect(parseInviteToken(`/invite/${token}`)).toBe(token);
    expect(parseInviteToken(`https://app.trato.example/join?token=${token}`)).toBe(token);
  });

  it('accepts a raw token', () => {
    expect(parseInviteToken(token)).toBe(token);
  });

  it('rejects empty input, other links and junk', () => {
    expect(parseInviteToken('')).toBeNull();
    expect(parseInviteToken('   ')).toBeNull();
    expect(parseInviteToken('https://app.trato.example/dashboard')).toBeNull();
    expect(parseInviteToken('abc')).toBeNull();
    expect(parseInviteToken('not a token')).toBeNull();
    expect(parseInviteToken('https://app.trato.example/invite/<script>')).toBeNull();
  });
});
