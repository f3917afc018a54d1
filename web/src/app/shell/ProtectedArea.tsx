import { MembershipProvider } from '@/firebase/dataApi';
import { MembershipGate } from './MembershipGate';
import { RequireAuth } from './RequireAuth';

/** Route module of the signed-in area (lazy-loaded): the access guard, the membership, then the layout. */
export default function ProtectedArea() {
  return (
    <RequireAuth>
      <MembershipProvider>
        <MembershipGate />
      </MembershipProvider>
    </RequireAuth>
  );
}
