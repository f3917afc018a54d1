/** What the provider put in the return address (OAuth 2.0 authorization response, RFC 6749 §4.1.2). */
export type MailReturn =
  | { kind: 'provider-error'; description: string }
  | { kind: 'missing' }
  | { kind: 'code'; code: string; state: string };

/**
 * `?error=access_denied&error_description=…` → the provider's error (its description, else the
 * code); a code and a state → the code; anything less → missing parameters.
 */
export function readMailReturn(params: URLSearchParams): MailReturn {
  const error = params.get('error');
  if (error) return { kind: 'provider-error', description: params.get('error_description') || error };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'missing' };
  return { kind: 'code', code, state };
}
