/// <reference lib="dom" />
/**
 * Browser side of `bench/clients.ts --browser`: one member's page (the `firebase` web SDK over
 * WebChannel) visiting the contacts list. Timings come back to the driver in milliseconds.
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getCountFromServer,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';

export interface VisitTimes {
  first: number;
  next: number[];
  count: number;
}

declare global {
  interface Window {
    __open(port: number, project: string, uid: string): void;
    __visit(contacts: string, pageSize: number, nextPages: number): Promise<VisitTimes>;
  }
}

let db: Firestore;

window.__open = (port, project, uid) => {
  const app = initializeApp({ projectId: project, apiKey: 'fake-api-key' });
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port, { mockUserToken: { sub: uid, user_id: uid } });
};

window.__visit = async (contacts, pageSize, nextPages) => {
  const list = query(collection(db, contacts), orderBy('updatedAt', 'desc'));
  let t = performance.now();
  let stop = () => {};
  const last = await new Promise<QueryDocumentSnapshot | undefined>((resolve, reject) => {
    stop = onSnapshot(
      query(list, limit(pageSize)),
      { includeMetadataChanges: true },
      (snap) => {
        if (!snap.metadata.fromCache) resolve(snap.docs[snap.docs.length - 1]);
      },
      reject,
    );
  });
  const times: VisitTimes = { first: performance.now() - t, next: [], count: 0 };
  try {
    let cursor = last;
    for (let p = 0; p < nextPages && cursor; p++) {
      t = performance.now();
      const page = await getDocs(query(list, startAfter(cursor), limit(pageSize)));
      times.next.push(performance.now() - t);
      cursor = page.docs[page.docs.length - 1];
    }
    t = performance.now();
    await getCountFromServer(list);
    times.count = performance.now() - t;
  } finally {
    stop();
  }
  return times;
};
