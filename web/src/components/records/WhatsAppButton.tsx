import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '@/components/Can';

/**
 * 'WhatsApp' on a contact's page (issue 33): a link to the contact's WhatsApp conversation on a
 * page of its own (…/whatsapp), for members who see the conversations. Like 'Emails', it adds
 * only a link to the contact's page; its icon is the sidebar's 'Conversaciones' one, which every
 * signed-in page has already loaded (WhatsApp's logo would add ~0.5 KB to a page at its budget).
 */
export function WhatsAppButton({ to }: { to: string }) {
  const { t } = useTranslation('records');
  if (!useCan('conversations', 'view')) return null;
  return (
    <Button variant="outlined" startIcon={<ForumRoundedIcon />} component={RouterLink} to={to}>
      {t('whatsapp.button')}
    </Button>
  );
}
