import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { InviteForm } from './components/InviteForm';
import { PendingInvitations } from './components/PendingInvitations';

/** Ajustes → Equipo (admins): invite form and pending invitations. */
export function TeamTab({ organizationId }: { organizationId: string }) {
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <InviteForm organizationId={organizationId} />
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <PendingInvitations organizationId={organizationId} />
        </CardContent>
      </Card>
    </Stack>
  );
}
