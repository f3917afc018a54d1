// The callables of the public pages (no login): /f/:formKey shows a published form and sends it.
// Called over the callable protocol itself (a POST of `{ data }`, answered `{ result }` or
// `{ error: { status, message, details } }`) with fetch, not the Firebase SDK: the page then loads
// no Firebase code at all — a visitor's phone gets the form fast, and firebase/app stays in the
// signed-in app's own chunk instead of a shared one that every CRM page would pay for. Errors are
// shaped like the SDK's FunctionsError (`code` 'functions/…', `details`, `message`), so
// describeCallableError (callableErrors.ts) reads them the same way.
import type { CallableContract } from '@trato/model';
import { resolveFirebaseConfig } from './config';

/** The callables a visitor may call without an account. */
export type PublicCallableName = 'getPublicForm' | 'submitForm';

/** Where a callable answers: the Functions emulator, or the deployed function's address. */
export function callableUrl(name: string, env: ImportMetaEnv = import.meta.env): string {
  const config = resolveFirebaseConfig(env);
  const { projectId } = config.options;
  const region = config.functionsRegion;
  if (config.emulators) {
    const { host, port } = config.emulators.functions;
    return `http://${host}:${port}/${projectId}/${region}/${name}`;
  }
  return `https://${region}-${projectId}.cloudfunctions.net/${name}`;
}

/** An error as the SDK's FunctionsError carries it. */
export class PublicCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Answer<T> = { result?: T; error?: { status?: string; message?: string; details?: unknown } };

async function callPublic<N extends PublicCallableName>(
  name: N,
  input: CallableContract[N]['in'],
): Promise<CallableContract[N]['out']> {
  let response: Response;
  try {
    response = await fetch(callableUrl(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: input }),
    });
  } catch (error) {
    throw new PublicCallError('functions/unavailable', (error as Error).message);
  }
  const body = (await response.json().catch(() => ({}))) as Answer<CallableContract[N]['out']>;
  if (body.error || !response.ok || !('result' in body)) {
    const status = body.error?.status ?? 'INTERNAL';
    throw new PublicCallError(
      `functions/${status.toLowerCase().replace(/_/g, '-')}`,
      body.error?.message ?? response.statusText,
      body.error?.details,
    );
  }
  return body.result as CallableContract[N]['out'];
}

/** A published form as the visitor's language shows it (not-found when none is published there). */
export function getPublicForm(
  input: CallableContract['getPublicForm']['in'],
): Promise<CallableContract['getPublicForm']['out']> {
  return callPublic('getPublicForm', input);
}

/** Sends a visitor's values: what the page shows next (thanks, a redirect, a confirmation to click). */
export function submitForm(
  input: CallableContract['submitForm']['in'],
): Promise<CallableContract['submitForm']['out']> {
  return callPublic('submitForm', input);
}
