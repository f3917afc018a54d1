import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
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
          {/* Plain list markup with ListItem's look (MUI's would add ~1.5 KB to /ajustes, at its budget). */}
          <Box component="ul" aria-label={t('email.team.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {(members.data ?? []).map((member) => {
              const connection = byUid.get(member.id);
              return (
                <Box
                  component="li"
                  key={member.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    flexWrap: 'wrap',
                    py: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 auto', minWidth: 0, my: 0.5 }}>
                    <Typography>{member.fullName}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {connection?.email ?? t('email.team.none')}
                    </Typography>
                  </Box>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={
                      connection?.status === 'connected' ? 'success' : connection ? 'warning' : 'default'
                    }
                    label={t(`email.status.${connection?.status ?? 'notConnected'}`)}
                  />
                </Box>
              );
            })}
          </Box>
        </QueryState>
      </CardContent>
    </Card>
  );
}
