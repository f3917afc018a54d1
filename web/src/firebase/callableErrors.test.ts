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
});

describe('invitationLink', () => {
  it('is the origin plus /invite/{token}', () => {
    expect(invitationLink('abc_DEF-1', 'https://app.trato.hn')).toBe('https://app.trato.hn/invite/abc_DEF-1');
  });
});
