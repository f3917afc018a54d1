import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useMembership } from '@/firebase/dataApi';
import { useSignOut } from '@/components/useSignOut';
import { describeError } from '@/i18n/errors';
import { ONBOARDING_PATH, sectionHref } from '../sections';

/** Where onboarding sends the member once the organization exists: where they were going. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith(ONBOARDING_PATH)
    ? from
    : sectionHref('dashboard');
}

/**
 * Loading until the member document is known; then an account without an organization goes to
 * the onboarding step and everyone else to the shell. Both are routes of their own, so neither
 * loads the other's code (the onboarding form, the shell's layout).
 */
export function MembershipGate() {
  const { t } = useTranslation();
  const membership = useMembership();
  const { signOut, busy } = useSignOut();
  const location = useLocation();
  const onOnboarding = location.pathname === ONBOARDING_PATH;

  if (membership.status === 'loading') return <FullPageLoader label={t('app.loadingOrganization')} />;
  if (membership.status === 'error') {
    return (
      <Box component="main" sx={{ maxWidth: 520, mx: 'auto', mt: 10, px: 2 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('app.membershipError')} {t(`errors.server.${describeError(membership.error).key}`)}
        </Alert>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button variant="outlined" onClick={() => void signOut()} disabled={busy}>
            {t('app.user.signOut')}
          </Button>
        </Stack>
      </Box>
    );
  }
  if (membership.status === 'noOrganization' && !membership.isSuperadmin) {
    if (onOnboarding) return <Outlet />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={ONBOARDING_PATH} replace state={{ from }} />;
  }
  if (onOnboarding) return <Navigate to={returnPath(location.state)} replace />;
  // The shell's layout route (AppLayout) with the section's page.
  return <Outlet />;
}
