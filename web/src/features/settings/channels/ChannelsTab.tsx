// The sidebar's 'Conversaciones' icon, which every signed-in page has already loaded.
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { WhatsAppChannel, WithId } from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { orgRecordPath, useDocument, useMembership } from '@/firebase/dataApi';
import { ConnectionHeader } from '../components/ConnectionHeader';
import { WebhookAddress } from './components/WebhookAddress';
import { WhatsAppConnectForm } from './components/WhatsAppConnectForm';
import { WhatsAppConnected } from './components/WhatsAppConnected';
import { WhatsAppSettingsForm } from './components/WhatsAppSettingsForm';

export type Channel = WithId<WhatsAppChannel>;

/**
 * Ajustes → Canales (admins): the organization's WhatsApp Business number, live from
 * channels/whatsapp. Not connected: what is needed and the form (connectWhatsApp). Connected: its
 * status, number and verified name, who connected it and when, 'Desconectar', and the channel's
 * settings (opt-out keywords, calling code of local numbers). Always: the webhook address to give
 * Meta and, on the local cloud, where the local WhatsApp is.
 */
export function ChannelsTab() {
  const { organizationId } = useMembership();
  const channel = useDocument(organizationId ? orgRecordPath(organizationId, 'channels', 'whatsapp') : null);
  const data = channel.data ?? null;
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <ChannelHeader status={channel.status === 'success' ? (data?.status ?? null) : undefined} />
          <QueryState state={channel}>
            {organizationId &&
              (data ? (
                <WhatsAppConnected channel={data} organizationId={organizationId} />
              ) : (
                <WhatsAppConnectForm organizationId={organizationId} />
              ))}
          </QueryState>
        </CardContent>
      </Card>
      {data && organizationId && (
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <WhatsAppSettingsForm channel={data} organizationId={organizationId} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <WebhookAddress />
        </CardContent>
      </Card>
    </Stack>
  );
}

/** 'WhatsApp Business' with its state: Conectado, Requiere atención, No conectado (undefined: loading). */
function ChannelHeader({ status }: { status: Channel['status'] | null | undefined }) {
  const { t } = useTranslation('settings');
  return (
    <ConnectionHeader
      provider={t('channels.provider')}
      icon={<ForumRoundedIcon />}
      iconColors={{ bgcolor: 'rgba(37,211,102,0.14)', color: '#128C7E' }}
      status={status}
      labels={{
        connected: t('channels.status.connected'),
        broken: t('channels.status.broken'),
        notConnected: t('channels.status.notConnected'),
      }}
      testId="whatsapp-status"
    />
  );
}
