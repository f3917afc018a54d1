import type { ReactNode } from 'react';
import { FirestoreProvider, FunctionsProvider, StorageProvider } from 'reactfire';
import { getDataServices } from './data';

/** Firestore, Storage and Functions for the signed-in area. Must sit inside FirebaseAuthProviders. */
export function FirebaseDataProviders({ children }: { children: ReactNode }) {
  const { firestore, storage, functions } = getDataServices();
  return (
    <FirestoreProvider sdk={firestore}>
      <StorageProvider sdk={storage}>
        <FunctionsProvider sdk={functions}>{children}</FunctionsProvider>
      </StorageProvider>
    </FirestoreProvider>
  );
}
