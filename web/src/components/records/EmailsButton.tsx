import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** 'Emails' on a contact's or a company's page: a link to its e-mails' own page (…/emails). */
export function EmailsButton({ to }: { to: string }) {
  const { t } = useTranslation('records');
  return (
    <Button variant="outlined" startIcon={<MailOutlineRoundedIcon />} component={RouterLink} to={to}>
      {t('emails.button')}
    </Button>
  );
}
