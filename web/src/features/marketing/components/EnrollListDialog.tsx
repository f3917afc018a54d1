import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketingList, WithId } from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { useErrorToast, useToast } from '@/components/toast';
import { enrollContacts, type Count } from '@/firebase/dataApi';
import { audienceRequest, firstAudienceIds } from '@/firebase/marketing';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useSequenceList } from '../hooks/useSequences';

/** A list's contacts enrolled at most, the newest first (a bigger list is enrolled in part). */
export const MAX_LIST_ENROLMENT = 500;
/** Contacts enrolled per call of the enrolment helper (the progress moves by this much). */
const ENROL_PAGE = 100;

/**
 * 'Inscribir en secuencia' from a list: its first MAX_LIST_ENROLMENT contacts (newest first) are
 * enrolled in the chosen sequence a page at a time, through the enrolment helper the sequence's
 * own 'Inscribir contactos' uses (those already in it are left as they are).
 */
export function EnrollListDialog({
  organizationId,
  list,
  total,
  onClose,
}: {
  organizationId: string;
  list: WithId<MarketingList>;
  /** The list's count (null while counting). */
  total: Count | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const { toast } = useToast();
  const showError = useErrorToast();
  const sequences = useSequenceList(organizationId);
  const [sequenceId, setSequenceId] = useState('');
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const big = total !== null && (total.more || total.value > MAX_LIST_ENROLMENT);

  const submit = async () => {
    setProgress({ done: 0, of: 0 });
    try {
      const { ids } = await firstAudienceIds(
        audienceRequest(organizationId, list, list.id),
        MAX_LIST_ENROLMENT,
      );
      const sum = { enrolled: 0, already: 0, failed: 0 };
      let error: unknown = null;
      for (let i = 0; i < ids.length; i += ENROL_PAGE) {
        setProgress({ done: i, of: ids.length });
        const page = await enrollContacts(organizationId, sequenceId, ids.slice(i, i + ENROL_PAGE));
        sum.enrolled += page.enrolled.length;
        sum.already += page.already.length;
        sum.failed += page.failed.length;
        error ??= page.error;
      }
      toast({
        title: t('lists.enroll.done', { count: sum.enrolled }),
        description: sum.already ? t('lists.enroll.already', { count: sum.already }) : undefined,
        variant: sum.enrolled || !sum.failed ? 'success' : 'default',
      });
      if (sum.failed) showError(error, t('lists.enroll.refused', { count: sum.failed }));
      onClose();
    } catch (error) {
      showError(error, t('lists.enroll.failed'));
      setProgress(null);
    }
  };

  const options = sequences.data ?? [];
  const busy = progress !== null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('lists.enroll.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('lists.enroll.body', { name: list.name })}</DialogContentText>
          {big && total && (
            <Alert severity="info" data-testid="enroll-cap">
              {t('lists.enroll.cap', {
                max: formatCount({ value: MAX_LIST_ENROLMENT, more: false }, language),
                total: formatCount(total, language),
              })}
            </Alert>
          )}
          <QueryState state={sequences}>
            {options.length === 0 ? (
              <DialogContentText>{t('lists.enroll.noSequences')}</DialogContentText>
            ) : (
              <OutlinedSelect
                fullWidth
                id="enroll-list-sequence"
                label={t('lists.enroll.sequence')}
                value={sequenceId}
                onChange={setSequenceId}
                disabled={busy}
                options={options.map((sequence) => ({
                  value: sequence.id,
                  label: sequence.isActive
                    ? sequence.name
                    : t('lists.enroll.paused', { name: sequence.name }),
                }))}
              />
            )}
          </QueryState>
          {progress && progress.of > 0 && (
            <DialogContentText role="status">
              {t('lists.enroll.progress', { done: progress.done, of: progress.of })}
            </DialogContentText>
          )}
          <DialogContentText variant="body2">{t('enrollments.startsNote')}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !sequenceId} aria-busy={busy}>
          {t('lists.enroll.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
