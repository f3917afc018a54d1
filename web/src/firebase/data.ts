import { connectFirestoreEmulator, initializeFirestore, type Firestore } from 'firebase/firestore';
import { getCoreServices } from './app';

interface DataServices {
  firestore: Firestore;
}

const CACHE_KEY = Symbol.for('trato.firebase.data');
type CacheHolder = { [CACHE_KEY]?: DataServices };

/**
 * Firestore. Only the signed-in area (and the invitation page) needs it, so it lives in its own
 * module, loaded with those routes, not with the landing page. Functions load on first use
 * (functions.ts); Storage will load with the features that upload files.
 */
export function getDataServices(): DataServices {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;

  const { app, config } = getCoreServices();
  const firestore = initializeFirestore(app, {});
  if (config.emulators)
    connectFirestoreEmulator(firestore, config.emulators.firestore.host, config.emulators.firestore.port);
  const services: DataServices = { firestore };
  holder[CACHE_KEY] = services;
  return services;
}
