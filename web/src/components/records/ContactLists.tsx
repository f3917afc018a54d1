import PlaylistAddCheckRoundedIcon from '@mui/icons-material/PlaylistAddCheckRounded';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, WithId } from '@trato/model';
import { lazyWithPrefetch } from '@/components/prefetchedLazy';
import { useMembership } from '@/firebase/dataApi';
import { listChangeMode } from '@/firebase/listMembers';

// The dialog (the lists, their checkboxes, the writes) loads when the button is first pressed.
const ContactListsDialog = lazyWithPrefetch(() =>
  import('./ContactListsDialog').then((m) => ({ default: m.ContactListsDialog })),
);

/**
 * 'Listas' on a contact's page: which static marketing lists the contact is on, to add or remove
 * it (members who may change a contact's lists — listChangeMode — and see the lists:
 * marketing.view).
 */
export function ContactListsButton({ contact }: { contact: WithId<Contact> }) {
  const { t } = useTranslation('records');
  const { can } = useMembership();
  const [open, setOpen] = useState(false);
  const mode = listChangeMode(can);
  if (!mode || !can('marketing', 'view')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<PlaylistAddCheckRoundedIcon />} onClick={() => setOpen(true)}>
        {t('lists.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContactListsDialog contact={contact} mode={mode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
