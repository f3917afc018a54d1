// The local Google (emulator/src/google) for tests against the local cloud: its test controls,
// a member's Gmail connected through the real callables and the consent control, the mailbox.
import { callOk, uniqueEmail, type TestUser } from './cloud.js';

export const GOOGLE_ORIGIN = `http://${process.env.GOOGLE_EMULATOR_HOST ?? '127.0.0.1:9598'}`;
/** The web origin the consent returns to (one of APP_ORIGINS in functions/.env.demo-trato). */
export const RETURN_ORIGIN = 'http://127.0.0.1:5199';

export type Member = TestUser & { organizationId: string };

/** A control of the local Google: GET without a body, POST with one. */
export async function googleControl<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${GOOGLE_ORIGIN}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** authGmailStart's authorization URL for the member. */
export async function startGmail(member: Member): Promise<string> {
  const { url } = await callOk<{ url: string }>(
    'authGmailStart',
    { organizationId: member.organizationId, returnOrigin: RETURN_ORIGIN, language: 'es' },
    member.idToken,
  );
  return url;
}

/** Start, then Allow (or Deny) on the consent page: the return address's parameters. */
export async function gmailConsent(
  member: Member,
  email: string,
  options: { allow?: boolean; scopes?: string[] } = {},
): Promise<URLSearchParams> {
  const url = await startGmail(member);
  const answer = await googleControl<{ location: string }>('consent', { url, email, ...options });
  return new URL(answer.location).searchParams;
}

/** Connects the member's Gmail (start, consent, callback); returns the connected address. */
export async function connectGmail(member: Member, email = uniqueEmail('gmail')): Promise<string> {
  const params = await gmailConsent(member, email);
  const result = await callOk<{ email: string }>(
    'authGmailCallback',
    { code: params.get('code'), state: params.get('state') },
    member.idToken,
  );
  return result.email;
}

export interface MailboxMessage {
  id: string;
  account: string;
  from: { address: string; name: string }[];
  to: { address: string }[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: { name: string; value: string }[];
}

/** What the local mailbox holds for `to`, newest first. */
export async function messagesTo(to: string): Promise<MailboxMessage[]> {
  return (await googleControl<{ messages: MailboxMessage[] }>(`messages?to=${encodeURIComponent(to)}`))
    .messages;
}
