import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { PermissionMatrixTable } from './PermissionMatrixTable';
import { permissionsForRole, type Role } from '@trato/model';
import { useToast } from '@/components/toast';
import { FormTextField } from '@/components/form/FormTextField';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { GuardedForm } from '@/components/form/GuardedForm';
import { callFunction, describeCallableError, invitationLink } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';
import { canSendInvite, inviteSchema, type InviteValues } from '../utils/inviteForm';
import { defaultInvitePermissions, toggleInvitePermission, toPermissionMap } from '../utils/permissionMatrix';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import { useCopyLink } from './useCopyLink';

const initialValues = (): InviteValues => ({
  email: '',
  role: 'seller',
  permissions: defaultInvitePermissions(),
});

/** Equipo: invite by email with role admin or seller; permission checkboxes only for seller. */
export interface CreatedInvitation {
  invitationId: string;
  email: string;
  link: string;
}

export function InviteForm({
  organizationId,
  created,
  onCreated,
}: {
  organizationId: string;
  /** The invitation just sent, whose link is offered (cleared when it is dismissed or deleted). */
  created: CreatedInvitation | null;
  onCreated: (invitation: CreatedInvitation | null) => void;
}) {
  const { t } = useTranslation('settings');
  const offline = useOffline();
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const setCreated = onCreated;
  const { copy } = useCopyLink();

  const submit = async (values: InviteValues, helpers: FormikHelpers<InviteValues>) => {
    const email = values.email.trim();
    try {
      const result = await callFunction('createInvitation', {
        organizationId,
        email,
        role: values.role,
        permissions: permissionsForRole(values.role, toPermissionMap(values.permissions)),
      });
      toast({ title: t('team.invite.sent'), description: t('team.invite.sentHint'), variant: 'success' });
      setCreated({ invitationId: result.invitationId, email, link: invitationLink(result.token) });
      helpers.resetForm({ values: initialValues() });
    } catch (error) {
      const described = describeCallableError(error);
      toast({
        title: t('team.invite.error'),
        description:
          described.reason === 'already-member'
            ? t('team.invite.alreadyMember')
            : tc(`errors.server.${describeError(error).key}`),
        variant: 'destructive',
      });
    }
  };

  return (
    <Formik<InviteValues> initialValues={initialValues()} validationSchema={inviteSchema} onSubmit={submit}>
      {({ values, isSubmitting, setFieldValue }) => (
        <GuardedForm aria-label={t('team.invite.title')}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
            {t('team.invite.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('team.invite.subtitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <FormTextField
              name="email"
              type="email"
              label={tc('auth.fields.email')}
              placeholder={t('team.invite.emailPlaceholder')}
              autoComplete="off"
              inputMode="email"
              required
              disabled={isSubmitting}
              sx={{ flex: 2 }}
            />
            <OutlinedSelect
              id="invite-role"
              label={t('team.invite.role')}
              value={values.role}
              onChange={(role) => void setFieldValue('role', role as Role)}
              disabled={isSubmitting}
              sx={{ flex: 1, minWidth: 160 }}
              options={[
                { value: 'seller', label: tc('enums.role.seller') },
                { value: 'admin', label: tc('enums.role.admin') },
              ]}
            />
          </Stack>
          {values.role === 'seller' ? (
            <Box sx={{ mb: 2 }}>
              <Typography
                variant="subtitle2"
                component="h3"
                sx={{ fontWeight: 700, mb: 1 }}
                id="invite-permissions"
              >
                {t('team.invite.permissions')}
              </Typography>
              <PermissionMatrixTable
                labelledBy="invite-permissions"
                renderControl={(resource, action) => (
                  <Checkbox
                    size="small"
                    checked={values.permissions[resource][action]}
                    disabled={isSubmitting}
                    onChange={(_event, checked) =>
                      void setFieldValue(
                        'permissions',
                        toggleInvitePermission(values.permissions, resource, action, checked),
                      )
                    }
                    slotProps={{
                      input: {
                        'aria-label': `${tc(`enums.resource.${resource}`)}: ${tc(`enums.action.${action}`)}`,
                      },
                    }}
                  />
                )}
              />
            </Box>
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('team.invite.adminAll')}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={!canSendInvite(values.email, isSubmitting) || offline}
            aria-busy={isSubmitting}
            startIcon={
              isSubmitting ? (
                <CircularProgress size={16} color="inherit" aria-hidden="true" />
              ) : (
                <SendRoundedIcon />
              )
            }
          >
            {isSubmitting ? t('team.invite.sending') : t('team.invite.submit')}
          </Button>
          <NeedsConnectionNote sx={{ ml: 1.5 }} />
          {created && (
            <Alert
              severity="success"
              sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
              onClose={() => setCreated(null)}
              slotProps={{ closeButton: { title: tc('common.toast.close') } }}
            >
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('team.invite.linkFor', { email: created.email })}
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Typography
                  variant="body2"
                  data-testid="new-invite-link"
                  sx={{ fontFamily: 'ui-monospace, Menlo, monospace', wordBreak: 'break-all', flex: 1 }}
                >
                  {created.link}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ContentCopyRoundedIcon />}
                  onClick={() => void copy(created.link)}
                  sx={{ flexShrink: 0 }}
                >
                  {t('team.invitations.copy')}
                </Button>
              </Stack>
            </Alert>
          )}
        </GuardedForm>
      )}
    </Formik>
  );
}
