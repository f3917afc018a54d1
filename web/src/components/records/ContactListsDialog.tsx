import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_MEMBERSHIPS_MAX, type Contact, type WithId } from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { CheckboxLabel } from '@/components/form/CheckboxLabel';
import { useErrorToast } from '@/components/toast';
import { useOrgId } from '@/firebase/dataApi';
import { listAdditionOf, setListMembership } from '@/firebase/listMembers';
import { useStaticLists } from './useStaticLists';

/**
 * A contact's static lists: each one's checkbox puts the contact on it (arrayUnion on its
 * `listIds`) or takes it off (arrayRemove), at once. Segments are left out (they hold contacts
 * by their criteria); a contact on LIST_MEMBERSHIPS_MAX lists joins no other.
 */
export function ContactListsDialog({
  contact,
  mode,
  onClose,
}: {
  contact: WithId<Contact>;
  /** How the member writes the contact's lists (listChangeMode). */
  mode: 'listIds' | 'stamped';
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const lists = useStaticLists();
  // The list being changed and its new state, shown at once (the contact's own listIds follow
  // when Firestore's snapshot arrives, which with the offline cache can take a moment).
  const [pending, setPending] = useState<{ listId: string; member: boolean } | null>(null);
  const full = (contact.listIds?.length ?? 0) >= LIST_MEMBERSHIPS_MAX;

  const toggle = async (list: { id: string; name: string }, member: boolean) => {
    setPending({ listId: list.id, member });
    try {
      await setListMembership(organizationId, contact, list, member, mode);
    } catch (error) {
      showError(error, t(member ? 'lists.addFailed' : 'lists.removeFailed'));
    } finally {
      setPending(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-lists-title">
      <DialogTitle id="contact-lists-title">{t('lists.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>{t('lists.body', { name: contact.name })}</DialogContentText>
        {full && (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {t('lists.full', { max: LIST_MEMBERSHIPS_MAX })}
          </Alert>
        )}
        <QueryState state={lists}>
          {lists.rows.length === 0 && !lists.hasMore ? (
            <DialogContentText>{t('lists.none')}</DialogContentText>
          ) : (
            lists.rows.map((list) => {
              const member =
                pending?.listId === list.id
                  ? pending.member
                  : listAdditionOf(contact.listIds, list.id) === 'already';
              return (
                <CheckboxLabel
                  key={list.id}
                  checked={member}
                  disabled={pending !== null || (!member && full)}
                  onChange={(checked) => void toggle(list, checked)}
                  label={list.name}
                />
              );
            })
          )}
          {lists.hasMore && (
            <Button onClick={lists.loadMore} sx={{ mt: 1 }}>
              {t('lists.more')}
            </Button>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('lists.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
