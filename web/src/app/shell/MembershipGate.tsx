import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useMembership } from '@/firebase/dataApi';
import { AppLayout } from './components/AppLayout';
import { useSignOut } from '@/components/useSignOut';
import { loadNamespaces } from '@/i18n';
import { describeError } from '@/i18n/errors';

// Only accounts without an organization need it: kept out of the shell's bundle, loaded with its texts.
const OnboardingPage = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/auth/onboarding/OnboardingPage'),
    loadNamespaces(['auth']),
  ]);
  return module;
});

/** Loading until the member document is known; onboarding without an organization; then the shell. */
export function MembershipGate() {
  const { t } = useTranslation();
  const membership = useMembership();
  const { signOut, busy } = useSignOut();

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
    return (
      <Suspense fallback={<FullPageLoader />}>
        <OnboardingPage />
      </Suspense>
    );
  }
  return <AppLayout />;
}
