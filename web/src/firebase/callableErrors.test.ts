import { FAILURE_REASONS } from '@trato/model';
import { describe, expect, it } from 'vitest';
import { describeCallableError } from './callableErrors';
import { invitationLink } from './callables';

describe('describeCallableError', () => {
  it('reads the code without its prefix, the reason and the message', () => {
    const error = Object.assign(new Error('That username is taken.'), {
      code: 'functions/already-exists',
      details: { reason: 'username-taken' },
    });
    expect(describeCallableError(error)).toEqual({
      code: 'already-exists',
      reason: 'username-taken',
      message: 'That username is taken.',
    });
  });

  it('copes with anything thrown', () => {
    expect(describeCallableError('boom')).toEqual({ code: null, reason: null, message: 'boom' });
    expect(describeCallableError(null)).toEqual({ code: null, reason: null, message: '' });
    expect(describeCallableError({ code: 'functions/internal', details: 'x' }).reason).toBeNull();
  });

  it('keeps only the reasons the model declares (FAILURE_REASONS)', () => {
    const withReason = (reason: unknown) =>
      describeCallableError({ code: 'functions/failed-precondition', details: { reason } }).reason;
    for (const reason of FAILURE_REASONS) expect(withReason(reason)).toBe(reason);
    expect(FAILURE_REASONS.length).toBeGreaterThan(0);
    expect(withReason('no-such-reason')).toBeNull();
    expect(withReason('')).toBeNull();
    expect(withReason(42)).toBeNull();
    expect(withReason({ reason: 'expired' })).toBeNull();
  });
});

describe('invitationLink', () => {
  it('is the origin plus /invite/{token}', () => {
    expect(invitationLink('abc_DEF-1', 'https://app.trato.hn')).toBe('https://app.trato.hn/invite/abc_DEF-1');
  });
});
