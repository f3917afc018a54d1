import { useEffect } from 'react';
import { MembershipProvider } from '@/firebase/dataApi';
import { startServiceWorker } from '../offline/registerServiceWorker';
import { MembershipGate } from './MembershipGate';
import { RequireAuth } from './RequireAuth';

/**
 * Route module of the signed-in area (lazy-loaded): the access guard, the membership, then the
 * layout. Its first visit also starts the service worker (production builds; docs/offline.md), so
 * the visitors of the public pages never get one.
 */
export default function ProtectedArea() {
  useEffect(startServiceWorker, []);
  return (
    <RequireAuth>
      <MembershipProvider>
        <MembershipGate />
      </MembershipProvider>
    </RequireAuth>
  );
}
