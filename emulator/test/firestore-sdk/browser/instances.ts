/// <reference lib="dom" />
/**
 * Browser entry of the connection-limit test: Firestore instances a page creates and forgets
 * (never terminated), and a fresh one that must still get through.
 */
import { initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDocFromServer,
  getFirestore,
  onSnapshot,
  setDoc,
} from 'firebase/firestore';

declare global {
  interface Window {
    /** Opens a Firestore instance, listens once and writes once; resolves in ms taken. */
    __useInstance(port: number, name: string): Promise<number>;
  }
}

window.__useInstance = async (port, name) => {
  const started = performance.now();
  const app = initializeApp({ projectId: 'demo-connections', apiKey: 'fake' }, name);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port);
  const ref = doc(db, `instances/${name}`);
  await new Promise<void>((resolve, reject) => {
    const stop = onSnapshot(
      ref,
      () => {
        stop();
        resolve();
      },
      reject,
    );
  });
  await setDoc(ref, { name });
  await getDocFromServer(ref);
  return performance.now() - started;
};
