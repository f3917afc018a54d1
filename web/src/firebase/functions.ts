// Cloud Functions, loaded on the first call (a chunk of its own, not in the shell's bundle).
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { getCoreServices } from './app';

const CACHE_KEY = Symbol.for('trato.firebase.functions');
type CacheHolder = { [CACHE_KEY]?: Functions };

function getFunctionsService(): Functions {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;
  const { app, config } = getCoreServices();
  const functions = getFunctions(app, config.functionsRegion);
  if (config.emulators)
    connectFunctionsEmulator(functions, config.emulators.functions.host, config.emulators.functions.port);
  holder[CACHE_KEY] = functions;
  return functions;
}

export async function invoke<I, O>(name: string, input: I): Promise<O> {
  const result = await httpsCallable<I, O>(getFunctionsService(), name)(input);
  return result.data;
}
