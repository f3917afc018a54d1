import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { FormTextField } from '@/components/form/FormTextField';
import { GuardedForm } from '@/components/form/GuardedForm';
import { SubmitButton } from '@/components/form/SubmitButton';
import { clearPendingSignUp, readPendingSignUp } from '@/features/auth/utils/signupMetadata';
import { FullNameField, UsernameField } from '@/components/form/AccountFields';
import { useSignOut } from '@/components/useSignOut';
import { callFunction, describeCallableError, useMembership } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n';
import { validateOnboarding, type OnboardingValues } from './schema';

/**
 * A signed-in user without an organization (organization creation failed after sign-up, an older
 * account, a removed member) finishes it here instead of seeing a broken app.
 */
export default function OnboardingPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const language = useLanguage();
  const membership = useMembership();
  const { signOut, busy: signingOut } = useSignOut();
  useDocumentTitle(t('onboarding.meta'));

  const pending = membership.uid ? readPendingSignUp(membership.uid) : null;
  const profile = membership.profile;
  const initialValues: OnboardingValues = {
    fullName: profile?.fullName ?? pending?.full_name ?? '',
    username: profile?.username ?? pending?.username ?? '',
    companyName: pending?.company_name ?? '',
  };

  const submit = async (values: OnboardingValues, helpers: FormikHelpers<OnboardingValues>) => {
    try {
      await callFunction('createOrganization', {
        fullName: values.fullName.trim(),
        username: values.username,
        companyName: values.companyName.trim(),
        language,
      });
      clearPendingSignUp();
      toast({ title: t('onboarding.created'), variant: 'success' });
      // The live membership takes over and shows the app.
    } catch (error) {
      const described = describeCallableError(error);
      if (described.reason === 'username-taken') {
        helpers.setFieldError('username', 'auth:onboarding.usernameTaken');
      }
      toast({
        title: t('toasts.error'),
        description:
          described.reason === 'username-taken'
            ? t('onboarding.usernameTaken')
            : described.message || tc('auth.errors.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <AuthLayout>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 0.75 }}>
            {t('onboarding.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            {t('onboarding.subtitle', { email: membership.email })}
          </Typography>
          <Formik<OnboardingValues>
            initialValues={initialValues}
            validate={validateOnboarding}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <GuardedForm aria-label={t('onboarding.title')}>
                <Stack spacing={2.25}>
                  <FullNameField disabled={isSubmitting || Boolean(profile)} />
                  <UsernameField disabled={isSubmitting || Boolean(profile)} placeholder={false} />
                  <FormTextField
                    name="companyName"
                    label={tc('auth.fields.companyName')}
                    autoComplete="organization"
                    required
                    disabled={isSubmitting}
                  />
                  <SubmitButton
                    busy={isSubmitting}
                    label={t('onboarding.submit')}
                    busyLabel={t('onboarding.submitting')}
                  />
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('onboarding.invitedHint')}
                  </Typography>
                  <Button
                    onClick={() => void signOut()}
                    disabled={signingOut || isSubmitting}
                    color="inherit"
                  >
                    {tc('app.user.signOut')}
                  </Button>
                </Stack>
              </GuardedForm>
            )}
          </Formik>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
