import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { resolveFirebaseConfig, type ResolvedFirebaseConfig } from './config';

interface CoreServices {
  config: ResolvedFirebaseConfig;
  app: FirebaseApp;
  auth: Auth;
}

// Kept on globalThis so hot module reloads never connect an emulator twice.
const CACHE_KEY = Symbol.for('trato.firebase.core');
type CacheHolder = { [CACHE_KEY]?: CoreServices };

/** The Firebase app and Auth instance; created once, connected to the emulators when configured. */
export function getCoreServices(): CoreServices {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;

  const config = resolveFirebaseConfig(import.meta.env);
  const app = getApps().length > 0 ? getApp() : initializeApp(config.options);
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.emulators) {
    connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
  }
  const services: CoreServices = { config, app, auth };
  holder[CACHE_KEY] = services;
  return services;
}
