import type { ReactNode } from 'react';
import { FirebaseAppProvider, FirestoreProvider, FunctionsProvider, StorageProvider } from 'reactfire';
import { getCoreServices } from './app';
import { getDataServices } from './data';

/** Firestore, Storage and Functions for the signed-in area (reactfire). Must sit inside FirebaseAuthProviders. */
export function FirebaseDataProviders({ children }: { children: ReactNode }) {
  const { app } = getCoreServices();
  const { firestore, storage, functions } = getDataServices();
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <FirestoreProvider sdk={firestore}>
        <StorageProvider sdk={storage}>
          <FunctionsProvider sdk={functions}>{children}</FunctionsProvider>
        </StorageProvider>
      </FirestoreProvider>
    </FirebaseAppProvider>
  );
}
