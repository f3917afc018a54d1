import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Formik, useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { useErrorToast, useToast } from '@/components/toast';
import { FormTextField } from '@/components/form/FormTextField';
import { GuardedForm } from '@/components/form/GuardedForm';
import { updateOrganization, useMembership } from '@/firebase/dataApi';
import { SaveButton } from './components/SaveButton';
import { organizationFormSchema, organizationUpdate, type OrganizationValues } from './utils/schemas';

/**
 * Organización: name, country, RTN and 'send marketing only to contacts with consent' — admins
 * edit, sellers read.
 */
export function OrganizationTab() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const organization = membership.organization;
  const orgId = membership.organizationId;
  const readOnly = !membership.isAdmin;
  const initialValues: OrganizationValues = {
    name: organization?.name ?? '',
    country: organization?.country ?? '',
    rtn: organization?.rtn ?? '',
    marketingConsentRequired: organization?.marketingConsentRequired === true,
  };

  const submit = async (values: OrganizationValues) => {
    if (!orgId || readOnly) return;
    try {
      await updateOrganization(orgId, organizationUpdate(values));
      toast({ title: t('organization.updated'), variant: 'success' });
    } catch (error) {
      showFailure(error);
    }
  };

  const readOnlyProps = readOnly ? { slotProps: { input: { readOnly: true } } } : {};

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {t('organization.readOnly')}
          </Alert>
        )}
        <Formik<OrganizationValues>
          initialValues={initialValues}
          enableReinitialize
          validationSchema={organizationFormSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, dirty }) => (
            <GuardedForm aria-label={t('tabs.organizacion')}>
              <Stack spacing={2.25} sx={{ maxWidth: 480 }}>
                <FormTextField
                  name="name"
                  label={t('organization.name')}
                  autoComplete="organization"
                  required={!readOnly}
                  disabled={isSubmitting}
                  {...readOnlyProps}
                />
                <FormTextField
                  name="country"
                  label={t('organization.country')}
                  autoComplete="country-name"
                  disabled={isSubmitting}
                  {...readOnlyProps}
                />
                <FormTextField
                  name="rtn"
                  label={t('organization.rtn')}
                  helperText={readOnly ? undefined : t('organization.rtnHelp')}
                  disabled={isSubmitting}
                  {...readOnlyProps}
                />
                <ConsentRequiredField disabled={readOnly || isSubmitting} />
                {!readOnly && <SaveButton busy={isSubmitting} disabled={!dirty} />}
              </Stack>
            </GuardedForm>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

/**
 * 'Enviar marketing solo a contactos con consentimiento': campaigns and sequences then leave out
 * every contact whose e-mail consent is not 'granted' (saved with the form).
 */
function ConsentRequiredField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('settings');
  const [field, , helpers] = useField<boolean>('marketingConsentRequired');
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={field.value}
            disabled={disabled}
            onChange={(_event, checked) => void helpers.setValue(checked)}
            slotProps={{ input: { 'aria-describedby': 'marketing-consent-help' } }}
          />
        }
        label={t('organization.consentRequired')}
      />
      <Typography id="marketing-consent-help" variant="body2" sx={{ color: 'text.secondary', ml: 6 }}>
        {t('organization.consentRequiredHelp')}
      </Typography>
    </Box>
  );
}
