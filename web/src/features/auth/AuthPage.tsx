import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { TabBar } from '@/components/TabBar';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { PLAN } from '@/config/plan';
import { useSession } from '@/firebase';
import { AuthLayout } from './components/AuthLayout';
import { LoginForm } from './components/LoginForm';
import { RecoveryForm } from './components/RecoveryForm';
import { SignUpForm } from './components/SignUpForm';
import { AFTER_LOGIN_PATH, useAuthActions } from './hooks/useAuthActions';
import { readAuthLocationState, type AuthMode } from './utils/authLocation';

export default function AuthPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { mode: requestedMode, from } = readAuthLocationState(location.state);
  const [mode, setMode] = useState<AuthMode>(requestedMode ?? 'login');
  const [email, setEmail] = useState('');
  const redirectTo = from ?? AFTER_LOGIN_PATH;

  const onResetSent = useCallback((sentTo: string) => {
    setEmail(sentTo);
    setMode('login');
  }, []);
  const actions = useAuthActions({ redirectTo, onResetSent });
  const session = useSession();

  useDocumentTitle(t(`meta.${mode}`));

  // Someone who is already signed in has nothing to do here.
  if (session.status === 'signedIn' && !actions.isBusy()) {
    return <Navigate to={redirectTo} replace />;
  }

  if (session.status === 'loading') {
    // Avoids flashing the form at someone who turns out to be signed in already.
    return (
      <AuthLayout>
        <FullPageLoader />
      </AuthLayout>
    );
  }

  const heading =
    mode === 'login'
      ? { title: t('login.title'), subtitle: t('login.subtitle') }
      : mode === 'signup'
        ? { title: t('signup.title'), subtitle: t('signup.subtitle', { days: PLAN.trialDays }) }
        : { title: t('recovery.title'), subtitle: t('recovery.subtitle') };

  return (
    <AuthLayout>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        {mode !== 'recovery' && (
          <TabBar
            value={mode}
            onChange={setMode}
            fullWidth
            label={t('tabs.label')}
            tabs={(['login', 'signup'] as const).map((key) => ({
              value: key,
              label: t(`tabs.${key}`),
              id: `auth-tab-${key}`,
              controls: 'auth-panel',
            }))}
          />
        )}
        <CardContent
          id="auth-panel"
          role={mode !== 'recovery' ? 'tabpanel' : undefined}
          aria-labelledby={mode !== 'recovery' ? `auth-tab-${mode}` : undefined}
          sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}
        >
          <Box sx={{ mb: 3 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 0.75 }}>
              {heading.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{heading.subtitle}</Typography>
          </Box>
          {mode === 'login' && (
            <LoginForm
              key="login"
              initialEmail={email}
              onSubmit={actions.login}
              onForgotPassword={(typed) => {
                setEmail(typed);
                setMode('recovery');
              }}
            />
          )}
          {mode === 'signup' && <SignUpForm key="signup" onSubmit={actions.signUp} />}
          {mode === 'recovery' && (
            <RecoveryForm
              key="recovery"
              initialEmail={email}
              onSubmit={actions.resetPassword}
              onBack={() => setMode('login')}
            />
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
