import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightTooltip } from '@/app/LightTooltip';
import { useErrorToast, useToast } from '@/components/toast';
import { QueryState } from '@/components/data/QueryState';
import {
  callFunction,
  deleteInvitation,
  invitationLink,
  orgRequest,
  useDatePreferences,
  useLiveList,
} from '@/firebase/dataApi';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/i18n/format';
import { useCopyLink } from './useCopyLink';

/** Pending invitations, newest first (invitations.pending), with copy-link and delete. */
export function PendingInvitations({
  organizationId,
  onDeleted,
}: {
  organizationId: string;
  onDeleted?: (invitationId: string) => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { copy } = useCopyLink();
  const invitations = useLiveList(orgRequest(organizationId, 'invitations.pending', { status: 'pending' }));
  const [busy, setBusy] = useState<Record<string, 'copy' | 'delete'>>({});

  const run = async (id: string, kind: 'copy' | 'delete', work: () => Promise<void>) => {
    if (busy[id]) return;
    setBusy((b) => ({ ...b, [id]: kind }));
    try {
      await work();
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };

  const onCopy = (id: string) =>
    run(id, 'copy', async () => {
      try {
        const { token } = await callFunction('getInvitationLink', { organizationId, invitationId: id });
        await copy(invitationLink(token));
      } catch (error) {
        showFailure(error);
      }
    });

  const onDelete = (id: string) =>
    run(id, 'delete', async () => {
      try {
        await deleteInvitation(organizationId, id);
        onDeleted?.(id);
        toast({ title: t('team.invitations.deleted'), variant: 'success' });
      } catch (error) {
        showFailure(error);
      }
    });

  return (
    <Box component="section" aria-labelledby="pending-invitations-title">
      <Typography variant="h2" id="pending-invitations-title" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('team.invitations.title')}
      </Typography>
      <QueryState
        state={invitations}
        errorTitle={t('team.invitations.loadError')}
        isEmpty={invitations.data?.length === 0}
        empty={
          <Typography sx={{ color: 'text.secondary', py: 2 }} data-testid="invitations-empty">
            {t('team.invitations.empty')}
          </Typography>
        }
      >
        {/* Plain list markup with ListItem's look (MUI's would add ~1.5 KB to /ajustes, at its budget). */}
        {invitations.data && (
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            {invitations.data.map((invitation, index) => {
              const expires = invitation.expiresAt?.toDate?.();
              const expired = expires ? expires.getTime() < Date.now() : false;
              const state = busy[invitation.id];
              return (
                <Box
                  component="li"
                  key={invitation.id}
                  data-testid="pending-invitation"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    flexWrap: 'wrap',
                    px: 2,
                    py: 1.25,
                    borderBottom: index < invitations.data.length - 1 ? 1 : 0,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                      {invitation.email}
                    </Typography>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}
                    >
                      <Chip size="small" label={tc(`enums.role.${invitation.role}`)} variant="outlined" />
                      {expired ? (
                        <Chip size="small" color="warning" label={t('team.invitations.expired')} />
                      ) : (
                        expires && (
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {t('team.invitations.expires', {
                              date: formatDateTime(expires.getTime(), language, datePreferences),
                            })}
                          </Typography>
                        )
                      )}
                    </Stack>
                  </Box>
                  <Stack direction="row" spacing={0.5}>
                    <LightTooltip title={t('team.invitations.copy')} placement="bottom-end">
                      <span>
                        <IconButton
                          onClick={() => void onCopy(invitation.id)}
                          disabled={Boolean(state) || expired}
                          aria-label={t('team.invitations.copyFor', { email: invitation.email })}
                        >
                          {state === 'copy' ? (
                            <CircularProgress size={18} />
                          ) : (
                            <ContentCopyRoundedIcon fontSize="small" />
                          )}
                        </IconButton>
                      </span>
                    </LightTooltip>
                    <LightTooltip title={t('team.invitations.delete')} placement="bottom-end">
                      <span>
                        <IconButton
                          onClick={() => void onDelete(invitation.id)}
                          disabled={Boolean(state)}
                          aria-label={t('team.invitations.deleteFor', { email: invitation.email })}
                        >
                          {state === 'delete' ? (
                            <CircularProgress size={18} />
                          ) : (
                            <DeleteOutlineRoundedIcon fontSize="small" />
                          )}
                        </IconButton>
                      </span>
                    </LightTooltip>
                  </Stack>
                </Box>
              );
            })}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
