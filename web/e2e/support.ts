export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = process.env.E2E_PROJECT_ID ?? 'demo-trato';
export const AUTH_EMULATOR_URL = `http://${AUTH_EMULATOR_HOST}`;

/** A fresh address per run and test, so runs never collide. */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${label}.${stamp}@e2e.trato.test`;
}

/** Creates an account straight in the Auth emulator (no UI), for login journeys. */
export async function createEmulatorUser(email: string, password: string): Promise<void> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator sign-up failed: ${response.status} ${await response.text()}`);
}

export interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** Emails the Auth emulator "sent" (verification, password reset). */
export async function emulatorOobCodes(): Promise<EmulatorOobCode[]> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`Cannot read Auth emulator codes: ${response.status}`);
  const body = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
  return body.oobCodes ?? [];
}
