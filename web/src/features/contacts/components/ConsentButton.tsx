import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Contact, WithId } from '@trato/model';
import { StatusChip } from '@/components/data/StatusChip';
import { sectionHref } from '@/app/sections';

/** A contact's e-mail marketing consent: its status, or 'Sin registrar' when none was recorded. */
export function EmailConsentValue({ contact }: { contact: Pick<Contact, 'emailConsent'> }) {
  const { t } = useTranslation('records');
  return contact.emailConsent ? (
    <StatusChip enumName="consentStatus" value={contact.emailConsent} />
  ) : (
    <>{t('contactConsent.none')}</>
  );
}

/**
 * 'Consentimiento' on a contact's page (whoever sees the contact): a link to the consent's own
 * page (its history, and for a member with contacts.edit a form to record it given or withdrawn).
 */
export function ConsentButton({ contact }: { contact: WithId<Contact> }) {
  const { t } = useTranslation('records');
  return (
    <Button
      variant="outlined"
      startIcon={<VerifiedUserRoundedIcon />}
      component={RouterLink}
      to={`${sectionHref('contacts')}/${encodeURIComponent(contact.id)}/consentimiento`}
    >
      {t('contactConsent.button')}
    </Button>
  );
}
