import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RedirectDenied, wasDenied } from '@/components/RedirectDenied';
import { useToast } from '@/components/toast';
import { useMembership } from '@/firebase/dataApi';
import { decideSection, type Viewer } from '../sections';

/**
 * Keeps members out of the sections they may not open (live: losing the right while on the page
 * moves them too) and tells them why; on the dashboard itself it explains in place.
 */
export function SectionGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const membership = useMembership();
  const viewer: Viewer = {
    canView: (resource) => membership.can(resource, 'view'),
    isAdmin: membership.isAdmin,
    isSuperadmin: membership.isSuperadmin,
  };
  const decision = decideSection(location.pathname, viewer);
  const denied = wasDenied(location.state);

  useEffect(() => {
    if (!denied) return;
    toast({ title: t('app.noAccess'), variant: 'default' });
    // Forget the reason, so a reload or Back does not repeat it.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [denied, location.pathname, location.search, navigate, t, toast]);

  if (decision === 'redirect') return <RedirectDenied />;
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
