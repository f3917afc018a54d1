import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useErrorToast, useToast } from '@/components/toast';
import { FullNameField } from '@/components/form/AccountFields';
import { GuardedForm } from '@/components/form/GuardedForm';
import { updateProfileName, useMembership } from '@/firebase/dataApi';
import { NotificationsCard } from './components/NotificationsCard';
import { PreferencesCard } from './components/PreferencesCard';
import { SaveButton } from './components/SaveButton';
import { profileFormSchema, type ProfileValues } from './utils/schemas';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';

/** Perfil: full name editable (users/{uid}.fullName), email read-only; the member's preferences. */
export function ProfileTab() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const uid = membership.uid;
  const initialValues: ProfileValues = { fullName: membership.profile?.fullName ?? '' };

  const submit = async (values: ProfileValues) => {
    if (!uid) return;
    try {
      await updateProfileName(
        uid,
        membership.organizations.map((organization) => organization.id),
        values.fullName.trim(),
      );
      toast({ title: t('profile.updated'), variant: 'success' });
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Formik<ProfileValues>
            initialValues={initialValues}
            enableReinitialize
            validationSchema={profileFormSchema}
            onSubmit={submit}
          >
            {({ isSubmitting, dirty }) => (
              <GuardedForm aria-label={t('tabs.perfil')}>
                <Stack spacing={2.25} sx={{ maxWidth: 480 }}>
                  <FullNameField disabled={isSubmitting} />
                  <OutlinedTextField
                    id="profile-email"
                    label={tc('auth.fields.email')}
                    value={membership.email}
                    helperText={t('profile.emailReadOnly')}
                    slotProps={{ input: { readOnly: true } }}
                  />
                  {membership.profile?.username && (
                    <OutlinedTextField
                      id="profile-username"
                      label={tc('auth.fields.username')}
                      value={`@${membership.profile.username}`}
                      slotProps={{ input: { readOnly: true } }}
                    />
                  )}
                  <SaveButton busy={isSubmitting} disabled={!dirty} />
                </Stack>
              </GuardedForm>
            )}
          </Formik>
        </CardContent>
      </Card>
      <PreferencesCard />
      <NotificationsCard />
    </Stack>
  );
}
