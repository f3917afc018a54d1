import HttpsRoundedIcon from '@mui/icons-material/HttpsRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLY_BODY_MAX, type ReplyVisibility } from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import { composerHint, replyErrorKey, replyProblem } from '../utils/conversation';

/**
 * A member's answer on a ticket (tickets.edit): 'Respuesta pública' (the customer sees it on the
 * portal and, when the contact has an e-mail, gets it by e-mail) or 'Nota interna' (never shown to
 * them) → addTicketReply. The text stays when the call fails, with the reason in words.
 */
export function ReplyComposer({
  organizationId,
  ticketId,
  contact,
}: {
  organizationId: string;
  ticketId: string;
  /** The ticket's contact with their e-mail (undefined: not readable by the member); null: none. */
  contact: { name: string | null; email?: string | null } | null;
}) {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [visibility, setVisibility] = useState<ReplyVisibility>('public');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problem = replyProblem(body);
  const hint = composerHint(visibility, contact);
  const internal = visibility === 'internal';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    if (problem) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await callFunction('addTicketReply', { organizationId, ticketId, body, visibility });
      setBody('');
      setTried(false);
      toast({
        title: internal
          ? t('conversation.sent.internal')
          : result.emailed === 'none'
            ? t('conversation.sent.public')
            : t('conversation.sent.emailed'),
        variant: 'success',
      });
    } catch (error) {
      const text = replyErrorKey(error);
      setFailure(text.ns === 'tickets' ? t(text.key) : tc(text.key as 'errors.server.unknown'));
    } finally {
      setSending(false);
    }
  };

  const fieldError = tried && problem ? t(`conversation.problems.${problem}`, { max: REPLY_BODY_MAX }) : null;

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('conversation.composer')}
      onSubmit={(e) => void send(e)}
      sx={{
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: internal ? 'warning.light' : 'divider',
        bgcolor: internal ? 'rgba(250, 204, 21, 0.10)' : 'background.paper',
      }}
    >
      {/* Two pressed/unpressed buttons (MUI's ToggleButtonGroup would add ~4 KB to the page). */}
      <Box
        role="group"
        aria-label={t('conversation.visibility')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <Button
          size="small"
          variant={internal ? 'outlined' : 'contained'}
          aria-pressed={!internal}
          onClick={() => setVisibility('public')}
          disabled={sending}
          disableElevation
        >
          {t('conversation.public')}
        </Button>
        <Button
          size="small"
          color="warning"
          variant={internal ? 'contained' : 'outlined'}
          aria-pressed={internal}
          onClick={() => setVisibility('internal')}
          disabled={sending}
          startIcon={<HttpsRoundedIcon aria-hidden="true" />}
          disableElevation
        >
          {t('conversation.internal')}
        </Button>
      </Box>
      <OutlinedTextField
        id="ticket-reply"
        label={internal ? t('conversation.noteLabel') : t('conversation.replyLabel')}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setFailure(null);
        }}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        disabled={sending}
        error={fieldError !== null}
        helperText={fieldError ?? t(hint.key, { contact: hint.contact })}
        slotProps={{ htmlInput: { maxLength: REPLY_BODY_MAX + 1 } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          <strong>{t('conversation.failed')} </strong>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
          {body.length > REPLY_BODY_MAX * 0.9 ? `${body.length} / ${REPLY_BODY_MAX}` : ''}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          color={internal ? 'warning' : 'primary'}
          disabled={sending}
          aria-busy={sending}
          startIcon={
            sending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SendRoundedIcon />
          }
        >
          {sending ? t('conversation.sending') : t('conversation.send')}
        </Button>
      </Box>
    </Box>
  );
}
