import { Outlet } from 'react-router';
import { FirebaseAuthProviders } from '@/firebase';

/** Route module (lazy) for every page that needs a session; keeps Firebase out of the landing bundle. */
export default function FirebaseRoot() {
  return (
    <FirebaseAuthProviders>
      <Outlet />
    </FirebaseAuthProviders>
  );
}
