import GroupAddRoundedIcon from '@mui/icons-material/GroupAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik, type FormikHelpers } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { useErrorToast, useToast } from '@/components/toast';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { GuardedForm } from '@/components/form/GuardedForm';
import { PasswordField } from '@/components/form/PasswordField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { FullNameField, UsernameField } from '@/components/form/AccountFields';
import { describeAuthError, useAuthApi, useSession } from '@/firebase';
// Not '@/firebase/dataApi': the invitation needs the callables only, not Firestore.
import { callFunction, type CallableContract } from '@/firebase/callables';
import { describeCallableError } from '@/firebase/callableErrors';
import { useLanguage } from '@/i18n';
import { describeError } from '@/i18n/errors';
import { acceptSchema, inviteFailure, type AcceptValues } from './utils/inviteErrors';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { sectionHref } from '@/app/sections';
import { writeDeviceChoice } from '@/firebase/organizationChoice';

type InvitationInfo = CallableContract['getInvitation']['out'];
type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; invitation: InvitationInfo }
  | { status: 'error'; message: string };

const initialValues: AcceptValues = { fullName: '', username: '', password: '' };

/** /invite/:token — 'Únete al equipo': shows the organization, role and email; creates the account and joins. */
export default function InvitePage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const api = useAuthApi();
  const session = useSession();
  const language = useLanguage();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const left = useRef(false);
  useDocumentTitle(t('invite.meta'));

  const typedEmail =
    typeof (location.state as { email?: unknown } | null)?.email === 'string'
      ? ((location.state as { email: string }).email ?? '')
      : '';

  /** Shows the spec's message; an unusable invitation sends the visitor to /. Returns true when handled. */
  const handleRefusal = useCallback(
    (error: unknown, helpers?: FormikHelpers<AcceptValues>): boolean => {
      const described = describeCallableError(error);
      const failure = inviteFailure(described.code, described.reason);
      if (!failure) return false;
      toast({
        title: t(failure.title as never),
        description: failure.key ? t(failure.key as never) : undefined,
        variant: 'destructive',
      });
      if (failure.field) helpers?.setFieldError(failure.field, failure.key);
      if (failure.leave && !left.current) {
        left.current = true;
        navigate('/', { replace: true });
      }
      return true;
    },
    [navigate, t, toast],
  );

  useEffect(() => {
    let cancelled = false;
    callFunction('getInvitation', { token })
      .then((invitation) => {
        if (!cancelled) setState({ status: 'ready', invitation });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (!handleRefusal(error)) {
          setState({ status: 'error', message: tc(`errors.server.${describeError(error).key}`) });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [token, attempt, handleRefusal]);

  const submit = async (values: AcceptValues, helpers: FormikHelpers<AcceptValues>) => {
    if (state.status !== 'ready') return;
    const { invitation } = state;
    let uid: string;
    try {
      let current = session.user;
      if (current && current.email?.toLowerCase() !== invitation.email.toLowerCase()) {
        await api.signOut();
      }
      if (!current || current.email?.toLowerCase() !== invitation.email.toLowerCase()) {
        current = await api.signUpOrSignIn(invitation.email, values.password, values.fullName.trim());
      }
      uid = current.uid;
    } catch (error) {
      const described = describeAuthError(error);
      toast({
        title: t('toasts.error'),
        description: described.key ? tc(described.key) : described.message || tc('auth.errors.unknown'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await join(uid, { fullName: values.fullName.trim(), username: values.username });
    } catch (error) {
      if (!handleRefusal(error, helpers)) {
        showFailure(error);
      }
    }
  };

  /** Joins and opens the organization on this device (a member of others keeps them). */
  const join = async (uid: string, account: { fullName?: string; username?: string }) => {
    if (state.status !== 'ready') return;
    const { organizationId } = await callFunction('acceptInvitation', { token, ...account, language });
    writeDeviceChoice(uid, organizationId);
    toast({
      title: t('invite.joined', { organization: state.invitation.organizationName }),
      variant: 'success',
    });
    navigate(sectionHref('dashboard'), { replace: true });
  };

  /** Signed in with the invited address: an existing account joins as it is, in one click. */
  const [joining, setJoining] = useState(false);
  const [needsAccount, setNeedsAccount] = useState(false);
  const joinAsSignedIn = async () => {
    if (!session.user) return;
    setJoining(true);
    try {
      await join(session.user.uid, {});
    } catch (error) {
      // An account that never finished signing up has no name or username yet: the form asks.
      const described = describeCallableError(error);
      if (described.reason === 'invalid-input') setNeedsAccount(true);
      else if (!handleRefusal(error)) showFailure(error);
    } finally {
      setJoining(false);
    }
  };

  if (state.status === 'loading') {
    return (
      <AuthLayout>
        <FullPageLoader label={t('invite.loading')} />
      </AuthLayout>
    );
  }

  if (state.status === 'error') {
    return (
      <AuthLayout>
        <Card sx={{ width: '100%', maxWidth: 480 }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
              {t('invite.title')}
            </Typography>
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('invite.loadError')}
              {state.message ? ` (${state.message})` : ''}
            </Alert>
            <Button
              variant="contained"
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('invite.retry')}
            </Button>
          </CardContent>
        </Card>
      </AuthLayout>
    );
  }

  const { invitation } = state;
  const roleLabel = tc(`enums.role.${invitation.role}`);
  const mismatch = typedEmail && typedEmail.toLowerCase() !== invitation.email.toLowerCase();
  const signedInAs = session.user?.email ?? null;
  const signedInAsOther = signedInAs !== null && signedInAs.toLowerCase() !== invitation.email.toLowerCase();
  const signedInAsInvitee = signedInAs !== null && !signedInAsOther && !needsAccount;

  return (
    <AuthLayout>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(67,56,202,0.1)',
              color: 'primary.main',
              mb: 2,
            }}
          >
            <GroupAddRoundedIcon />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 1 }}>
            {t('invite.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }} data-testid="invite-organization">
            {t('invite.subtitle', { organization: invitation.organizationName })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('invite.roleLabel')}
            </Typography>
            <Chip
              label={roleLabel}
              color="primary"
              variant="outlined"
              size="small"
              data-testid="invite-role"
            />
          </Stack>
          {signedInAsOther && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="invite-signed-in-as">
              {t('invite.signedInAsOther', { email: signedInAs, invited: invitation.email })}
            </Alert>
          )}
          {mismatch && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('invite.emailMismatch', { email: invitation.email })}
            </Alert>
          )}
          {signedInAsInvitee ? (
            <Stack spacing={2}>
              <Typography data-testid="invite-existing-account">
                {t('invite.existingAccount', {
                  email: signedInAs,
                  organization: invitation.organizationName,
                })}
              </Typography>
              <Button
                variant="contained"
                size="large"
                onClick={() => void joinAsSignedIn()}
                disabled={joining}
                aria-busy={joining}
              >
                {joining ? t('invite.submitting') : t('invite.submit')}
              </Button>
            </Stack>
          ) : (
            <>
              <Formik<AcceptValues>
                initialValues={initialValues}
                validationSchema={acceptSchema}
                onSubmit={submit}
              >
                {({ isSubmitting }) => (
                  <GuardedForm aria-label={t('invite.title')}>
                    <Stack spacing={2.25}>
                      <OutlinedTextField
                        id="invite-email"
                        label={tc('auth.fields.email')}
                        value={invitation.email}
                        type="email"
                        helperText={t('invite.emailFixed')}
                        slotProps={{ input: { readOnly: true } }}
                      />
                      <FullNameField disabled={isSubmitting} />
                      <UsernameField disabled={isSubmitting} />
                      <PasswordField autoComplete="new-password" disabled={isSubmitting} />
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('invite.passwordHint')}
                      </Typography>
                      <SubmitButton
                        busy={isSubmitting}
                        label={t('invite.submit')}
                        busyLabel={t('invite.submitting')}
                      />
                    </Stack>
                  </GuardedForm>
                )}
              </Formik>
              {!signedInAs && (
                <Button
                  variant="text"
                  fullWidth
                  sx={{ mt: 1.5 }}
                  onClick={() => navigate('/auth', { state: { mode: 'login', from: `/invite/${token}` } })}
                >
                  {t('invite.haveAccount')}
                </Button>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
