import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WHATSAPP_TOKEN_MAX_LENGTH } from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import { appWhatsAppSetup } from '../utils/localCloud';
import { LOCAL_WHATSAPP_NUMBER } from '../utils/webhook';
import { channelErrorText, CONNECT_FIELDS, type ConnectField } from '../utils/whatsappErrors';

export interface ConnectValues {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
}

type FieldError = 'required' | 'digits' | 'tooLong' | 'refused';

const GRAPH_ID = /^\d{1,32}$/;

/** What the form sends: the ids without spaces, the token trimmed. */
export function connectInput(values: ConnectValues): ConnectValues {
  return {
    phoneNumberId: values.phoneNumberId.replace(/\s+/g, ''),
    wabaId: values.wabaId.replace(/\s+/g, ''),
    accessToken: values.accessToken.trim(),
  };
}

/** The form's own checks (the callable's schema: Graph ids are digits; the token at most 1024). */
export function connectErrors(values: ConnectValues): Partial<Record<ConnectField, FieldError>> {
  const input = connectInput(values);
  const errors: Partial<Record<ConnectField, FieldError>> = {};
  for (const key of ['phoneNumberId', 'wabaId'] as const) {
    if (!input[key]) errors[key] = 'required';
    else if (!GRAPH_ID.test(input[key])) errors[key] = 'digits';
  }
  if (!input.accessToken) errors.accessToken = 'required';
  else if (input.accessToken.length > WHATSAPP_TOKEN_MAX_LENGTH) errors.accessToken = 'tooLong';
  return errors;
}

/**
 * Connecting the organization's WhatsApp Business number: what is needed in plain words, then the
 * phone number id, the WhatsApp Business Account id and a system user's token (a password field)
 * → connectWhatsApp. A refusal says why in words, marks the field it concerns and keeps
 * everything typed. Also used to connect again (a broken connection: a new token).
 */
export function WhatsAppConnectForm({
  organizationId,
  initial,
  onCancel,
  onConnected,
}: {
  organizationId: string;
  /** The ids already known (connecting again). */
  initial?: Partial<ConnectValues>;
  onCancel?: () => void;
  onConnected?: () => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const setup = appWhatsAppSetup();
  const [values, setValues] = useState<ConnectValues>({
    phoneNumberId: initial?.phoneNumberId ?? '',
    wabaId: initial?.wabaId ?? '',
    accessToken: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ConnectField, FieldError>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [showToken, setShowToken] = useState(false);

  const change =
    (key: ConnectField) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [key]: value }));
      // A corrected field loses its mark; the others keep theirs until the next submit.
      if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = connectErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await callFunction('connectWhatsApp', { organizationId, ...connectInput(values) });
      toast({
        title: t('channels.connected'),
        description: t('channels.connectedBody', {
          number: answer.displayPhoneNumber,
          name: answer.verifiedName,
        }),
        variant: 'success',
      });
      onConnected?.();
    } catch (error) {
      const text = channelErrorText(error);
      if (text.key === 'errors.server.unknown') console.error('connectWhatsApp', error);
      // Everything typed stays: the reason, and the field it concerns marked.
      setFailure(text.kind === 'reason' ? t(text.key) : tc(text.key as 'errors.server.unknown'));
      if (text.field) setErrors({ [text.field]: 'refused' });
    } finally {
      setSaving(false);
    }
  };

  const helper = (key: ConnectField) => {
    const error = errors[key];
    if (!error) return t(`channels.fields.${key}Help`);
    if (error === 'refused') return t('channels.fieldErrors.refused');
    return t(`channels.fieldErrors.${error}`);
  };
  const tokenToggle = showToken ? t('channels.hideToken') : t('channels.showToken');

  return (
    <Box>
      {!initial && (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{t('channels.intro')}</Typography>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            {t('channels.needs.title')}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 2, color: 'text.secondary', '& li': { mb: 0.5 } }}>
            <li>{t('channels.needs.number')}</li>
            <li>{t('channels.needs.ids')}</li>
            <li>{t('channels.needs.token')}</li>
          </Box>
        </>
      )}
      <Box
        component="form"
        noValidate
        aria-label={t('channels.formLabel')}
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {CONNECT_FIELDS.map((key) => (
            <OutlinedTextField
              key={key}
              id={`whatsapp-${key}`}
              name={key}
              label={t(`channels.fields.${key}`)}
              value={values[key]}
              onChange={change(key)}
              required
              fullWidth
              disabled={saving}
              error={Boolean(errors[key])}
              helperText={helper(key)}
              autoComplete="off"
              type={key === 'accessToken' && !showToken ? 'password' : 'text'}
              slotProps={{
                htmlInput:
                  key === 'accessToken'
                    ? { maxLength: WHATSAPP_TOKEN_MAX_LENGTH + 64, spellCheck: false }
                    : { inputMode: 'numeric', spellCheck: false },
                input:
                  key === 'accessToken'
                    ? {
                        endAdornment: (
                          <InputAdornment position="end">
                            <IconButton
                              aria-label={tokenToggle}
                              title={tokenToggle}
                              onClick={() => setShowToken((v) => !v)}
                              onMouseDown={(event) => event.preventDefault()}
                              edge="end"
                              size="small"
                            >
                              {showToken ? (
                                <VisibilityOffRoundedIcon fontSize="small" />
                              ) : (
                                <VisibilityRoundedIcon fontSize="small" />
                              )}
                            </IconButton>
                          </InputAdornment>
                        ),
                      }
                    : undefined,
              }}
            />
          ))}
          {failure && (
            <Alert severity="error" data-testid="whatsapp-connect-error">
              <strong>{t('channels.connectFailed')} </strong>
              {failure}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              aria-busy={saving}
              startIcon={
                saving ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
              }
            >
              {saving ? t('channels.connecting') : t('channels.connect')}
            </Button>
            {onCancel && (
              <Button onClick={onCancel} disabled={saving}>
                {tc('common.actions.cancel')}
              </Button>
            )}
            {setup.localPage && !initial && (
              <Button
                variant="text"
                disabled={saving}
                onClick={() => {
                  setValues({ ...LOCAL_WHATSAPP_NUMBER });
                  setErrors({});
                }}
              >
                {t('channels.local.fill')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </Box>
  );
}
