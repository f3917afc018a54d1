import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { QueryState } from '@/components/data/QueryState';
import { useErrorToast, useToast } from '@/components/toast';
import { enrollContacts, orgRequest, useLiveList, useOrgId } from '@/firebase/dataApi';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';

/** The sequences offered (a team's; the /marketing list shows as many). */
const MAX_SEQUENCES = 200;

/** 'Inscribir en secuencia' on a contact's page (members who may enrol: marketing.create). */
export function EnrollInSequenceButton({
  contactId,
  contactName,
}: {
  contactId: string;
  contactName: string;
}) {
  const { t } = useTranslation('records');
  const canEnroll = useCan('marketing', 'create');
  const [open, setOpen] = useState(false);
  if (!canEnroll) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<CampaignRoundedIcon />} onClick={() => setOpen(true)}>
        {t('enroll.button')}
      </Button>
      {open && (
        <EnrollDialog contactId={contactId} contactName={contactName} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function EnrollDialog({
  contactId,
  contactName,
  onClose,
}: {
  contactId: string;
  contactName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const sequences = useLiveList(orgRequest(organizationId, 'sequences.list'), MAX_SEQUENCES);
  const [sequenceId, setSequenceId] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!sequenceId) return;
    setBusy(true);
    try {
      const { enrolled, failed, error } = await enrollContacts(organizationId, sequenceId, [contactId]);
      if (failed.length) throw error;
      toast({
        title: enrolled.length
          ? t('enroll.done', { name: contactName })
          : t('enroll.already', { name: contactName }),
        variant: enrolled.length ? 'success' : 'default',
      });
      onClose();
    } catch (error) {
      showError(error, t('enroll.failed'));
      setBusy(false);
    }
  };
  const options = sequences.data ?? [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('enroll.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('enroll.body', { name: contactName })}</DialogContentText>
        <QueryState state={sequences}>
          {options.length === 0 ? (
            <DialogContentText>{t('enroll.none')}</DialogContentText>
          ) : (
            <OutlinedSelect
              fullWidth
              id="enroll-sequence"
              label={t('enroll.sequence')}
              value={sequenceId}
              onChange={setSequenceId}
              options={options.map((sequence) => ({
                value: sequence.id,
                label: sequence.isActive ? sequence.name : t('enroll.paused', { name: sequence.name }),
              }))}
            />
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !sequenceId} aria-busy={busy}>
          {t('enroll.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
