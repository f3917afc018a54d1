import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { initialLoginValues, loginSchema, type LoginValues } from '../utils/schemas';
import { useSingleFlight } from '../hooks/useSingleFlight';
import { GuardedForm } from '@/components/form/GuardedForm';
import { FormTextField } from '@/components/form/FormTextField';
import { PasswordField } from '@/components/form/PasswordField';
import { SubmitButton } from '@/components/form/SubmitButton';

interface LoginFormProps {
  onSubmit(values: LoginValues): Promise<void>;
  onForgotPassword(email: string): void;
  initialEmail?: string;
}

export function LoginForm({ onSubmit, onForgotPassword, initialEmail = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const submit = useSingleFlight(onSubmit);
  return (
    <Formik<LoginValues>
      initialValues={{ ...initialLoginValues, email: initialEmail }}
      validationSchema={loginSchema}
      onSubmit={(values) => submit(values)}
    >
      {({ isSubmitting, values }) => (
        <GuardedForm aria-label={t('login.title')}>
          <Stack spacing={2.25}>
            <FormTextField
              name="email"
              type="email"
              label={tc('auth.fields.email')}
              placeholder={tc('auth.fields.emailPlaceholder')}
              autoComplete="email"
              inputMode="email"
              required
              disabled={isSubmitting}
            />
            <Box>
              <PasswordField autoComplete="current-password" disabled={isSubmitting} />
              <Box sx={{ textAlign: 'right', mt: 1 }}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => onForgotPassword(values.email)}
                  disabled={isSubmitting}
                >
                  {t('login.forgot')}
                </Link>
              </Box>
            </Box>
            <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
          </Stack>
        </GuardedForm>
      )}
    </Formik>
  );
}
