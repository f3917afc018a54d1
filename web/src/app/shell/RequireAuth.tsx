import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useSession } from '@/firebase';

/** Lets signed-in users through; sends everyone else to /auth (remembering where they were going). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') {
    return <FullPageLoader label={t('app.checkingSession')} />;
  }
  if (session.status === 'signedOut') {
    return (
      <Navigate
        to="/auth"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return children ?? <Outlet />;
}
