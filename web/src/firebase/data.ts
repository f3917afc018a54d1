import { connectFirestoreEmulator, initializeFirestore, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { getCoreServices } from './app';

interface DataServices {
  firestore: Firestore;
  storage: FirebaseStorage;
  functions: Functions;
}

const CACHE_KEY = Symbol.for('trato.firebase.data');
type CacheHolder = { [CACHE_KEY]?: DataServices };

/**
 * Firestore, Storage and Functions. Only the signed-in area needs them, so they
 * live in their own module and are loaded with that area, not with the landing page.
 */
export function getDataServices(): DataServices {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;

  const { app, config } = getCoreServices();
  const firestore = initializeFirestore(app, {});
  const storage = getStorage(app);
  const functions = getFunctions(app, config.functionsRegion);
  if (config.emulators) {
    const { firestore: fs, storage: st, functions: fn } = config.emulators;
    connectFirestoreEmulator(firestore, fs.host, fs.port);
    connectStorageEmulator(storage, st.host, st.port);
    connectFunctionsEmulator(functions, fn.host, fn.port);
  }
  const services: DataServices = { firestore, storage, functions };
  holder[CACHE_KEY] = services;
  return services;
}
