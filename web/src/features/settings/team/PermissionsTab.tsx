import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionMatrixTable } from './components/PermissionMatrixTable';
import { can, type Action, type Member, type Resource, type WithId } from '@trato/model';
import { useErrorToast, useToast } from '@/components/toast';
import { QueryState } from '@/components/data/QueryState';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import { orgRequest, setMemberPermission, useLiveList } from '@/firebase/dataApi';

/** Ajustes → Permisos (admins): the other members × sections × a switch per action. */
export function PermissionsTab({ organizationId, selfUid }: { organizationId: string; selfUid: string }) {
  const { t } = useTranslation('settings');
  const members = useLiveList(orgRequest(organizationId, 'members.list'));

  const others = (members.data ?? []).filter((member) => member.id !== selfUid);
  return (
    <QueryState state={members} errorTitle={t('team.permissions.loadError')}>
      <Stack spacing={3}>
        <Typography sx={{ color: 'text.secondary' }}>{t('team.permissions.subtitle')}</Typography>
        {others.length === 0 && (
          <Card>
            <CardContent>
              <Typography sx={{ color: 'text.secondary' }} data-testid="permissions-empty">
                {t('team.permissions.empty')}
              </Typography>
            </CardContent>
          </Card>
        )}
        {others.map((member) => (
          <MemberPermissions key={member.id} organizationId={organizationId} member={member} />
        ))}
      </Stack>
    </QueryState>
  );
}

function MemberPermissions({ organizationId, member }: { organizationId: string; member: WithId<Member> }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const [pending, setPending] = useState<Record<string, boolean>>({});
  // A right changes online only: queued, it would take effect whenever this browser reconnects.
  const offline = useOffline();
  const titleId = `member-${member.id}`;

  const toggle = async (resource: Resource, action: Action, value: boolean) => {
    const key = `${resource}.${action}`;
    if (pending[key]) return;
    setPending((p) => ({ ...p, [key]: true }));
    try {
      await setMemberPermission(organizationId, member.id, resource, action, value);
      toast({ title: t('team.permissions.updated'), variant: 'success' });
    } catch (error) {
      showFailure(error, t('team.permissions.error'));
    } finally {
      setPending(({ [key]: _done, ...rest }) => rest);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="member-permissions">
      <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="h2" id={titleId} sx={{ fontSize: '1.1rem' }}>
            {member.fullName || member.email}
          </Typography>
          <Chip size="small" variant="outlined" label={tc(`enums.role.${member.role}`)} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, wordBreak: 'break-all' }}>
          {member.username ? `@${member.username} · ` : ''}
          {member.email}
        </Typography>
        <NeedsConnectionNote sx={{ display: 'block', mt: -1.5, mb: 2 }} />
        {member.role === 'admin' ? (
          <Alert severity="info">{t('team.permissions.adminAll')}</Alert>
        ) : (
          <PermissionMatrixTable
            labelledBy={titleId}
            renderControl={(resource, action) => (
              <Switch
                size="small"
                checked={can(member, resource, action)}
                disabled={offline || Boolean(pending[`${resource}.${action}`])}
                onChange={(_event, checked) => void toggle(resource, action, checked)}
                slotProps={{
                  input: {
                    'aria-label': t('team.permissions.switchLabel', {
                      member: member.fullName || member.email,
                      resource: tc(`enums.resource.${resource}`),
                      action: tc(`enums.action.${action}`),
                    }),
                  },
                }}
              />
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
