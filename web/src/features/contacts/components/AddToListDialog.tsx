import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sectionHref } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { RadioCards } from '@/components/RadioCards';
import {
  ListAddRefusedAlert,
  useListAddReport,
  type ListAddRefused,
} from '@/components/records/listAddReport';
import { useStaticLists } from '@/components/records/useStaticLists';
import { useErrorToast } from '@/components/toast';
import { useOrgId } from '@/firebase/dataApi';
import { addContactsToList } from '@/firebase/marketing';

/** Contacts added in one go: one write batch (Firestore takes at most 500 writes in one). */
export const MAX_BULK_ADD = 500;

/**
 * 'Añadir a lista' on /contactos: the chosen contacts onto one static list (addContactsToList).
 * Those added or already there leave the selection (`onDone` gets the others); those on
 * LIST_MEMBERSHIPS_MAX lists, or deleted meanwhile, stay chosen with the reason, the dialog open.
 * A failure keeps the dialog as it was, so that a retry is one click. Needs the 'marketing'
 * namespace (the add's results are its texts).
 */
export function AddToListDialog({
  contactIds,
  mode,
  onDone,
  onClose,
}: {
  contactIds: readonly string[];
  /** How the member writes a contact's lists (firebase/listMembers.ts listChangeMode). */
  mode: 'listIds' | 'stamped';
  /** After an add: the ids that are not on the list (none when all are). */
  onDone: (left: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const { t: tm } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const report = useListAddReport();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const lists = useStaticLists();
  const [listId, setListId] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ListAddRefused | null>(null);
  const tooMany = contactIds.length > MAX_BULK_ADD;
  const noLists = lists.status === 'success' && lists.rows.length === 0 && !lists.hasMore;

  const submit = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const result = await addContactsToList(organizationId, listId, contactIds, mode);
      const { left, refused } = report(result);
      onDone(left);
      if (refused) {
        setRefused(refused);
        setBusy(false);
      }
    } catch (error) {
      showError(error, tm('lists.members.addFailed'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-to-list-title"
    >
      <DialogTitle id="add-to-list-title">{t('addToList.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('addToList.body', { count: contactIds.length })}
        </Typography>
        {tooMany && (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {t('addToList.max', { max: MAX_BULK_ADD })}
          </Alert>
        )}
        <QueryState state={lists}>
          {noLists ? (
            <Typography>
              {t('addToList.none')}{' '}
              <Link component={RouterLink} to={sectionHref('marketing', { page: 'listas' })}>
                {t('addToList.create')}
              </Link>
            </Typography>
          ) : (
            <RadioCards
              name="add-to-list"
              legend={t('addToList.list')}
              value={listId}
              onChange={setListId}
              options={lists.rows.map((list) => ({ value: list.id, label: list.name }))}
              disabled={busy}
            />
          )}
          {lists.hasMore && (
            <Button onClick={lists.loadMore} sx={{ mt: 1 }}>
              {t('addToList.more')}
            </Button>
          )}
        </QueryState>
        {refused && <ListAddRefusedAlert refused={refused} sx={{ mt: 1.5 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || !listId || tooMany || contactIds.length === 0}
          aria-busy={busy}
        >
          {tm('lists.members.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
