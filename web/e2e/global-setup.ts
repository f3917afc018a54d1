import { AUTH_EMULATOR_URL, PROJECT_ID } from './support';

/**
 * Wipes the Auth emulator's accounts once per run (E2E_KEEP_ACCOUNTS=1 skips it, to run against
 * a local cloud someone else is using); fails early with a clear hint when it is not running.
 */
export default async function globalSetup(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
      method: process.env.E2E_KEEP_ACCOUNTS ? 'GET' : 'DELETE',
    });
  } catch (error) {
    throw new Error(
      `The Firebase Auth emulator is not reachable at ${AUTH_EMULATOR_URL}. Start the local cloud first ` +
        `(\`npm run emulators\` at the repository root). Cause: ${String(error)}`,
    );
  }
  if (process.env.E2E_KEEP_ACCOUNTS) return;
  if (!response.ok) {
    throw new Error(`Could not wipe Auth emulator accounts: ${response.status} ${await response.text()}`);
  }
}
