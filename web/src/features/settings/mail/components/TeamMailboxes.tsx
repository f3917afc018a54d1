import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/data/QueryState';
import { useMembers } from '@/components/useMembers';
import { orgRequest, useLiveList } from '@/firebase/dataApi';

/** The team's mailboxes are at most one per member; the list stops at this many. */
const MAX_CONNECTIONS = 200;

/** Admins: each member with their mailbox — connected address, broken, or none. */
export function TeamMailboxes({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('settings');
  const members = useMembers();
  const connections = useLiveList(orgRequest(organizationId, 'mailConnections.list'), MAX_CONNECTIONS);
  const byUid = new Map((connections.data ?? []).map((c) => [c.id, c]));
  const state = members.status === 'success' ? connections : members;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
          {t('email.team.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('email.team.body')}
        </Typography>
        <QueryState state={state}>
          <List aria-label={t('email.team.title')} disablePadding>
            {(members.data ?? []).map((member) => {
              const connection = byUid.get(member.id);
              return (
                <ListItem key={member.id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={member.fullName}
                    secondary={connection?.email ?? t('email.team.none')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  <Chip
                    size="small"
                    variant="outlined"
                    color={
                      connection?.status === 'connected' ? 'success' : connection ? 'warning' : 'default'
                    }
                    label={t(`email.status.${connection?.status ?? 'notConnected'}`)}
                  />
                </ListItem>
              );
            })}
          </List>
        </QueryState>
      </CardContent>
    </Card>
  );
}
