// The callables of the public pages (no login): /f/:formKey shows a published form and sends it.
// Only firebase/app and firebase/functions: such a page loads neither Auth nor Firestore (nor the
// CRM's shell), so it stays light on a visitor's phone. Errors are FunctionsError (read them with
// describeCallableError, callableErrors.ts).
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { CallableContract } from '@trato/model';
import { resolveFirebaseConfig } from './config';

// The same cache as functions.ts: one Functions instance per page, connected to the emulator once.
const CACHE_KEY = Symbol.for('trato.firebase.functions');
type CacheHolder = { [CACHE_KEY]?: Functions };

function publicFunctions(): Functions {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;
  const config = resolveFirebaseConfig(import.meta.env);
  const app = getApps().length > 0 ? getApp() : initializeApp(config.options);
  const functions = getFunctions(app, config.functionsRegion);
  if (config.emulators)
    connectFunctionsEmulator(functions, config.emulators.functions.host, config.emulators.functions.port);
  holder[CACHE_KEY] = functions;
  return functions;
}

/** The callables a visitor may call without an account. */
export type PublicCallableName = 'getPublicForm' | 'submitForm';

async function callPublic<N extends PublicCallableName>(
  name: N,
  input: CallableContract[N]['in'],
): Promise<CallableContract[N]['out']> {
  const call = httpsCallable<CallableContract[N]['in'], CallableContract[N]['out']>(publicFunctions(), name);
  return (await call(input)).data;
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
