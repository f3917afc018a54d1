/**
 * The mail connection (spec §2 Ajustes → Email accounts, §7 auth-{provider}-start / -callback,
 * email-disconnect, email-send-test): the callables' contracts, the OAuth constants and the test
 * e-mail's text, shared by the functions that answer and the web that calls.
 */
import type { Language } from './constants.js';
import type { MailProvider } from './enums.js';

export interface MailCallables {
  /** Google's authorization URL for the caller, with a fresh single-use `state`. */
  authGmailStart: {
    in: { organizationId: string; returnOrigin: string; language: Language };
    out: { url: string };
  };
  /** The return from Google: checks the state, exchanges the code, stores the connection. */
  authGmailCallback: { in: { code: string; state: string }; out: { email: string } };
  /** Revokes the token at the provider and forgets the connection (nothing to do is not an error). */
  emailDisconnect: { in: { organizationId: string }; out: { disconnected: boolean } };
  /** Sends a test e-mail from the caller's connected mailbox. */
  emailSendTest: {
    in: { organizationId: string; to: string; language: Language };
    out: { messageId: string };
  };
}

/** Where the provider sends the browser back (registered as the OAuth client's redirect URI). */
export function mailCallbackPath(provider: MailProvider): string {
  return `/auth/${provider}/callback`;
}

export function mailRedirectUri(origin: string, provider: MailProvider): string {
  return `${origin.replace(/\/$/, '')}${mailCallbackPath(provider)}`;
}

/** How long a started connection may take to come back before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** The longest authorization `code` the return accepts (Google's are far shorter). */
export const OAUTH_CODE_MAX_LENGTH = 2048;

/**
 * The address fragment /ajustes gets after a successful return (`#mail-connected=<email>`):
 * settings shows the 'connected' toast once and clears it.
 */
export const MAIL_CONNECTED_MARKER = 'mail-connected';

export function connectedMarkerHash(email: string): string {
  return `#${MAIL_CONNECTED_MARKER}=${encodeURIComponent(email)}`;
}

/** The address in a `#mail-connected=…` fragment, or null. */
export function readConnectedMarker(hash: string): string | null {
  const match = new RegExp(`^#${MAIL_CONNECTED_MARKER}=(.*)$`).exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]) || null;
  } catch {
    return null;
  }
}

export interface TestEmailContent {
  subject: string;
  text: string;
}

/** The test e-mail in the sender's language (a non-ASCII subject on purpose: RFC 2047 is exercised). */
export function testEmailContent(language: Language, from: string): TestEmailContent {
  return language === 'en'
    ? {
        subject: 'Trato test email ✓',
        text: `Hello!\n\nThis is a test email sent from Trato through ${from}.\nIf you can read it, your mailbox is connected and Trato can send your sequences.\n\n— Trato`,
      }
    : {
        subject: 'Correo de prueba de Trato ✓',
        text: `¡Hola!\n\nEste es un correo de prueba enviado desde Trato con ${from}.\nSi puedes leerlo, tu buzón está conectado y Trato puede enviar tus secuencias.\n\n— Trato`,
      };
}
