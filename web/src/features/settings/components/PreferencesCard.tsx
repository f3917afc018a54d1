import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_FORMAT, type TimeFormat } from '@trato/model';
import { GuardedForm } from '@/components/form/GuardedForm';
import { SelectField } from '@/components/form/SelectField';
import { TimeZoneField } from '@/components/form/TimeZoneField';
import { useErrorToast, useToast } from '@/components/toast';
import { updateProfilePreferences, useMembership } from '@/firebase/dataApi';
import { changeLanguage, useLanguage } from '@/i18n';
import { formatTime } from '@/i18n/format';
import { deviceTimeZone, isKnownTimeZone } from '@/i18n/preferences';
import { preferencesFormSchema, type PreferencesValues } from '../utils/schemas';
import { SaveButton } from './SaveButton';

/** 14:30 of today, in a clock: the example beside each choice. */
const EXAMPLE = new Date(2026, 0, 1, 14, 30).getTime();

/**
 * Preferencias (issue 30): language (the toggle's choice, kept on the profile for every device),
 * time zone (default: this device's) and clock; every date in the app follows them.
 */
export function PreferencesCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const language = useLanguage();
  const profile = membership.profile;
  const storedZone = profile?.timeZone;
  const initialValues: PreferencesValues = {
    language,
    timeZone: storedZone && isKnownTimeZone(storedZone) ? storedZone : deviceTimeZone(),
    timeFormat: profile?.timeFormat ?? DEFAULT_TIME_FORMAT[language],
  };
  const clock = (format: TimeFormat) =>
    t(`preferences.${format}`, {
      example: formatTime(EXAMPLE, language, { timeZone: 'UTC', hour12: format === '12h' }).replace(
        /\u202f/g,
        ' ',
      ),
    });

  const submit = async (values: PreferencesValues) => {
    if (!membership.uid) return;
    try {
      await updateProfilePreferences(membership.uid, values);
      if (values.language !== language) await changeLanguage(values.language);
      toast({ title: t('preferences.saved', { lng: values.language }), variant: 'success' });
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="preferences-title" sx={{ fontSize: '1.15rem', mb: 2 }}>
          {t('preferences.title')}
        </Typography>
        <Formik<PreferencesValues>
          initialValues={initialValues}
          enableReinitialize
          validationSchema={preferencesFormSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, dirty }) => (
            <GuardedForm aria-labelledby="preferences-title">
              <Stack spacing={2.25} sx={{ maxWidth: 480 }}>
                <SelectField
                  name="language"
                  label={tc('common.language.label')}
                  options={[
                    { value: 'es', label: tc('common.language.es') },
                    { value: 'en', label: tc('common.language.en') },
                  ]}
                  disabled={isSubmitting}
                />
                <TimeZoneField
                  name="timeZone"
                  label={t('preferences.timeZone')}
                  helperText={t('preferences.timeZoneHelp')}
                  disabled={isSubmitting}
                />
                <SelectField
                  name="timeFormat"
                  label={t('preferences.timeFormat')}
                  options={[
                    { value: '24h', label: clock('24h') },
                    { value: '12h', label: clock('12h') },
                  ]}
                  disabled={isSubmitting}
                />
                <SaveButton busy={isSubmitting} disabled={!dirty} />
              </Stack>
            </GuardedForm>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
