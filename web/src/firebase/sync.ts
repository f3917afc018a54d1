// The sync indicator's link to Firestore (issue 35): whose queued changes are shown, and the
// check of those from before a reload once Firestore has sent its queue.
import { doc, getDocFromServer, waitForPendingWrites } from 'firebase/firestore';
import { useEffect } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';
import { getDataServices } from './data';
import { setPendingOwner, verifyRestored } from './pendingWrites';

/** Keeps the pending list on the signed-in member's; checks restored changes when online. */
export function usePendingSync(uid: string | null): void {
  useEffect(() => {
    setPendingOwner(uid);
    if (!uid) return undefined;
    const { firestore } = getDataServices();
    const check = () => {
      if (!isOnline()) return;
      void verifyRestored(waitForPendingWrites(firestore), async (path) => {
        const snapshot = await getDocFromServer(doc(firestore, path));
        return snapshot.exists() ? snapshot.data() : null;
      });
    };
    check();
    return subscribeConnectivity(check);
  }, [uid]);
}
