// The portal's callables (model PortalCallables), over the callable protocol itself: a POST of
// `{ data }` with the signed-in user's ID token, answered `{ result }` or `{ error }` — what
// firebase/functions does, without its ~11 KB (the portal's budget is 200 KB). Errors are shaped
// like the SDK's FunctionsError (code 'functions/…', details.reason), as on /f/:formKey.
import type { PortalCallables } from '@trato/model';
import { callableUrl, PublicCallError } from '@/firebase/publicFunctions';
import { portalIdToken } from './session';

export type PortalCallName = Exclude<
  keyof PortalCallables,
  'setPortalSettings' | 'invitePortalContact' | 'revokePortalAccess' | 'addTicketReply'
>;

type Answer<T> = { result?: T; error?: { status?: string; message?: string; details?: unknown } };

export async function callPortal<N extends PortalCallName>(
  name: N,
  input: PortalCallables[N]['in'],
): Promise<PortalCallables[N]['out']> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let response: Response;
  try {
    const token = await portalIdToken();
    if (token) headers.authorization = `Bearer ${token}`;
    response = await fetch(callableUrl(name), {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: input }),
    });
  } catch (error) {
    throw new PublicCallError('functions/unavailable', (error as Error).message);
  }
  const body = (await response.json().catch(() => ({}))) as Answer<PortalCallables[N]['out']>;
  if (body.error || !response.ok || !('result' in body)) {
    const status = body.error?.status ?? 'INTERNAL';
    throw new PublicCallError(
      `functions/${status.toLowerCase().replace(/_/g, '-')}`,
      body.error?.message ?? response.statusText,
      body.error?.details,
    );
  }
  return body.result as PortalCallables[N]['out'];
}
