/**
 * Shared set-up for the local Google tests: a server on an ephemeral port, the real googleapis /
 * google-auth-library clients pointed at it (only their base URLs), a browser-like driver for the
 * consent page's form, and nodemailer's MailComposer for RFC 5322 messages.
 */
import { google, type gmail_v1 } from 'googleapis';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  startGoogleServer,
  type GoogleServer,
  type GoogleServerOptions,
} from '../../src/google/index.js';

export { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET };
export const REDIRECT_URI = 'http://127.0.0.1:5173/auth/gmail/callback';
export const SCOPES = ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email'];

export type OAuth2 = InstanceType<typeof google.auth.OAuth2>;

export async function startGoogle(options: Partial<GoogleServerOptions> = {}): Promise<GoogleServer> {
  return startGoogleServer({ port: 0, quiet: true, log: () => {}, ...options });
}

/** What a Cloud Function would build: the production client with the stand-in's URLs. */
export function oauthClient(server: GoogleServer, overrides: { clientSecret?: string } = {}): OAuth2 {
  return new google.auth.OAuth2({
    clientId: DEFAULT_CLIENT_ID,
    clientSecret: overrides.clientSecret ?? DEFAULT_CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    endpoints: server.endpoints,
  });
}

export function gmailClient(server: GoogleServer, auth: OAuth2): gmail_v1.Gmail {
  return google.gmail({ version: 'v1', auth, rootUrl: `${server.url}/` });
}

export function authUrl(auth: OAuth2, extra: Record<string, string> = {}): string {
  return auth.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: SCOPES,
    state: 'state-123',
    ...extra,
  });
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Input {
  name: string;
  value: string;
  type: string;
  checked: boolean;
  disabled: boolean;
}

/** The consent form's inputs, parsed from the HTML the way a browser sees them. */
export function formInputs(html: string): { action: string; inputs: Input[]; buttons: Input[] } {
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const attrs = (tag: string) => {
    const out: Record<string, string> = {};
    for (const m of tag.matchAll(/([a-z_-]+)(?:="([^"]*)")?/g)) out[m[1]] = unescape(m[2] ?? '');
    return out;
  };
  const inputs = [...html.matchAll(/<input\b([^>]*)>/g)].map((m) => {
    const a = attrs(m[1]);
    return {
      name: a.name ?? '',
      value: a.value ?? '',
      type: a.type ?? 'text',
      checked: 'checked' in a,
      disabled: 'disabled' in a,
    };
  });
  const buttons = [...html.matchAll(/<button\b([^>]*)>/g)].map((m) => {
    const a = attrs(m[1]);
    return { name: a.name ?? '', value: a.value ?? '', type: 'submit', checked: false, disabled: false };
  });
  return { action, inputs, buttons };
}

export interface Choice {
  /** A listed account (radio) or any typed address. */
  email?: string;
  decision: 'allow' | 'deny';
  /** Unticks these scope checkboxes. */
  untick?: string[];
  /** Accept-Language of the "browser". */
  lang?: string;
}

/**
 * Opens the authorization URL, fills in the form as a person would (a listed account is
 * clicked, another one typed) and presses the button. Answers the redirect's Location, or the
 * page when there is none.
 */
export async function consent(
  url: string,
  choice: Choice,
): Promise<{ status: number; location: string | null; html: string }> {
  const headers = choice.lang ? { 'Accept-Language': choice.lang } : undefined;
  const page = await fetch(url, { headers, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, location: page.headers.get('location'), html };
  const form = formInputs(html);
  const listed = form.inputs.some(
    (i) => i.type === 'radio' && i.name === 'account' && i.value === choice.email,
  );
  const body = new URLSearchParams();
  for (const i of form.inputs) {
    if (!i.name || i.disabled) continue;
    if (i.type === 'radio') {
      const pick =
        choice.email === undefined ? i.checked : listed ? i.value === choice.email : i.value === '__other';
      if (pick) body.append(i.name, i.value);
    } else if (i.type === 'checkbox') {
      if (i.checked && !choice.untick?.includes(i.value)) body.append(i.name, i.value);
    } else if (i.name === 'other_email') {
      body.append(i.name, choice.email && !listed ? choice.email : i.value);
    } else body.append(i.name, i.value);
  }
  const button = form.buttons.find((b) => b.value === choice.decision);
  if (!button) throw new Error(`no ${choice.decision} button on the page`);
  body.append(button.name, button.value);
  const res = await fetch(new URL(form.action, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Allow as `email` and read the code from the redirect. */
export async function authorize(
  server: GoogleServer,
  auth: OAuth2,
  email: string,
  extra: Record<string, string> = {},
) {
  const r = await consent(authUrl(auth, extra), { email, decision: 'allow' });
  if (r.status !== 302 || !r.location)
    throw new Error(`consent answered ${r.status}: ${r.html.slice(0, 300)}`);
  const back = new URL(r.location);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state'), redirect: back };
}

/**
 * base64url RFC 5322 from nodemailer's composer (UTF-8 subjects come out RFC 2047 encoded). The
 * composer leaves Bcc out of the header unless `keepBcc` (Gmail's send needs it there to deliver).
 */
export async function rawMessage(
  mail: ConstructorParameters<typeof MailComposer>[0],
  options: { keepBcc?: boolean } = {},
): Promise<string> {
  const node = new MailComposer(mail).compile();
  node.keepBcc = options.keepBcc ?? false;
  const bytes = await node.build();
  return bytes.toString('base64url');
}

export async function control(server: GoogleServer, path: string, body?: unknown, method = 'POST') {
  const res = await fetch(`${server.url}/__control${path}`, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The Google APIs' error object (`{error: {code, message, errors, status}}`). */
export interface ApiErrorBody {
  code: number;
  message: string;
  status: string;
  errors: Record<string, string>[];
}

export interface Failure {
  status: number;
  /** The answer's body as parsed by gaxios. */
  data: unknown;
  message: string;
  /** `error` of the OAuth endpoints' `{error, error_description}`. */
  error?: string;
  /** `error` of the APIs' `{error: {...}}`. */
  api?: ApiErrorBody;
}

/** The GaxiosError's status and Google error body of a failed call. */
export async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (err) {
    const e = err as { status?: number; response?: { status: number; data: unknown }; message: string };
    const data = e.response?.data;
    const error = (data as { error?: unknown } | undefined)?.error;
    return {
      status: e.response?.status ?? e.status ?? 0,
      data,
      message: e.message,
      ...(typeof error === 'string' ? { error } : {}),
      ...(error && typeof error === 'object' ? { api: error as ApiErrorBody } : {}),
    };
  }
  throw new Error('expected the call to fail');
}

export const GMAIL_SEND = 'https://www.googleapis.com/auth/gmail.send';
export const GMAIL_READONLY = 'https://www.googleapis.com/auth/gmail.readonly';
export const GMAIL_METADATA = 'https://www.googleapis.com/auth/gmail.metadata';

/**
 * A connected account as a server holds it: consent (with `scopes`, minus the `untick`ed ones),
 * tokens, and the googleapis Gmail client on them.
 */
export async function connect(
  server: GoogleServer,
  email: string,
  options: { scopes?: string[]; untick?: string[] } = {},
) {
  const auth = oauthClient(server);
  const url = authUrl(auth, { scope: (options.scopes ?? [...SCOPES, GMAIL_READONLY]).join(' ') });
  const r = await consent(url, { email, decision: 'allow', untick: options.untick });
  if (r.status !== 302 || !r.location)
    throw new Error(`consent answered ${r.status}: ${r.html.slice(0, 300)}`);
  const code = new URL(r.location).searchParams.get('code')!;
  const { tokens } = await auth.getToken(code);
  auth.setCredentials(tokens);
  return { auth, tokens, gmail: gmailClient(server, auth) };
}

/** POST /__control/deliver: mail from outside into an account's inbox. */
export async function deliver(server: GoogleServer, body: Record<string, unknown>) {
  const r = await control(server, '/deliver', body);
  if (r.status !== 200) throw new Error(`deliver answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as { id: string; threadId: string; historyId: string };
}

/** A header's value in a Gmail MessagePart's headers. */
export const header = (
  part: { headers?: { name?: string | null; value?: string | null }[] | null } | undefined,
  name: string,
) => part?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? undefined;

/** base64url (Gmail's `data` and `raw`) to bytes. */
export const bytesOf = (data: string | null | undefined) => Buffer.from(data ?? '', 'base64url');
