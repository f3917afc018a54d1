import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_MEMBERSHIPS_MAX } from '@trato/model';
import { EntityPicker, PICKERS, type PickedRecord } from '@/components/form/EntityPickerField';
import { useErrorToast, useToast } from '@/components/toast';
import { addContactsToList } from '@/firebase/marketing';

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
  const { toast } = useToast();
  const showError = useErrorToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<PickedRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ full: number; missing: number } | null>(null);
  const full = chosen.length >= MAX_ADD_AT_ONCE;

  const add = (record: PickedRecord | null) => {
    if (record && !full && !chosen.some((c) => c.id === record.id)) setChosen([...chosen, record]);
  };
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
      if (result.added.length || result.already.length)
        toast({
          title: t('lists.members.added', { count: result.added.length }),
          description: result.already.length
            ? t('lists.members.already', { count: result.already.length })
            : undefined,
          variant: 'success',
        });
      const left = [...result.full, ...result.missing];
      if (!left.length) {
        onClose();
        return;
      }
      setChosen(chosen.filter((c) => left.includes(c.id)));
      setRefused({ full: result.full.length, missing: result.missing.length });
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
          <EntityPicker
            id="list-add-contact"
            label={t('lists.members.picker')}
            queries={PICKERS.contacts}
            value={null}
            onChange={add}
          />
          {full && (
            <Typography variant="body2">{t('lists.members.max', { max: MAX_ADD_AT_ONCE })}</Typography>
          )}
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {chosen.length ? t('lists.members.chosen', { count: chosen.length }) : t('lists.members.none')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {chosen.map((contact) => (
                <Chip
                  key={contact.id}
                  label={contact.label}
                  onDelete={() => setChosen(chosen.filter((c) => c.id !== contact.id))}
                  deleteIcon={
                    <CloseRoundedIcon aria-label={t('lists.members.unchoose', { name: contact.label })} />
                  }
                />
              ))}
            </Stack>
          </Box>
          {refused && (
            <Alert severity="warning" data-testid="add-refused">
              {refused.full > 0 &&
                t('lists.members.full', { count: refused.full, max: LIST_MEMBERSHIPS_MAX })}
              {refused.full > 0 && refused.missing > 0 && ' '}
              {refused.missing > 0 && t('lists.members.missing', { count: refused.missing })}
            </Alert>
          )}
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
