import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentSingleTabManager,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { OFFLINE_CACHE_BYTES } from '@trato/model';
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
 *
 * Offline (issue 35, docs/offline.md): documents read and writes not yet sent are kept in
 * IndexedDB, at most OFFLINE_CACHE_BYTES (Firestore's LRU collector evicts the documents no
 * listener uses, least recently used first; writes waiting to be sent are never evicted). One tab
 * owns the cache; another tab of the same browser works from memory (online only), which is
 * what Firestore falls back to when the cache is taken. Where IndexedDB does not exist (the unit
 * tests' Node), memory.
 */
export function getDataServices(): DataServices {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;

  const { app, config } = getCoreServices();
  const localCache =
    typeof indexedDB === 'undefined'
      ? memoryLocalCache()
      : persistentLocalCache({
          tabManager: persistentSingleTabManager(undefined),
          cacheSizeBytes: OFFLINE_CACHE_BYTES,
        });
  const firestore = initializeFirestore(app, { localCache });
  if (config.emulators)
    connectFirestoreEmulator(firestore, config.emulators.firestore.host, config.emulators.firestore.port);
  const services: DataServices = { firestore };
  holder[CACHE_KEY] = services;
  return services;
}

/**
 * Signing out: what this browser keeps of the member's organizations goes — the documents read and
 * the writes not yet sent (a shared computer must not show them to the next person). Firestore is
 * stopped first (its listeners end); the next sign-in starts a new instance.
 */
export async function clearOfflineData(): Promise<void> {
  const holder = globalThis as CacheHolder;
  const services = holder[CACHE_KEY];
  if (!services) return;
  delete holder[CACHE_KEY];
  await terminate(services.firestore);
  await clearIndexedDbPersistence(services.firestore).catch((error: unknown) => {
    // Another tab of this browser still has it open: it is cleared when that tab signs out too.
    console.warn('offline cache not cleared', error);
  });
}
