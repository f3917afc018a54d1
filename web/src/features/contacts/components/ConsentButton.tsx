import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, WithId } from '@trato/model';
import { StatusChip } from '@/components/data/StatusChip';
import { lazyWithPrefetch } from '@/components/prefetchedLazy';

// The history and the form load when the button is first pressed (the page is near its budget).
const ConsentDialog = lazyWithPrefetch(() =>
  import('./ConsentDialog').then((m) => ({ default: m.ConsentDialog })),
);

/** A contact's e-mail marketing consent: its status, or 'Sin registrar' when none was recorded. */
export function EmailConsentValue({ contact }: { contact: Pick<Contact, 'emailConsent'> }) {
  const { t } = useTranslation('contacts');
  return contact.emailConsent ? (
    <StatusChip enumName="consentStatus" value={contact.emailConsent} />
  ) : (
    <>{t('consent.none')}</>
  );
}

/**
 * 'Consentimiento' on a contact's page (whoever sees the contact): the consent's history, and
 * for a member with contacts.edit a form to record it given or withdrawn.
 */
export function ConsentButton({ contact }: { contact: WithId<Contact> }) {
  const { t } = useTranslation('contacts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<VerifiedUserRoundedIcon />} onClick={() => setOpen(true)}>
        {t('consent.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConsentDialog contact={contact} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
