import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_RECIPIENTS_MAX, LIMITS, mergeTag, replySubject, type EmailCallables } from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction, useOrgId } from '@/firebase/dataApi';
import { useEmailErrorText } from './emailErrors';
import type { Composing } from './EmailsView';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import {
  addAddresses,
  isValidAddress,
  normalizedRecipients,
  splitAddresses,
  validateCompose,
  type ComposeError,
  type ComposeErrors,
  type ComposeValues,
} from './emailUtils';

/** The merge fields offered (the sequences' own, model MERGE_FIELDS): what a one-off e-mail needs. */
const OFFERED_FIELDS = ['firstName', 'company'] as const;

/**
 * 'Escribir email' / 'Responder': To and Cc (addresses as chips, typed freely), the subject, the
 * plain-text body with the merge fields; sends from the member's Gmail through sendContactEmail
 * (kept in the contact's conversations at once). A failed send keeps everything typed.
 */
export default function ComposeDialog({
  composing,
  from,
  onClose,
  onSent,
}: {
  composing: Composing;
  /** The member's connected address. */
  from: string;
  onClose: () => void;
  onSent: (sent: EmailCallables['sendContactEmail']['out']) => void;
}) {
  const { t } = useTranslation('emails');
  const offline = useOffline();
  const { t: tc } = useTranslation();
  const organizationId = useOrgId();
  const { toast } = useToast();
  const errorText = useEmailErrorText();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const body = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState<ComposeValues>({
    to: composing.to,
    cc: [],
    subject: composing.replyTo ? replySubject(composing.subject ?? '') : '',
    body: '',
  });
  const [pending, setPending] = useState({ to: '', cc: '' });
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const message = (error: ComposeError | undefined) =>
    error && t(`composer.errors.${error.key}`, error.values ?? {});
  const set = (patch: Partial<ComposeValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(patch)) delete next[key as keyof ComposeValues];
      return next;
    });
  };
  /** The typed addresses join the list (and the field empties). */
  const commit = (field: 'to' | 'cc', text = pending[field]): ComposeValues => {
    const added = splitAddresses(text);
    const next = { ...values, [field]: addAddresses(values[field], added) };
    if (added.length) set({ [field]: next[field] });
    setPending((previous) => ({ ...previous, [field]: '' }));
    return next;
  };
  const insert = (tag: string) => {
    const field = body.current;
    const at = field?.selectionStart ?? values.body.length;
    const end = field?.selectionEnd ?? at;
    set({ body: `${values.body.slice(0, at)}${tag}${values.body.slice(end)}` });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(at + tag.length, at + tag.length);
    });
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    // What is still typed in To or Cc counts.
    const withTo = { ...values, to: addAddresses(values.to, splitAddresses(pending.to)) };
    const all = { ...withTo, cc: addAddresses(values.cc, splitAddresses(pending.cc)) };
    setValues(all);
    setPending({ to: '', cc: '' });
    const found = validateCompose(all);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    setFailure(null);
    try {
      const sent = await callFunction('sendContactEmail', {
        organizationId,
        contactId: composing.contactId,
        ...normalizedRecipients(all),
        subject: all.subject.trim(),
        body: all.body.trim(),
        ...(composing.replyTo ? { replyTo: composing.replyTo.id } : {}),
      });
      toast({ title: t('composer.sent'), variant: 'success' });
      onSent(sent);
    } catch (error) {
      // Everything typed stays, with the reason.
      setFailure(errorText(error));
      setSending(false);
    }
  };

  /** To or Cc: the addresses as chips inside the field (Autocomplete's look without its code), then what is typed. */
  const recipients = (field: 'to' | 'cc') => {
    const error = message(errors[field]);
    const chips = values[field].length > 0 && (
      <Box
        component="ul"
        aria-label={t(`composer.${field}List`)}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: '100%' }}
      >
        {values[field].map((address) => (
          <Box component="li" key={address} sx={{ maxWidth: '100%' }}>
            <Chip
              size="small"
              label={address}
              color={isValidAddress(address) ? 'default' : 'error'}
              variant={isValidAddress(address) ? 'filled' : 'outlined'}
              onDelete={
                sending ? undefined : () => set({ [field]: values[field].filter((a) => a !== address) })
              }
              sx={{ maxWidth: '100%' }}
            />
          </Box>
        ))}
      </Box>
    );
    return (
      <OutlinedTextField
        id={`${titleId}-${field}`}
        label={t(`composer.${field}`)}
        value={pending[field]}
        fullWidth
        type="email"
        autoComplete="off"
        disabled={sending}
        required={field === 'to'}
        error={Boolean(error)}
        helperText={
          error || (field === 'to' ? t('composer.recipientsHelp', { max: EMAIL_RECIPIENTS_MAX }) : '')
        }
        onChange={(event) => {
          const text = event.target.value;
          // A separator typed (or pasted) ends an address.
          if (/[\s,;]/.test(text)) commit(field, text);
          else setPending((previous) => ({ ...previous, [field]: text }));
        }}
        onBlur={() => commit(field)}
        slotProps={{
          ...(chips && { inputLabel: { shrink: true } }),
          input: {
            startAdornment: chips || undefined,
            sx: {
              flexWrap: 'wrap',
              gap: 0.5,
              ...(chips && { pt: 1, pl: 1 }),
              '& input': { flex: '1 1 120px', minWidth: 0, ...(chips && { pt: 0.5, pl: 0.5 }) },
            },
          },
          htmlInput: {
            onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(field);
              } else if (event.key === 'Backspace' && !pending[field] && values[field].length) {
                set({ [field]: values[field].slice(0, -1) });
              }
            },
          },
        }}
      />
    );
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={(event) => void send(event)} aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
          {t(composing.replyTo ? 'composer.replyTitle' : 'composer.title')}
        </DialogTitle>
        {from && (
          <Typography
            variant="body2"
            sx={{ px: 3, pb: 1.5, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {t('composer.from', { email: from })}
          </Typography>
        )}
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {recipients('to')}
            {recipients('cc')}
            <OutlinedTextField
              label={t('composer.subject')}
              value={values.subject}
              onChange={(event) => set({ subject: event.target.value })}
              required
              fullWidth
              disabled={sending}
              error={Boolean(errors.subject)}
              helperText={message(errors.subject)}
              slotProps={{ htmlInput: { maxLength: LIMITS.subject } }}
            />
            <OutlinedTextField
              label={t('composer.body')}
              value={values.body}
              onChange={(event) => set({ body: event.target.value })}
              required
              fullWidth
              multiline
              minRows={phone ? 8 : 6}
              disabled={sending}
              inputRef={body}
              error={Boolean(errors.body)}
              helperText={message(errors.body)}
            />
            <Box>
              <FormHelperText id={`${titleId}-merge`} sx={{ mt: 0, mb: 0.75 }}>
                {t('composer.mergeFields')}
              </FormHelperText>
              <Stack
                direction="row"
                role="group"
                aria-labelledby={`${titleId}-merge`}
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                {OFFERED_FIELDS.map((key) => (
                  <Chip
                    key={key}
                    label={mergeTag(key)}
                    variant="outlined"
                    color="primary"
                    size="small"
                    disabled={sending}
                    aria-label={t('composer.insert', {
                      tag: mergeTag(key),
                      field: t(`composer.fields.${key}`),
                    })}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(mergeTag(key))}
                  />
                ))}
              </Stack>
            </Box>
            {failure && (
              <Alert severity="error">
                <strong>{t('composer.failed')} </strong>
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <NeedsConnectionNote sx={{ mr: 'auto' }} />
          <Button onClick={onClose} disabled={sending}>
            {tc('common.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={sending || offline}
            aria-busy={sending}
            onMouseDown={(event) => event.preventDefault()}
            startIcon={
              sending ? (
                <CircularProgress size={16} color="inherit" aria-hidden="true" />
              ) : (
                <SendRoundedIcon />
              )
            }
          >
            {sending ? t('composer.sending') : t('composer.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
