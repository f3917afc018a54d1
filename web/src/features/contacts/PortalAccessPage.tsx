import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Contact, DocumentShare, PortalAccess, WithId } from '@trato/model';
import { sectionHref } from '@/app/sections';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { useErrorToast, useToast } from '@/components/toast';
import { callFunction, useDatePreferences, useLiveList, useMembership } from '@/firebase/dataApi';
import { portalAccessRequest, sharesOfContactRequest, stopSharing } from '@/firebase/portal';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import {
  accessActions,
  accessErrorText,
  accessState,
  currentAccess,
  type AccessState,
} from './utils/portalAccess';
import { ContactSubPage } from './components/ContactSubPage';

const STATE_COLOR: Record<AccessState, 'default' | 'info' | 'success' | 'error'> = {
  none: 'default',
  invited: 'info',
  active: 'success',
  revoked: 'error',
};

/**
 * /contactos/{id}/portal (issue 34): the contact's access to the customer portal — Sin acceso /
 * Invitado / Activo / Revocado with its dates, 'Invitar al portal' or 'Reenviar invitación' and
 * 'Revocar acceso' (contacts.edit), and the documents and folders shared with them with 'Dejar de
 * compartir' (documents.edit). A page of its own so the contact's page stays within its budget.
 */
export default function PortalAccessPage() {
  const { t } = useTranslation('contactPortal');
  return (
    <ContactSubPage title={t('title')} subtitle={(contact) => t('subtitle', { name: contact.name })}>
      {(contact, organizationId) => (
        <Stack spacing={2}>
          <AccessCard contact={contact} organizationId={organizationId} />
          <SharesCard contactId={contact.id} organizationId={organizationId} />
        </Stack>
      )}
    </ContactSubPage>
  );
}

function AccessCard({ contact, organizationId }: { contact: WithId<Contact>; organizationId: string }) {
  const { t } = useTranslation('contactPortal');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { can, isAdmin } = useMembership();
  const accesses = useLiveList(portalAccessRequest(organizationId, contact.id));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; settings: boolean } | null>(null);
  const [revoking, setRevoking] = useState(false);
  const access = currentAccess<PortalAccess>(accesses.data ?? []);
  const state = accessState(access);
  const actions = accessActions(state);
  const canEdit = can('contacts', 'edit');
  const at = (value: PortalAccess['invitedAt'] | null | undefined) => {
    const millis = millisOf(value);
    return millis === null ? null : formatDateTime(millis, language, datePreferences);
  };

  const invite = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await callFunction('invitePortalContact', { organizationId, contactId: contact.id });
      toast({ title: t('access.invited', { email: contact.email ?? '' }), variant: 'success' });
    } catch (error) {
      const text = accessErrorText(error);
      setFailure({
        text: text.ns === 'contactPortal' ? t(text.key) : tc(text.key as 'errors.server.unknown'),
        settings: text.settings && isAdmin,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="portal-access-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id="portal-access-title" component="h2" variant="h6">
            {t('access.title')}
          </Typography>
          {accesses.status === 'success' && (
            <Chip
              size="small"
              color={STATE_COLOR[state]}
              variant={state === 'none' ? 'outlined' : 'filled'}
              label={t(`access.states.${state}`)}
              data-testid="portal-access-state"
              sx={{ fontWeight: 600 }}
            />
          )}
        </Box>
        <QueryState state={accesses} loadingLabel={t('access.loading')} errorTitle={t('access.loadError')}>
          {access ? (
            <DetailFields
              fields={[
                { label: t('access.email'), value: access.email },
                { label: t('access.invitedAt'), value: at(access.invitedAt) },
                { label: t('access.activatedAt'), value: at(access.activatedAt) },
                { label: t('access.lastVisitAt'), value: at(access.lastVisitAt) },
                ...(access.status === 'revoked'
                  ? [{ label: t('access.revokedAt'), value: at(access.revokedAt) }]
                  : []),
              ]}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('access.none')}</Typography>
          )}
          {!contact.email && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('access.noEmail')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              <strong>{t('access.failed')} </strong>
              {failure.text}{' '}
              {failure.settings && (
                <Link component={RouterLink} to={sectionHref('settings', { page: 'portal' })}>
                  {t('access.openSettings')}
                </Link>
              )}
            </Alert>
          )}
          {canEdit && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
              <Button
                variant="contained"
                onClick={() => void invite()}
                disabled={busy || !contact.email}
                aria-busy={busy}
              >
                {busy ? t('access.sending') : t(`access.${actions.invite}`)}
              </Button>
              {actions.revoke && (
                <Button color="error" variant="outlined" onClick={() => setRevoking(true)} disabled={busy}>
                  {t('access.revoke')}
                </Button>
              )}
            </Stack>
          )}
        </QueryState>
        <ConfirmDialog
          open={revoking}
          title={t('access.revokeTitle')}
          body={t('access.revokeBody', { name: contact.name })}
          confirmLabel={t('access.revoke')}
          errorTitle={t('access.revokeError')}
          onClose={() => setRevoking(false)}
          onConfirm={async () => {
            await callFunction('revokePortalAccess', { organizationId, contactId: contact.id });
            toast({ title: t('access.revoked'), variant: 'success' });
          }}
        />
      </CardContent>
    </Card>
  );
}

function SharesCard({ contactId, organizationId }: { contactId: string; organizationId: string }) {
  const { t } = useTranslation('contactPortal');
  const { toast } = useToast();
  const showError = useErrorToast();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { can } = useMembership();
  const shares = useLiveList(sharesOfContactRequest(organizationId, contactId));
  const [removing, setRemoving] = useState<string | null>(null);
  const canEdit = can('documents', 'edit');
  const canOpen = can('documents', 'view');

  const remove = async (share: WithId<DocumentShare>) => {
    setRemoving(share.id);
    try {
      await stopSharing(organizationId, share.id);
      toast({ title: t('shares.removed', { name: share.targetName }), variant: 'success' });
    } catch (error) {
      showError(error, t('shares.removeError'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="portal-shares-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="portal-shares-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {t('shares.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('shares.help')}
        </Typography>
        <QueryState
          state={shares}
          loadingLabel={t('shares.loading')}
          errorTitle={t('shares.loadError')}
          isEmpty={shares.data?.length === 0}
          empty={<Typography sx={{ color: 'text.secondary' }}>{t('shares.empty')}</Typography>}
        >
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(shares.data ?? []).map((share) => {
              const when = millisOf(share.createdAt);
              return (
                <Box
                  component="li"
                  key={share.id}
                  data-testid="portal-share"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    flexWrap: 'wrap',
                    gap: 1,
                    py: 1.25,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 180 }}>
                    {canOpen && share.targetType === 'folder' ? (
                      <Link
                        component={RouterLink}
                        to={sectionHref('documents', { query: { folder: share.targetId } })}
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {share.targetName}
                      </Link>
                    ) : (
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {share.targetName}
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {[
                        t(`shares.types.${share.targetType}`),
                        when === null ? null : formatDateTime(when, language, datePreferences),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                  {canEdit && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => void remove(share)}
                      disabled={removing === share.id}
                      aria-label={t('shares.removeLabel', { name: share.targetName })}
                    >
                      {t('shares.remove')}
                    </Button>
                  )}
                </Box>
              );
            })}
          </Box>
        </QueryState>
      </CardContent>
    </Card>
  );
}
