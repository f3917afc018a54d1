// The portal's only link to the Firebase SDKs (with session.ts, data.ts and, on demand, storage.ts):
// a NAMED app, so that its Auth session (persisted under the app's name) never mixes with the
// CRM's in the same browser; Auth for the e-mail link; Firestore Lite (REST, no listeners: the
// portal polls). The configuration is the app's (VITE_ variables; the local cloud in development).
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { resolveFirebaseConfig, type ResolvedFirebaseConfig } from '@/firebase/config';

export const PORTAL_APP_NAME = 'portal';

export interface PortalServices {
  config: ResolvedFirebaseConfig;
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
}

// Kept on globalThis so hot module reloads never connect an emulator twice.
const CACHE_KEY = Symbol.for('trato.portal.firebase');
type CacheHolder = { [CACHE_KEY]?: PortalServices };

export function portalServices(): PortalServices {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;
  const config = resolveFirebaseConfig(import.meta.env);
  const app = getApps().some((a) => a.name === PORTAL_APP_NAME)
    ? getApp(PORTAL_APP_NAME)
    : initializeApp(config.options, PORTAL_APP_NAME);
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  const db = getFirestore(app);
  if (config.emulators) {
    connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port);
  }
  const services = { config, app, auth, db };
  holder[CACHE_KEY] = services;
  return services;
}
