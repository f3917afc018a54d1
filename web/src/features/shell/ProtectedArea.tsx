import { FirebaseDataProviders } from '@/firebase/FirebaseDataProviders';
import { AppLayout } from './components/AppLayout';
import { RequireAuth } from './RequireAuth';

/** Route module of the signed-in area (lazy-loaded): data SDKs, the access guard, then the layout. */
export default function ProtectedArea() {
  return (
    <FirebaseDataProviders>
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </FirebaseDataProviders>
  );
}
