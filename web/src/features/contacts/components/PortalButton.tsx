// The sidebar's Tickets icon, which every signed-in page has already loaded.
import ConfirmationNumberRoundedIcon from '@mui/icons-material/ConfirmationNumberRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sectionHref } from '@/app/sections';

/** 'Portal' on a contact's page (issue 34): a link to their portal access and shared documents. */
export function PortalButton({ contactId }: { contactId: string }) {
  const { t } = useTranslation('records');
  return (
    <Button
      variant="outlined"
      startIcon={<ConfirmationNumberRoundedIcon />}
      component={RouterLink}
      to={sectionHref('contacts', { id: contactId, page: 'portal' })}
    >
      {t('portal.button')}
    </Button>
  );
}
