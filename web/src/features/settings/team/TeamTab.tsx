import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { InviteForm, type CreatedInvitation } from './components/InviteForm';
import { PendingInvitations } from './components/PendingInvitations';

/** Ajustes → Equipo (admins): invite form and pending invitations. */
export function TeamTab({ organizationId }: { organizationId: string }) {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <InviteForm organizationId={organizationId} created={created} onCreated={setCreated} />
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <PendingInvitations
            organizationId={organizationId}
            // The link of a deleted invitation no longer works: stop offering it.
            onDeleted={(id) => setCreated((current) => (current?.invitationId === id ? null : current))}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
