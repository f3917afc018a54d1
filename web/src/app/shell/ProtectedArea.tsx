import { FirebaseDataProviders, MembershipProvider } from '@/firebase/dataApi';
import { MembershipGate } from './MembershipGate';
import { RequireAuth } from './RequireAuth';

/** Route module of the signed-in area (lazy-loaded): data SDKs, the access guard, the membership, then the layout. */
export default function ProtectedArea() {
  return (
    <FirebaseDataProviders>
      <RequireAuth>
        <MembershipProvider>
          <MembershipGate />
        </MembershipProvider>
      </RequireAuth>
    </FirebaseDataProviders>
  );
}
