import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_CHANNELS,
  LIMITS,
  type ConsentChannel,
  type ConsentRecord,
  type Contact,
  type WithId,
} from '@trato/model';
import { Pager } from '@/components/data/Pager';
import { QueryState } from '@/components/data/QueryState';
import { StatusChip } from '@/components/data/StatusChip';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { useMembers } from '@/components/useMembers';
import {
  callFunction,
  orgRequest,
  useDatePreferences,
  useMembership,
  useOrgId,
  usePagedList,
  type PagedList,
} from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

/** Consent records per page of the history. */
export const CONSENT_PAGE_SIZE = 10;

/**
 * What to say about a refused setContactConsent: 'no-phone' (WhatsApp needs a phone) in its own
 * words (records `contactConsent.reasons`), else the general mapping (permission, offline, …).
 */
export function consentErrorKey(error: unknown): string {
  const details =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : null;
  const reason =
    typeof details === 'object' && details !== null ? (details as { reason?: unknown }).reason : null;
  if (reason === 'no-phone') return 'records:contactConsent.reasons.no-phone';
  return `errors.server.${describeError(error).key}`;
}

/** The contact's status on a channel (its emailConsent or whatsappConsent; null: none recorded). */
const statusOn = (contact: Contact, channel: ConsentChannel) =>
  (channel === 'whatsapp' ? contact.whatsappConsent : contact.emailConsent) ?? null;

type Change = 'granted' | 'withdrawn';

/**
 * A contact's marketing consent on each channel, e-mail and WhatsApp (its page,
 * /contactos/{id}/consentimiento): the status now per channel, every change newest first
 * (server-paged: channel, status, where it came from, when, the text shown or typed, who recorded
 * it) and, for a member with contacts.edit, a form to record consent given or withdrawn on a
 * channel (setContactConsent: a new record, the contact's status and its timeline entry, written
 * by the server; WhatsApp needs the contact's phone).
 */
export function ConsentPanel({ contact }: { contact: WithId<Contact> }) {
  const { t } = useTranslation('records');
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
  const [channel, setChannel] = useState<ConsentChannel>('email');
  const [change, setChange] = useState<Change>(contact.emailConsent === 'granted' ? 'withdrawn' : 'granted');
  const noPhone = channel === 'whatsapp' && !contact.phone?.trim();
  const chooseChannel = (next: ConsentChannel) => {
    setChannel(next);
    // The change offered is the opposite of the channel's status now.
    setChange(statusOn(contact, next) === 'granted' ? 'withdrawn' : 'granted');
    setFailure(null);
  };
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const recorder = (uid: string | null) =>
    uid === null
      ? t('contactConsent.byContact')
      : (members.data?.find((member) => member.id === uid)?.fullName ??
        (members.status === 'loading' ? '…' : t('contactConsent.formerMember')));

  const record = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setMissing(!typed);
    if (!typed || saving || noPhone) return;
    setSaving(true);
    setFailure(null);
    try {
      await callFunction('setContactConsent', {
        organizationId,
        contactId: contact.id,
        status: change,
        text: typed,
        channel,
      });
      toast({ title: t('contactConsent.recorded'), variant: 'success' });
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
          <Typography component="span" variant="body2" data-testid="consent-channel" sx={{ fontWeight: 700 }}>
            {t(`contactConsent.channels.${entry.channel ?? 'email'}`)}
          </Typography>
          <StatusChip enumName="consentStatus" value={entry.status} />
          <Typography component="span" variant="body2">
            {t(`contactConsent.sources.${entry.source}`)}
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
          {t('contactConsent.recordedBy', { name: recorder(entry.recordedBy) })}
        </Typography>
      </ListItem>
    );
  };

  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {t('contactConsent.body', { name: contact.name })}
      </Typography>
      <Box
        component="dl"
        aria-label={t('contactConsent.current')}
        sx={{
          m: 0,
          mb: 3,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
        }}
      >
        {CONSENT_CHANNELS.map((shown) => (
          <Box key={shown} sx={{ display: 'contents' }} data-testid={`consent-now-${shown}`}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t(`contactConsent.channels.${shown}`)}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {statusOn(contact, shown) ? (
                <StatusChip enumName="consentStatus" value={statusOn(contact, shown)} />
              ) : (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('contactConsent.none')}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {canEdit && (
        <Box
          component="form"
          noValidate
          aria-label={t('contactConsent.formLabel')}
          onSubmit={(event) => void record(event)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3 }}
        >
          <OutlinedSelect
            id="consent-channel"
            label={t('contactConsent.channel')}
            value={channel}
            onChange={(value) => chooseChannel(value as ConsentChannel)}
            disabled={saving}
            error={noPhone}
            helperText={noPhone ? t('contactConsent.noPhone') : undefined}
            options={CONSENT_CHANNELS.map((value) => ({
              value,
              label: t(`contactConsent.channels.${value}`),
            }))}
          />
          <OutlinedSelect
            id="consent-change"
            label={t('contactConsent.change')}
            value={change}
            onChange={(value) => setChange(value as Change)}
            disabled={saving}
            options={[
              { value: 'granted', label: t('contactConsent.changes.granted') },
              { value: 'withdrawn', label: t('contactConsent.changes.withdrawn') },
            ]}
          />
          <OutlinedTextField
            label={t(change === 'granted' ? 'contactConsent.howGranted' : 'contactConsent.howWithdrawn')}
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
            helperText={missing ? t('contactConsent.textRequired') : t('contactConsent.textHelp')}
            slotProps={{ htmlInput: { maxLength: LIMITS.consentText } }}
          />
          {failure && (
            <Alert severity="error">
              <strong>{t('contactConsent.failed')} </strong>
              {tc(failure as never)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={saving || noPhone} aria-busy={saving}>
              {saving ? tc('common.actions.saving') : t('contactConsent.submit')}
            </Button>
          </Box>
        </Box>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
        {t('contactConsent.history')}
      </Typography>
      <QueryState
        state={history}
        loadingLabel={tc('common.loading')}
        errorTitle={t('contactConsent.historyFailed')}
        isEmpty={history.status === 'success' && history.rows.length === 0 && history.page === 0}
        empty={
          <Typography sx={{ color: 'text.secondary', py: 2 }} data-testid="empty-state">
            {t('contactConsent.empty')}
          </Typography>
        }
      >
        <List aria-label={t('contactConsent.history')} sx={{ py: 0 }}>
          {history.rows.map(row)}
        </List>
        {(history.hasNext || history.hasPrevious) && <Pager list={history as PagedList<unknown>} />}
      </QueryState>
    </Box>
  );
}
