import Stack from '@mui/material/Stack';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { initialSignUpValues, signUpSchema, type SignUpValues } from '../utils/schemas';
import { FullNameField, UsernameField } from '@/components/form/AccountFields';
import { AccountTypeChoice } from './AccountTypeChoice';
import { useSingleFlight } from '../hooks/useSingleFlight';
import type { UsernameErrorTarget } from '../hooks/useAuthActions';
import { GuardedForm } from '@/components/form/GuardedForm';
import { FormTextField } from '@/components/form/FormTextField';
import { PasswordField } from '@/components/form/PasswordField';
import { SubmitButton } from '@/components/form/SubmitButton';

interface SignUpFormProps {
  /** `form` shows a server refusal of the username on its field. */
  onSubmit(values: SignUpValues, form: UsernameErrorTarget): Promise<void>;
}

export function SignUpForm({ onSubmit }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const submit = useSingleFlight(onSubmit);
  return (
    <Formik<SignUpValues>
      initialValues={initialSignUpValues}
      validationSchema={signUpSchema}
      onSubmit={(values, helpers) => submit(values, helpers)}
    >
      {({ isSubmitting, values }) => {
        const isAdmin = values.accountType === 'admin';
        return (
          <GuardedForm aria-label={t('signup.title')}>
            <Stack spacing={2.25}>
              <AccountTypeChoice disabled={isSubmitting} />
              {isAdmin ? (
                <>
                  <FullNameField disabled={isSubmitting} />
                  <UsernameField disabled={isSubmitting} />
                  <FormTextField
                    name="companyName"
                    label={tc('auth.fields.companyName')}
                    autoComplete="organization"
                    required
                    disabled={isSubmitting}
                  />
                </>
              ) : (
                <FormTextField
                  name="inviteLink"
                  label={tc('auth.fields.inviteLink')}
                  placeholder={tc('auth.fields.inviteLinkPlaceholder')}
                  helperText={t('signup.inviteHelp')}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  disabled={isSubmitting}
                />
              )}
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
              <PasswordField autoComplete="new-password" disabled={isSubmitting} />
              <SubmitButton
                busy={isSubmitting}
                label={isAdmin ? t('signup.submit') : t('signup.continueInvite')}
                busyLabel={t('signup.submitting')}
              />
            </Stack>
          </GuardedForm>
        );
      }}
    </Formik>
  );
}
