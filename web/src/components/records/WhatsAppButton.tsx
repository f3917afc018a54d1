import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '@/components/Can';

/**
 * 'WhatsApp' on a contact's page (issue 33): a link to the contact's WhatsApp conversation on a
 * page of its own (…/whatsapp), for members who see the conversations. Like 'Emails', it adds
 * only a link to the contact's page.
 */
export function WhatsAppButton({ to }: { to: string }) {
  const { t } = useTranslation('records');
  if (!useCan('conversations', 'view')) return null;
  return (
    <Button variant="outlined" startIcon={<WhatsAppIcon />} component={RouterLink} to={to}>
      {t('whatsapp.button')}
    </Button>
  );
}
