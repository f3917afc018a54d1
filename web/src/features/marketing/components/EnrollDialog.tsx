import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
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
import type { PickedRecord } from '@/components/form/EntityPickerField';
import { useErrorToast, useToast } from '@/components/toast';
import { enrollContacts } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';
import { ContactsChooser } from './ContactsChooser';

/** Contacts enrolled in one go: a team picks them by hand (a filter-based enrolment is for later). */
export const MAX_ENROLL_AT_ONCE = 50;

/** 'Inscribir contactos': contacts picked one by one (server-side search), then enrolled together. */
export function EnrollDialog({
  organizationId,
  sequenceId,
  onClose,
}: {
  organizationId: string;
  sequenceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showError = useErrorToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<PickedRecord[]>([]);
  const [busy, setBusy] = useState(false);
  /** The last try's refusals: how many, and why (the contacts stay chosen). */
  const [refused, setRefused] = useState<{ count: number; error: unknown } | null>(null);

  const submit = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const { enrolled, already, failed, error } = await enrollContacts(
        organizationId,
        sequenceId,
        chosen.map((c) => c.id),
      );
      if (enrolled.length > 0 || failed.length === 0)
        toast({
          title: t('enrollments.enrolled', { count: enrolled.length }),
          description: already.length ? t('enrollments.already', { count: already.length }) : undefined,
          variant: 'success',
        });
      if (failed.length === 0) {
        onClose();
        return;
      }
      // Nothing is lost: the refused contacts stay chosen (the others are done), with the reason.
      setChosen(chosen.filter((c) => failed.includes(c.id)));
      setRefused({ count: failed.length, error });
      setBusy(false);
    } catch (error) {
      // The dialog stays with the chosen contacts: a retry is one click.
      showError(error, t('enrollments.failed'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{t('enrollments.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ContactsChooser
            id="enroll-contact"
            label={t('enrollments.picker')}
            max={MAX_ENROLL_AT_ONCE}
            maxNote={t('enrollments.max', { max: MAX_ENROLL_AT_ONCE })}
            summary={
              chosen.length ? t('enrollments.chosen', { count: chosen.length }) : t('enrollments.none')
            }
            chipsLabel={t('enrollments.chosen', { count: chosen.length })}
            removeLabel={(name) => t('enrollments.remove', { name })}
            chosen={chosen}
            onChange={setChosen}
          />
          {refused && (
            <Alert severity="error" data-testid="enroll-refused">
              <AlertTitle>{t('enrollments.refused', { count: refused.count })}</AlertTitle>
              {t('enrollments.refusedBody', {
                reason: tc(`errors.server.${describeError(refused.error).key}`),
              })}
            </Alert>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('enrollments.startsNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || chosen.length === 0} aria-busy={busy}>
          {t('enrollments.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
