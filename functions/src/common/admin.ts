// The one place functions reach Firebase services. In the emulators FIRESTORE_EMULATOR_HOST and
// FIREBASE_STORAGE_EMULATOR_HOST (exported by scripts/emulators.mjs) point the admin SDK locally.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

export const app = getApps()[0] ?? initializeApp();
export const db = getFirestore(app);
export const auth = getAuth(app);
