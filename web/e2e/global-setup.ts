import { AUTH_EMULATOR_URL, PROJECT_ID } from './support';

/** Wipes the Auth emulator's accounts once per run; fails early with a clear hint when it is not running. */
export default async function globalSetup(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
      method: 'DELETE',
    });
  } catch (error) {
    throw new Error(
      `The Firebase Auth emulator is not reachable at ${AUTH_EMULATOR_URL}. Start it first ` +
        `(e.g. \`npx firebase emulators:start --only auth --project ${PROJECT_ID}\`). Cause: ${String(error)}`,
    );
  }
  if (!response.ok) {
    throw new Error(`Could not wipe Auth emulator accounts: ${response.status} ${await response.text()}`);
  }
}
