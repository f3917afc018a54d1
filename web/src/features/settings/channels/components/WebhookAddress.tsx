import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';
import { appWhatsAppSetup } from '../utils/localCloud';
import { LOCAL_WHATSAPP_NUMBER } from '../utils/webhook';

/**
 * For production: the address Meta's webhook calls (derived from the web's Firebase config), with
 * a copy button, and the fields to subscribe. On the local cloud: where the local WhatsApp's page
 * is and its default number.
 */
export function WebhookAddress() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const { webhookUrl, localPage } = appWhatsAppSetup();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhookUrl);
      toast({ title: t('channels.webhook.copied'), variant: 'success' });
    } catch {
      toast({ title: t('channels.webhook.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
        {t('channels.webhook.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('channels.webhook.body')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          id="whatsapp-webhook-url"
          aria-label={t('channels.webhook.label')}
          data-testid="whatsapp-webhook-url"
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1.5,
            py: 1,
            borderRadius: 1.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            fontSize: '0.85rem',
            overflowWrap: 'anywhere',
          }}
        >
          {webhookUrl}
        </Box>
        <Button
          variant="outlined"
          startIcon={<ContentCopyRoundedIcon />}
          onClick={() => void copy()}
          aria-describedby="whatsapp-webhook-url"
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('channels.webhook.copy')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {t('channels.webhook.secrets')}
      </Typography>
      {localPage && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="whatsapp-local">
          <strong>{t('channels.local.title')} </strong>
          {t('channels.local.body')}{' '}
          <a href={localPage} target="_blank" rel="noreferrer">
            {localPage}
          </a>
          <Box component="span" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
            {t('channels.local.number', LOCAL_WHATSAPP_NUMBER)}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
