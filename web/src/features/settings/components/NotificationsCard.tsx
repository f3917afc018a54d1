import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/CheckboxField';
import { GuardedForm } from '@/components/form/GuardedForm';
import { SelectField } from '@/components/form/SelectField';
import { useErrorToast, useToast } from '@/components/toast';
import { updateProfilePreferences, useDatePreferences, useMembership } from '@/firebase/dataApi';
import { formatTime } from '@/i18n/format';
import { deviceTimeZone } from '@/i18n/preferences';
import { useLanguage } from '@/i18n';
import { notificationsUpdate, notificationValues, type NotificationValues } from '../utils/schemas';
import { SaveButton } from './SaveButton';

/**
 * Notificaciones (issue 30): for tasks and meetings, whether the bell shows them and whether the
 * daily e-mail digest lists them, and the digest's hour in the member's time zone.
 */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const language = useLanguage();
  const { timeZone, hour12 } = useDatePreferences();
  const profile = membership.profile;
  const initialValues = notificationValues(profile);
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: formatTime(Date.UTC(2026, 0, 1, hour), language, { timeZone: 'UTC', hour12 }).replace(
      /\u202f/g,
      ' ',
    ),
  }));

  const submit = async (values: NotificationValues) => {
    if (!membership.uid) return;
    try {
      await updateProfilePreferences(
        membership.uid,
        notificationsUpdate(values, profile?.timeZone, deviceTimeZone()),
      );
      toast({ title: t('notifications.saved'), variant: 'success' });
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="notifications-title" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
          {t('notifications.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('notifications.subtitle')}
        </Typography>
        <Formik<NotificationValues> initialValues={initialValues} enableReinitialize onSubmit={submit}>
          {({ isSubmitting, dirty, values }) => (
            <GuardedForm aria-labelledby="notifications-title">
              <Stack spacing={2} sx={{ maxWidth: 560 }}>
                {(['tasks', 'meetings'] as const).map((kind) => (
                  <Box key={kind} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
                    <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
                      {t(`notifications.${kind}`)}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }}>
                      <CheckboxField name={`${kind}InApp`} label={t('notifications.inApp')} />
                      <CheckboxField name={`${kind}Email`} label={t('notifications.email')} />
                    </Stack>
                  </Box>
                ))}
                {(values.tasksEmail || values.meetingsEmail) && (
                  <SelectField
                    name="digestHour"
                    label={t('notifications.digestHour')}
                    helperText={t('notifications.digestHelp', { zone: timeZone })}
                    options={hours}
                    disabled={isSubmitting}
                  />
                )}
                <SaveButton busy={isSubmitting} disabled={!dirty} />
              </Stack>
            </GuardedForm>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
