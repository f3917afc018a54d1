// Google's OAuth client and Gmail API for the mail connection. Production: GOOGLE_CLIENT_ID is a
// param in functions/.env.<project>; GOOGLE_CLIENT_SECRET and MAIL_TOKEN_KEY are Secret Manager
// secrets (`firebase functions:secrets:set NAME`). In the Functions emulator the secrets come from
// functions/.secret.local (scripts/local-cloud.mjs) and GOOGLE_EMULATOR_HOST points every URL at
// the local Google (emulator/src/google) — honoured only there, like STRIPE_EMULATOR_HOST.
import { defineSecret, defineString } from 'firebase-functions/params';
import type { Auth, gmail_v1 } from 'googleapis';

import { fail } from '../common/errors.js';

export const googleClientId = defineString('GOOGLE_CLIENT_ID');
export const googleClientSecret = defineSecret('GOOGLE_CLIENT_SECRET');
/** 32 random bytes, base64: the AES-256-GCM key of the token store (tokenCrypto.ts). */
export const mailTokenKey = defineSecret('MAIL_TOKEN_KEY');

export const MAIL_SECRETS = [googleClientSecret, mailTokenKey];

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  tokenKey: string;
  /** The local Google's origin inside the emulator; null in production. */
  localBase: string | null;
}

function localGoogle(): string | null {
  const host = process.env.GOOGLE_EMULATOR_HOST;
  return host && process.env.FUNCTIONS_EMULATOR === 'true' ? `http://${host}` : null;
}

export function googleConfig(): GoogleConfig {
  const config = {
    clientId: googleClientId.value(),
    clientSecret: googleClientSecret.value(),
    tokenKey: mailTokenKey.value(),
    localBase: localGoogle(),
  };
  if (!config.clientId || !config.clientSecret || !config.tokenKey) {
    console.error('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET or MAIL_TOKEN_KEY is not set');
    fail('internal', 'The mail connection is not configured.', { reason: 'not-configured' });
  }
  return config;
}

// googleapis takes about a second of CPU to load: only the mail functions load it, on first use,
// so that every other function's cold start (one instance per function) is spared it.
let googleapis: Promise<typeof import('googleapis')> | undefined;
const loadGoogleapis = () => (googleapis ??= import('googleapis'));

/** google-auth-library's OAuth2 client; every endpoint on the local Google in the emulator. */
export async function oauthClient(config: GoogleConfig, redirectUri?: string): Promise<Auth.OAuth2Client> {
  const { google } = await loadGoogleapis();
  const base = config.localBase;
  return new google.auth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri,
    ...(base && {
      endpoints: {
        oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${base}/token`,
        oauth2RevokeUrl: `${base}/revoke`,
        tokenInfoUrl: `${base}/tokeninfo`,
        oauth2FederatedSignonPemCertsUrl: `${base}/oauth2/v1/certs`,
        oauth2FederatedSignonJwkCertsUrl: `${base}/oauth2/v3/certs`,
      },
    }),
  });
}

export async function gmailApi(config: GoogleConfig, auth: Auth.OAuth2Client): Promise<gmail_v1.Gmail> {
  const { google } = await loadGoogleapis();
  return google.gmail({ version: 'v1', auth, ...(config.localBase && { rootUrl: `${config.localBase}/` }) });
}

/** Google's OAuth error code (`invalid_grant`…) or the API's HTTP status, from a GaxiosError. */
export function googleFailure(error: unknown): { oauthError: string | null; status: number | null } {
  const e = error as { status?: number; response?: { status?: number; data?: unknown } };
  const data = e?.response?.data as { error?: unknown } | undefined;
  const oauthError = typeof data?.error === 'string' ? data.error : null;
  return { oauthError, status: e?.response?.status ?? e?.status ?? null };
}
