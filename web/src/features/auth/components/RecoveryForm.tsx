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
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const submit = useSingleFlight(onSubmit);
  return (
    <Formik<RecoveryValues>
      initialValues={{ email: initialEmail }}
      validationSchema={recoverySchema}
      onSubmit={(values) => submit(values)}
    >
      {({ isSubmitting }) => (
        <GuardedForm aria-label={t('recovery.title')}>
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
            <SubmitButton
              busy={isSubmitting}
              label={t('recovery.submit')}
              busyLabel={t('recovery.submitting')}
            />
            <Button
              type="button"
              onClick={onBack}
              startIcon={<ArrowBackRoundedIcon />}
              disabled={isSubmitting}
            >
              {t('recovery.back')}
            </Button>
          </Stack>
        </GuardedForm>
      )}
    </Formik>
  );
}
