import { describe, expect, it } from 'vitest';
import { parseHostPort, resolveFirebaseConfig } from './config';

describe('resolveFirebaseConfig', () => {
  it('uses the local cloud with project demo-trato in development', () => {
    const config = resolveFirebaseConfig({ DEV: true });
    expect(config.options.projectId).toBe('demo-trato');
    expect(config.emulators).toEqual({
      authUrl: 'http://127.0.0.1:9099',
      firestore: { host: '127.0.0.1', port: 8080 },
      storage: { host: '127.0.0.1', port: 9199 },
      functions: { host: '127.0.0.1', port: 5001 },
    });
  });

  it('uses the emulators in a build when VITE_USE_EMULATORS=true, with overridable addresses', () => {
    const config = resolveFirebaseConfig({
      DEV: false,
      VITE_USE_EMULATORS: 'true',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:19099',
      VITE_FIRESTORE_EMULATOR_HOST: 'localhost:18080',
      VITE_STORAGE_EMULATOR_HOST: '127.0.0.1:19199',
      VITE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:15001',
    });
    expect(config.emulators?.authUrl).toBe('http://127.0.0.1:19099');
    expect(config.emulators?.firestore).toEqual({ host: 'localhost', port: 18080 });
    expect(config.emulators?.storage.port).toBe(19199);
    expect(config.emulators?.functions.port).toBe(15001);
  });

  it('reads the production project from VITE_FIREBASE_* otherwise', () => {
    const config = resolveFirebaseConfig({
      DEV: false,
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'trato.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'trato-prod',
      VITE_FIREBASE_STORAGE_BUCKET: 'trato-prod.appspot.com',
      VITE_FIREBASE_APP_ID: 'app',
    });
    expect(config.emulators).toBeNull();
    expect(config.options.projectId).toBe('trato-prod');
    expect(config.functionsRegion).toBe('us-central1');
  });

  it('explains what is missing in a production build without configuration', () => {
    expect(() => resolveFirebaseConfig({ DEV: false })).toThrow(/VITE_FIREBASE_API_KEY/);
  });
});

describe('parseHostPort', () => {
  it('parses host:port and bracketed IPv6', () => {
    expect(parseHostPort('127.0.0.1:9099', '')).toEqual({ host: '127.0.0.1', port: 9099 });
    expect(parseHostPort('[::1]:9099', '')).toEqual({ host: '::1', port: 9099 });
    expect(parseHostPort('', 'localhost:8080')).toEqual({ host: 'localhost', port: 8080 });
  });

  it('rejects a value without a port', () => {
    expect(() => parseHostPort('localhost', '')).toThrow(/host:port/);
  });
});
