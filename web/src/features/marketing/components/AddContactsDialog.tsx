import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedRecord } from '@/components/form/EntityPickerField';
import {
  ListAddRefusedAlert,
  useListAddReport,
  type ListAddRefused,
} from '@/components/records/listAddReport';
import { useErrorToast } from '@/components/toast';
import { addContactsToList } from '@/firebase/marketing';
import { ContactsChooser } from './ContactsChooser';

/** Contacts added in one go (picked by hand: a team adds a few at a time). */
export const MAX_ADD_AT_ONCE = 50;

/**
 * 'Añadir contactos' to a static list: contacts picked one by one (the server-side contact
 * search), then added together. Those already on LIST_MEMBERSHIPS_MAX lists are not added: they
 * stay chosen with the reason, and the others are done.
 */
export function AddContactsDialog({
  organizationId,
  listId,
  mode,
  onClose,
}: {
  organizationId: string;
  listId: string;
  /** How the member writes a contact's lists (firebase/listMembers.ts listChangeMode). */
  mode: 'listIds' | 'stamped';
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const report = useListAddReport();
  const showError = useErrorToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<PickedRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ListAddRefused | null>(null);

  const submit = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const result = await addContactsToList(
        organizationId,
        listId,
        chosen.map((c) => c.id),
        mode,
      );
      const { left, refused } = report(result);
      if (!refused) {
        onClose();
        return;
      }
      setChosen(chosen.filter((c) => left.includes(c.id)));
      setRefused(refused);
      setBusy(false);
    } catch (error) {
      // The dialog stays with the chosen contacts: a retry is one click.
      showError(error, t('lists.members.addFailed'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{t('lists.members.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ContactsChooser
            id="list-add-contact"
            label={t('lists.members.picker')}
            max={MAX_ADD_AT_ONCE}
            maxNote={t('lists.members.max', { max: MAX_ADD_AT_ONCE })}
            summary={
              chosen.length ? t('lists.members.chosen', { count: chosen.length }) : t('lists.members.none')
            }
            removeLabel={(name) => t('lists.members.unchoose', { name })}
            chosen={chosen}
            onChange={setChosen}
          />
          {refused && <ListAddRefusedAlert refused={refused} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || chosen.length === 0} aria-busy={busy}>
          {t('lists.members.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
