import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type ConsentRecord, type Contact, type FailureReason, type WithId } from '@trato/model';
import { Pager } from '@/components/data/Pager';
import { QueryState } from '@/components/data/QueryState';
import { StatusChip } from '@/components/data/StatusChip';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { useMembers } from '@/components/useMembers';
import {
  callFunction,
  describeCallableError,
  orgRequest,
  useDatePreferences,
  useMembership,
  useOrgId,
  usePagedList,
  type PagedList,
} from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { describeError } from '@/i18n/errors';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

/** Consent records per page of the history. */
export const CONSENT_PAGE_SIZE = 10;

/** The failure reasons of setContactConsent that have their own text (`consent.reasons`). */
const REASONS = ['no-right', 'not-found', 'subscription-inactive', 'invalid-input'] as const;
type ConsentReason = (typeof REASONS)[number];

/**
 * What to say about a refused setContactConsent (a key of the core catalogue, or of `contacts:`):
 * its reason's own text, else the general mapping (permission, offline, …).
 */
export function consentErrorKey(error: unknown): string {
  const { reason } = describeCallableError(error);
  if (reason && (REASONS as readonly FailureReason[]).includes(reason))
    return `contacts:consent.reasons.${reason as ConsentReason}`;
  return `errors.server.${describeError(error).key}`;
}

type Change = 'granted' | 'withdrawn';

/**
 * A contact's e-mail marketing consent: every change newest first, the first one the status now
 * (server-paged: status, where it came from, when, the text shown or typed, who recorded it)
 * and, for a member with contacts.edit, a form to record consent given or withdrawn
 * (setContactConsent: a new record, the contact's status and its timeline entry, written by the
 * server).
 */
export function ConsentDialog({ contact, onClose }: { contact: WithId<Contact>; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { toast } = useToast();
  const organizationId = useOrgId();
  const { can } = useMembership();
  const members = useMembers();
  const canEdit = can('contacts', 'edit');
  const history = usePagedList(
    orgRequest(organizationId, 'consents.byContact', { contactId: contact.id }),
    CONSENT_PAGE_SIZE,
  );
  const [change, setChange] = useState<Change>(contact.emailConsent === 'granted' ? 'withdrawn' : 'granted');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const recorder = (uid: string | null) =>
    uid === null
      ? t('consent.byContact')
      : (members.data?.find((member) => member.id === uid)?.fullName ??
        (members.status === 'loading' ? '…' : t('consent.formerMember')));

  const record = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setMissing(!typed);
    if (!typed || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await callFunction('setContactConsent', {
        organizationId,
        contactId: contact.id,
        status: change,
        text: typed,
      });
      toast({ title: t('consent.recorded'), variant: 'success' });
      setText('');
      setChange(change === 'granted' ? 'withdrawn' : 'granted');
    } catch (error) {
      // What was typed stays, with the reason.
      setFailure(consentErrorKey(error));
    } finally {
      setSaving(false);
    }
  };

  const row = (entry: WithId<ConsentRecord>, index: number) => {
    const created = millisOf(entry.createdAt);
    return (
      <ListItem key={entry.id} divider={index < history.rows.length - 1} sx={{ display: 'block', px: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <StatusChip enumName="consentStatus" value={entry.status} />
          <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
            {enumLabel(tc, 'consentSource', entry.source)}
          </Typography>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
            {created === null ? tc('common.loading') : formatDateTime(created, language, datePreferences)}
          </Typography>
        </Box>
        {entry.text && (
          <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {entry.text}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
          {t('consent.recordedBy', { name: recorder(entry.recordedBy) })}
        </Typography>
      </ListItem>
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-consent-title">
      <DialogTitle id="contact-consent-title">{t('consent.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('consent.body', { name: contact.name })}</DialogContentText>
        {canEdit && (
          <Box
            component="form"
            noValidate
            aria-label={t('consent.formLabel')}
            onSubmit={(event) => void record(event)}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3 }}
          >
            <OutlinedSelect
              id="consent-change"
              label={t('consent.change')}
              value={change}
              onChange={(value) => setChange(value as Change)}
              disabled={saving}
              options={[
                { value: 'granted', label: t('consent.changes.granted') },
                { value: 'withdrawn', label: t('consent.changes.withdrawn') },
              ]}
            />
            <OutlinedTextField
              label={t(change === 'granted' ? 'consent.howGranted' : 'consent.howWithdrawn')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              required
              multiline
              minRows={2}
              disabled={saving}
              error={missing}
              helperText={missing ? t('consent.textRequired') : t('consent.textHelp')}
              slotProps={{ htmlInput: { maxLength: LIMITS.consentText } }}
            />
            {failure && (
              <Alert severity="error">
                <strong>{t('consent.failed')} </strong>
                {tc(failure as never)}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={saving} aria-busy={saving}>
                {saving ? tc('common.actions.saving') : t('consent.submit')}
              </Button>
            </Box>
          </Box>
        )}
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
          {t('consent.history')}
        </Typography>
        <QueryState
          state={history}
          loadingLabel={t('consent.loading')}
          errorTitle={t('consent.historyFailed')}
          isEmpty={history.status === 'success' && history.rows.length === 0 && history.page === 0}
          empty={
            <Typography sx={{ color: 'text.secondary', py: 2 }} data-testid="empty-state">
              {t('consent.empty')}
            </Typography>
          }
        >
          <List aria-label={t('consent.history')} sx={{ py: 0 }}>
            {history.rows.map(row)}
          </List>
          {(history.hasNext || history.hasPrevious) && <Pager list={history as PagedList<unknown>} />}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('consent.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
