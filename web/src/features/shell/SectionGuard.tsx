import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useMembership } from '@/firebase/dataApi';
import { decideSection } from './sectionAccess';

/**
 * Sends a member to /dashboard from a section they may not view (live: losing the right while
 * on the page moves them too). On the dashboard itself it explains instead.
 */
export function SectionGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const membership = useMembership();
  const decision = decideSection(pathname, (r) => membership.can(r, 'view'), membership.isSuperadmin);
  if (decision === 'redirect') return <Navigate to="/dashboard" replace />;
  if (decision === 'noAccess') {
    return (
      <>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 2 }}>
          {t('app.pages.dashboard')}
        </Typography>
        <Alert severity="info">{t('app.noAccess')}</Alert>
      </>
    );
  }
  return children;
}
