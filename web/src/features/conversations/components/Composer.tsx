import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  WHATSAPP_TEXT_MAX,
  type ComposerMode,
  type WaVariableValues,
  type WhatsAppConnectionStatus,
} from '@trato/model';
import { sectionHref } from '@/app/sections';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { callFunction } from '@/firebase/dataApi';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';
import { useSendErrorText } from '../utils/sendErrors';

// The template picker (its list and preview) comes when it is first opened.
const TemplatePickerDialog = lazy(() => import('./TemplatePickerDialog'));

/** Ajustes → Canales, where an admin connects the organization's WhatsApp number. */
export const CHANNELS_SETTINGS_HREF = sectionHref('settings', { query: { tab: 'canales' } });

/** What the composer may do: the model's composerMode, or nothing for a contact without a usable phone. */
export type ComposerState = ComposerMode | { mode: 'no-phone' };

/**
 * What is sent to a contact on WhatsApp, as the model's composerMode says: inside the 24-hour
 * window a free-form text ('Enviar'; Enter sends, Shift+Enter starts a line) and, with consent,
 * a template; outside it only an approved template ('Enviar plantilla'); nothing without a
 * connected number (admins get the way to connect one), to a contact who opted out or never
 * consented, or without a phone — each said in words. A send that fails keeps the text and says
 * why (the callable's reason, or the platform's refusal).
 */
export function Composer({
  organizationId,
  contactId,
  contactName,
  state,
  consentGranted,
  channelStatus,
  canSend,
  isAdmin,
  templateValues,
}: {
  organizationId: string;
  contactId: string;
  contactName: string;
  state: ComposerState;
  consentGranted: boolean;
  /** The channel document's status (null: there is none). */
  channelStatus: WhatsAppConnectionStatus | null;
  /** conversations.create. */
  canSend: boolean;
  isAdmin: boolean;
  templateValues: WaVariableValues;
}) {
  const { t } = useTranslation('conversations');
  const offline = useOffline();
  const sendErrorText = useSendErrorText();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const hintId = useId();
  const reasonId = useId();

  if (!canSend)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', p: 2 }}>
        {t('composer.noRight')}
      </Typography>
    );

  if (state.mode === 'not-connected')
    return (
      <Alert severity="info" sx={{ m: { xs: 1, sm: 1.5 } }}>
        {t(channelStatus === 'broken' ? 'composer.modes.broken' : 'composer.modes.not-connected')}
        {isAdmin ? (
          <>
            {' '}
            <Link component={RouterLink} to={CHANNELS_SETTINGS_HREF}>
              {t('composer.connect')}
            </Link>
          </>
        ) : (
          ` ${t('composer.askAdmin')}`
        )}
      </Alert>
    );

  if (state.mode === 'opted-out' || state.mode === 'no-consent' || state.mode === 'no-phone')
    return (
      <Alert severity="warning" sx={{ m: { xs: 1, sm: 1.5 } }}>
        {t(`composer.modes.${state.mode}`)}
      </Alert>
    );

  const freeForm = state.mode === 'free-form';
  const tooLong = text.length > WHATSAPP_TEXT_MAX;
  const canTemplate = state.mode === 'template-only' || consentGranted;

  /** Sends; null when it went, else what to say (the text stays). */
  const send = async (input: { text?: string; templateId?: string }): Promise<string | null> => {
    setBusy(true);
    setError(null);
    try {
      const result = await callFunction('sendWhatsApp', { organizationId, contactId, ...input });
      if (result.status === 'failed') return sendErrorText({ failure: result.failure });
      return null;
    } catch (caught) {
      return sendErrorText({ error: caught });
    } finally {
      setBusy(false);
    }
  };

  const sendText = async () => {
    const body = text.trim();
    if (!freeForm || busy || !body || tooLong) return;
    const failed = await send({ text: body });
    if (failed) setError(failed);
    else setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void sendText();
  };

  return (
    <Box
      component="form"
      aria-label={t('composer.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void sendText();
      }}
      sx={{ p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {!freeForm && (
        <Typography
          id={reasonId}
          variant="body2"
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, mb: 1, color: 'text.secondary' }}
        >
          <InfoOutlinedIcon sx={{ fontSize: 18, mt: '1px' }} aria-hidden="true" />
          {t('composer.modes.template-only')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {t('composer.failed', { reason: error })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <OutlinedTextField
          fullWidth
          multiline
          minRows={1}
          maxRows={6}
          size="small"
          value={text}
          disabled={!freeForm}
          error={tooLong}
          helperText={tooLong ? t('composer.tooLong', { max: WHATSAPP_TEXT_MAX }) : undefined}
          placeholder={freeForm ? t('composer.placeholder') : t('composer.closedPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: {
              'aria-label': t('composer.label'),
              'aria-describedby': freeForm ? hintId : reasonId,
              onKeyDown,
            },
          }}
        />
        {freeForm && (
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !text.trim() || tooLong || offline}
            endIcon={<SendRoundedIcon />}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {busy ? t('composer.sending') : t('composer.send')}
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mt: 0.75,
        }}
      >
        {freeForm ? (
          <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
            {t('composer.hint')}
          </Typography>
        ) : (
          <span />
        )}
        <NeedsConnectionNote />
        {canTemplate && (
          <Button
            variant={freeForm ? 'text' : 'contained'}
            size={freeForm ? 'small' : 'medium'}
            onClick={() => setPicking(true)}
            disabled={busy || offline}
          >
            {t('composer.sendTemplate')}
          </Button>
        )}
      </Box>
      {picking && (
        <Suspense fallback={null}>
          <TemplatePickerDialog
            contactName={contactName}
            values={templateValues}
            busy={busy}
            onClose={() => setPicking(false)}
            onSend={async (templateId) => {
              const failed = await send({ templateId });
              if (!failed) setPicking(false);
              return failed;
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
