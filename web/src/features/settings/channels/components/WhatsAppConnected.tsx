import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useToast } from '@/components/toast';
import { useMembers } from '@/components/useMembers';
import { callFunction, useDatePreferences } from '@/firebase/dataApi';
import { formatDate, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { Channel } from '../ChannelsTab';
import { channelErrorText } from '../utils/whatsappErrors';
import { WhatsAppConnectForm } from './WhatsAppConnectForm';

/**
 * The connected number: its display number and verified name, who connected it and when; when
 * Meta no longer accepts it ('Requiere atención') the platform's words and 'Conectar de nuevo';
 * 'Desconectar' after a confirmation (disconnectWhatsApp).
 */
export function WhatsAppConnected({ channel, organizationId }: { channel: Channel; organizationId: string }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const members = useMembers();
  const [confirming, setConfirming] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const since = millisOf(channel.connectedAt);
  const who =
    members.data?.find((member) => member.id === channel.connectedBy)?.fullName ??
    (members.status === 'loading' ? '…' : t('channels.formerMember'));

  const disconnect = async () => {
    try {
      await callFunction('disconnectWhatsApp', { organizationId });
      toast({ title: t('channels.disconnected'), variant: 'success' });
    } catch (error) {
      const text = channelErrorText(error);
      if (text.key === 'errors.server.unknown') console.error('disconnectWhatsApp', error);
      toast({
        title: t('channels.disconnectFailed'),
        description: text.kind === 'reason' ? t(text.key) : tc(text.key as 'errors.server.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 0.5 }}
      >
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('channels.number')}
        </Typography>
        <Typography
          component="dd"
          sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600 }}
          data-testid="whatsapp-number"
        >
          {channel.displayPhoneNumber}
        </Typography>
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('channels.verifiedName')}
        </Typography>
        <Typography
          component="dd"
          sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {channel.verifiedName || '-'}
        </Typography>
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('channels.connectedBy')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {since === null
            ? who
            : t('channels.connectedByOn', { name: who, date: formatDate(since, language, datePreferences) })}
        </Typography>
      </Box>
      {channel.status === 'broken' && (
        <Alert severity="warning" data-testid="whatsapp-broken">
          {t('channels.brokenBody')}
          {channel.lastError && (
            <Box component="span" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
              {t('channels.lastError', { error: channel.lastError })}
            </Box>
          )}
        </Alert>
      )}
      {reconnecting ? (
        <WhatsAppConnectForm
          organizationId={organizationId}
          initial={{ phoneNumberId: channel.phoneNumberId, wabaId: channel.wabaId }}
          onCancel={() => setReconnecting(false)}
          onConnected={() => setReconnecting(false)}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {channel.status === 'broken' && (
            <Button variant="contained" onClick={() => setReconnecting(true)}>
              {t('channels.reconnect')}
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('channels.disconnect')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('channels.disconnectTitle')}
        body={t('channels.disconnectBody', { number: channel.displayPhoneNumber })}
        confirmLabel={t('channels.disconnect')}
        onConfirm={disconnect}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
