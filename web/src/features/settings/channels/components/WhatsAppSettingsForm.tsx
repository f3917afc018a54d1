import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALLING_CODE_PATTERN,
  DEFAULT_OPT_OUT_KEYWORDS,
  formatWaId,
  normalizePhone,
  OPT_OUT_KEYWORD_MAX_LENGTH,
  OPT_OUT_KEYWORDS_MAX,
} from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import type { Channel } from '../ChannelsTab';
import { addWords, keywordsError, type KeywordError } from '../utils/keywords';
import { channelErrorText } from '../utils/whatsappErrors';

/** The local number the calling code's example reads. */
const LOCAL_EXAMPLE = '9999-8888';

/** '9999-8888 → +504 9999 8888' with the code typed (null when it is not a code). */
export function callingCodeExample(code: string): string | null {
  const trimmed = code.trim();
  if (!CALLING_CODE_PATTERN.test(trimmed)) return null;
  const waId = normalizePhone(LOCAL_EXAMPLE, trimmed);
  return waId ? `${LOCAL_EXAMPLE} → ${formatWaId(waId)}` : null;
}

/**
 * The channel's settings (admins): the opt-out keywords as chips (1–10, each at most 20
 * characters; a contact who writes exactly one of them is opted out) and the calling code of
 * numbers typed in their local form → setWhatsAppSettings.
 */
export function WhatsAppSettingsForm({
  channel,
  organizationId,
}: {
  channel: Channel;
  organizationId: string;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [keywords, setKeywords] = useState<string[]>(
    channel.optOutKeywords?.length ? channel.optOutKeywords : [...DEFAULT_OPT_OUT_KEYWORDS],
  );
  const [typed, setTyped] = useState('');
  const [keywordError, setKeywordError] = useState<KeywordError | 'none' | null>(null);
  const [callingCode, setCallingCode] = useState(channel.callingCode ?? '');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Adds what is typed (several words separated by commas too); the list after, or why not. */
  const addTyped = () => {
    const added = addWords(keywords, typed);
    setKeywords(added.keywords);
    setTyped(added.rest);
    setKeywordError(added.error);
    return added;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTyped();
    }
  };

  const remove = (word: string) => {
    setKeywords(keywords.filter((k) => k !== word));
    setKeywordError(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    // A word still in the field is added first (or its problem shown).
    const added = addTyped();
    if (added.error) return;
    const listError = keywordsError(added.keywords);
    const code = callingCode.trim();
    const badCode = !CALLING_CODE_PATTERN.test(code);
    setCodeInvalid(badCode);
    if (listError) setKeywordError(listError);
    if (listError || badCode) return;
    setSaving(true);
    try {
      const optOutKeywords = added.keywords;
      await callFunction('setWhatsAppSettings', { organizationId, optOutKeywords, callingCode: code });
      toast({ title: t('channels.settings.saved'), variant: 'success' });
    } catch (error) {
      const text = channelErrorText(error);
      if (text.key === 'errors.server.unknown') console.error('setWhatsAppSettings', error);
      setFailure(text.kind === 'reason' ? t(text.key) : tc(text.key as 'errors.server.unknown'));
    } finally {
      setSaving(false);
    }
  };

  const example = callingCodeExample(callingCode);
  const keywordHelpId = 'whatsapp-keywords-help';
  const keywordErrorText =
    keywordError === null
      ? null
      : t(`channels.settings.keywordErrors.${keywordError}`, {
          max: OPT_OUT_KEYWORDS_MAX,
          length: OPT_OUT_KEYWORD_MAX_LENGTH,
        });

  return (
    <Box component="form" noValidate aria-label={t('channels.settings.title')} onSubmit={(e) => void save(e)}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
        {t('channels.settings.title')}
      </Typography>
      <Stack spacing={2.5} sx={{ maxWidth: 560, mt: 1.5 }}>
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
          aria-describedby={keywordHelpId}
        >
          <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
            {t('channels.settings.keywords')}
          </Typography>
          <Typography id={keywordHelpId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('channels.settings.keywordsHelp', {
              max: OPT_OUT_KEYWORDS_MAX,
              length: OPT_OUT_KEYWORD_MAX_LENGTH,
            })}
          </Typography>
          <Box
            component="ul"
            aria-label={t('channels.settings.keywordsList')}
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {keywords.map((word) => (
              <Box
                component="li"
                key={word}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.25,
                  pl: 1.5,
                  pr: 0.25,
                  minHeight: 32,
                  borderRadius: 4,
                  bgcolor: 'action.selected',
                  fontWeight: 600,
                  fontSize: '0.875rem',
                  overflowWrap: 'anywhere',
                }}
              >
                {word}
                <IconButton
                  size="small"
                  aria-label={t('channels.settings.removeKeyword', { word })}
                  title={t('channels.settings.removeKeyword', { word })}
                  onClick={() => remove(word)}
                  disabled={saving}
                >
                  <CloseRoundedIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <OutlinedTextField
              id="whatsapp-new-keyword"
              label={t('channels.settings.newKeyword')}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (keywordError && keywordError !== 'none') setKeywordError(null);
              }}
              onKeyDown={onKeyDown}
              disabled={saving}
              error={keywordError !== null}
              helperText={keywordErrorText ?? t('channels.settings.newKeywordHelp')}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
            />
            <Button variant="outlined" onClick={() => addTyped()} disabled={saving} sx={{ minHeight: 40 }}>
              {t('channels.settings.addKeyword')}
            </Button>
          </Stack>
        </Box>
        <Box>
          <OutlinedTextField
            id="whatsapp-calling-code"
            label={t('channels.settings.callingCode')}
            value={callingCode}
            onChange={(event) => {
              setCallingCode(event.target.value.replace(/[^\d]/g, '').slice(0, 3));
              setCodeInvalid(false);
            }}
            required
            disabled={saving}
            error={codeInvalid}
            helperText={
              codeInvalid ? t('channels.settings.callingCodeInvalid') : t('channels.settings.callingCodeHelp')
            }
            sx={{ maxWidth: 260 }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
              input: {
                startAdornment: (
                  <Box component="span" aria-hidden="true" sx={{ mr: 0.5 }}>
                    +
                  </Box>
                ),
              },
            }}
          />
          {example && (
            <FormHelperText data-testid="calling-code-example" sx={{ mx: 0, mt: 0.5 }}>
              {t('channels.settings.callingCodeExample', { example })}
            </FormHelperText>
          )}
        </Box>
        {failure && (
          <Alert severity="error">
            <strong>{t('channels.settings.failed')} </strong>
            {failure}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={saving} aria-busy={saving}>
            {saving ? tc('common.actions.saving') : t('channels.settings.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
