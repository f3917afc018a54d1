import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { MEETING_MINUTES_CHOICES, type TimeFormat } from '@trato/model';
import { GuardedForm } from '@/components/form/GuardedForm';
import { resolveMeetingPreferences } from '@/components/records/meetingHours';
import { SelectField } from '@/components/form/SelectField';
import { TimeZoneField } from '@/components/form/TimeZoneField';
import { useErrorToast, useToast } from '@/components/toast';
import { updateProfilePreferences, useDatePreferences, useMembership } from '@/firebase/dataApi';
import { chooseLanguage, useLanguage } from '@/i18n';
import { formatTime } from '@/i18n/format';
import { preferencesFormSchema, preferencesUpdate, type PreferencesValues } from '../utils/schemas';
import { WorkDaysField } from './WorkDaysField';
import { SaveButton } from './SaveButton';

/** 14:30 of today, in a clock: the example beside each choice. */
const EXAMPLE = new Date(2026, 0, 1, 14, 30).getTime();

/**
 * Preferencias (issue 30): language (the toggle's choice, kept on the profile),
 * time zone (default: this device's) and clock, which every date in the app follows; and for
 * meetings the default length and the work hours and days the meeting dialog warns against.
 */
export function PreferencesCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const language = useLanguage();
  const profile = membership.profile;
  // The stored preferences with their defaults, resolved where every date on screen resolves them.
  const { timeZone, hour12 } = useDatePreferences();
  const meeting = resolveMeetingPreferences(profile);
  const initialValues: PreferencesValues = {
    language,
    timeZone,
    timeFormat: hour12 ? '12h' : '24h',
    meetingMinutes: String(meeting.minutes),
    workStart: meeting.workStart,
    workEnd: meeting.workEnd,
    workDays: [...meeting.workDays],
  };
  // Work hours every half hour, written in the member's clock (stored 'HH:mm', 24-hour).
  const halfHours = Array.from({ length: 48 }, (_, i) => {
    const value = `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    const at = Date.UTC(2026, 0, 1, Math.floor(i / 2), i % 2 ? 30 : 0);
    return { value, label: formatTime(at, language, { timeZone: 'UTC', hour12 }).replace(/\u202f/g, ' ') };
  });
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
      await updateProfilePreferences(membership.uid, preferencesUpdate(values));
      if (values.language !== language) await chooseLanguage(values.language);
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
                <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, pt: 1 }}>
                  {t('preferences.meetings')}
                </Typography>
                <SelectField
                  name="meetingMinutes"
                  label={t('preferences.meetingMinutes')}
                  options={MEETING_MINUTES_CHOICES.map((minutes) => ({
                    value: String(minutes),
                    label: t('preferences.minutes', { count: minutes }),
                  }))}
                  disabled={isSubmitting}
                />
                <Stack direction="row" spacing={2}>
                  <SelectField
                    name="workStart"
                    label={t('preferences.workStart')}
                    options={halfHours}
                    disabled={isSubmitting}
                  />
                  <SelectField
                    name="workEnd"
                    label={t('preferences.workEnd')}
                    options={halfHours}
                    disabled={isSubmitting}
                  />
                </Stack>
                <WorkDaysField label={t('preferences.workDays')} help={t('preferences.workHoursHelp')} />
                <SaveButton busy={isSubmitting} disabled={!dirty} />
              </Stack>
            </GuardedForm>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
