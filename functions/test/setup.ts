// Defaults so the integration tests find the local cloud on the standard ports when run by hand
// (`npx vitest run` in functions/); `npm test` sets the same values from scripts/local-cloud.mjs.
process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
process.env.GCLOUD_PROJECT ??= 'demo-trato';
