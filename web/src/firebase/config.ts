import type { FirebaseOptions } from 'firebase/app';

/** The subset of `import.meta.env` that configures Firebase. */
export interface FirebaseEnv {
  DEV?: boolean;
  VITE_FIREBASE_API_KEY?: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
  VITE_FIREBASE_STORAGE_BUCKET?: string;
  VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  VITE_FIREBASE_APP_ID?: string;
  VITE_FIREBASE_FUNCTIONS_REGION?: string;
  VITE_USE_EMULATORS?: string;
  VITE_EMULATOR_PROJECT_ID?: string;
  VITE_AUTH_EMULATOR_HOST?: string;
  VITE_FIRESTORE_EMULATOR_HOST?: string;
  VITE_STORAGE_EMULATOR_HOST?: string;
  VITE_FUNCTIONS_EMULATOR_HOST?: string;
}

export interface HostPort {
  host: string;
  port: number;
}

export interface EmulatorConfig {
  /** Full URL for connectAuthEmulator, e.g. http://127.0.0.1:9099 */
  authUrl: string;
  firestore: HostPort;
  storage: HostPort;
  functions: HostPort;
}

export interface ResolvedFirebaseConfig {
  options: FirebaseOptions;
  functionsRegion: string;
  /** null in production: talk to the real Firebase project. */
  emulators: EmulatorConfig | null;
}

export const DEMO_PROJECT_ID = 'demo-trato';

export const DEFAULT_EMULATOR_HOSTS = {
  auth: '127.0.0.1:9099',
  firestore: '127.0.0.1:8080',
  storage: '127.0.0.1:9199',
  functions: '127.0.0.1:5001',
} as const;

const REQUIRED_PRODUCTION_KEYS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

/** Parses "host:port" (IPv4, name or [IPv6]) into its parts. */
export function parseHostPort(value: string, fallback: string): HostPort {
  const raw = value.trim() || fallback;
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(raw);
  if (!match) {
    throw new Error(`Invalid emulator address "${raw}" (expected host:port)`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

export function shouldUseEmulators(env: FirebaseEnv): boolean {
  return env.DEV === true || env.VITE_USE_EMULATORS === 'true';
}

/**
 * Works out how the app talks to Firebase: the local cloud (project demo-trato)
 * in development or when VITE_USE_EMULATORS=true, otherwise the production
 * project described by the VITE_FIREBASE_* variables.
 */
export function resolveFirebaseConfig(env: FirebaseEnv): ResolvedFirebaseConfig {
  const functionsRegion = env.VITE_FIREBASE_FUNCTIONS_REGION?.trim() || 'us-central1';

  if (shouldUseEmulators(env)) {
    const projectId = env.VITE_EMULATOR_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
    const auth = parseHostPort(env.VITE_AUTH_EMULATOR_HOST ?? '', DEFAULT_EMULATOR_HOSTS.auth);
    const authHost = auth.host.includes(':') ? `[${auth.host}]` : auth.host;
    return {
      options: {
        apiKey: 'demo-api-key',
        authDomain: `${projectId}.firebaseapp.com`,
        projectId,
        storageBucket: `${projectId}.appspot.com`,
        appId: 'demo-app-id',
      },
      functionsRegion,
      emulators: {
        authUrl: `http://${authHost}:${auth.port}`,
        firestore: parseHostPort(env.VITE_FIRESTORE_EMULATOR_HOST ?? '', DEFAULT_EMULATOR_HOSTS.firestore),
        storage: parseHostPort(env.VITE_STORAGE_EMULATOR_HOST ?? '', DEFAULT_EMULATOR_HOSTS.storage),
        functions: parseHostPort(env.VITE_FUNCTIONS_EMULATOR_HOST ?? '', DEFAULT_EMULATOR_HOSTS.functions),
      },
    };
  }

  const missing = REQUIRED_PRODUCTION_KEYS.filter((key) => !env[key]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `Missing Firebase configuration: ${missing.join(', ')}. See web/.env.example, or set VITE_USE_EMULATORS=true to use the local cloud.`,
    );
  }
  return {
    options: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    },
    functionsRegion,
    emulators: null,
  };
}
