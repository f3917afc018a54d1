import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { recoverySchema, type RecoveryValues } from '../utils/schemas';
import { useSingleFlight } from '../hooks/useSingleFlight';
import { GuardedForm } from '@/components/form/GuardedForm';
import { FormTextField } from '@/components/form/FormTextField';
import { SubmitButton } from '@/components/form/SubmitButton';

interface RecoveryFormProps {
  onSubmit(values: RecoveryValues): Promise<void>;
  onBack(): void;
  initialEmail?: string;
}

export function RecoveryForm({ onSubmit, onBack, initialEmail = '' }: RecoveryFormProps) {
  const { t } = useTranslation();
  const submit = useSingleFlight(onSubmit);
  return (
    <Formik<RecoveryValues>
      initialValues={{ email: initialEmail }}
      validationSchema={recoverySchema}
      onSubmit={(values) => submit(values)}
    >
      {({ isSubmitting }) => (
        <GuardedForm aria-label={t('auth.recovery.title')}>
          <Stack spacing={2.25}>
            <FormTextField
              name="email"
              type="email"
              label={t('auth.fields.email')}
              placeholder={t('auth.fields.emailPlaceholder')}
              autoComplete="email"
              inputMode="email"
              required
              disabled={isSubmitting}
            />
            <SubmitButton
              busy={isSubmitting}
              label={t('auth.recovery.submit')}
              busyLabel={t('auth.recovery.submitting')}
            />
            <Button
              type="button"
              onClick={onBack}
              startIcon={<ArrowBackRoundedIcon />}
              disabled={isSubmitting}
            >
              {t('auth.recovery.back')}
            </Button>
          </Stack>
        </GuardedForm>
      )}
    </Formik>
  );
}
