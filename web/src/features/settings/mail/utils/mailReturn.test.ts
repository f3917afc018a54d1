import { describe, expect, it } from 'vitest';
import { readMailReturn } from './mailReturn';

const read = (query: string) => readMailReturn(new URLSearchParams(query));

describe('readMailReturn', () => {
  it("reads Google's denial, with its description or else its code", () => {
    expect(read('error=access_denied&state=s')).toEqual({
      kind: 'provider-error',
      description: 'access_denied',
    });
    expect(read('error=invalid_scope&error_description=Bad%20scope')).toEqual({
      kind: 'provider-error',
      description: 'Bad scope',
    });
  });

  it('an error wins over a code (never exchange a code the provider called failed)', () => {
    expect(read('error=server_error&code=4/x&state=s').kind).toBe('provider-error');
  });

  it('needs both the code and the state', () => {
    expect(read('')).toEqual({ kind: 'missing' });
    expect(read('code=4/x')).toEqual({ kind: 'missing' });
    expect(read('state=s')).toEqual({ kind: 'missing' });
    expect(read('code=&state=s')).toEqual({ kind: 'missing' });
    expect(read('code=4/0abc&state=s1&scope=email')).toEqual({ kind: 'code', code: '4/0abc', state: 's1' });
  });
});
