import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  checkFormValues,
  FORM_HONEYPOT_FIELD,
  parsePublicFormKey,
  type FormValueKey,
  type PublicFormView,
} from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useDocumentTitle } from '@/components/useDocumentTitle';
// Only firebase/app and firebase/functions: no Auth, no Firestore, no shell.
import { getPublicForm, submitForm } from '@/firebase/publicFunctions';
import i18n, { changeLanguage, visitorLanguage, type Language } from '@/i18n';
import {
  FIELD_INPUTS,
  leaveTo,
  loadFailure,
  modesOf,
  submitFailure,
  type FieldErrors,
  type SubmitMessage,
} from './utils/publicForm';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; form: PublicFormView }
  | { status: 'unavailable' }
  | { status: 'failed' };

/** What the visitor reads once the form is sent. */
interface Sent {
  thankYou: string | null;
  confirmationSent: boolean;
  redirecting: boolean;
}

const HEADING_ID = 'public-form-title';

/**
 * /f/:formKey — a published lead-capture form, for anyone (no login): the organization's and the
 * form's names, its fields with their labels, required marks and autofill, the consent checkbox
 * when the form asks it, and 'Enviar'. In the visitor's language (`?lang=es|en`, else the
 * browser's). Values are checked here as the server checks them (the model's checkFormValues);
 * a refusal says why in the visitor's language, under each field or above the button, and keeps
 * what was typed. `?embed=1`: no page background nor margins (it lives in another site's iframe).
 */
export default function PublicFormPage() {
  const { formKey = '' } = useParams();
  const [params] = useSearchParams();
  const language = visitorLanguage(`?${params.toString()}`, navigator.language);
  const embed = params.get('embed') === '1';
  const { t } = useTranslation('publicForm');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(load.status === 'ready' ? load.form.name : t('title'));

  // The route chose the language before the first render; a changed `?lang` follows here.
  useEffect(() => {
    if (i18n.resolvedLanguage !== language) void changeLanguage(language);
  }, [language]);

  // Inside an iframe the host page's background shows through.
  useEffect(() => {
    if (!embed) return undefined;
    const previous = document.body.style.background;
    document.body.style.background = 'transparent';
    return () => {
      document.body.style.background = previous;
    };
  }, [embed]);

  useEffect(() => {
    if (!parsePublicFormKey(formKey)) {
      setLoad({ status: 'unavailable' });
      return undefined;
    }
    let alive = true;
    setLoad({ status: 'loading' });
    getPublicForm({ formKey, language }).then(
      (form) => alive && setLoad({ status: 'ready', form }),
      (error: unknown) => alive && setLoad({ status: loadFailure(error) }),
    );
    return () => {
      alive = false;
    };
  }, [formKey, language, attempt]);

  return (
    <Box
      component="main"
      sx={
        embed
          ? { p: 0.5, bgcolor: 'transparent' } // room for the fields' focus ring, no more
          : { minHeight: '100dvh', bgcolor: 'background.default', px: 2, py: { xs: 3, sm: 6 } }
      }
    >
      <Box
        sx={{
          maxWidth: 560,
          mx: 'auto',
          ...(embed
            ? {}
            : {
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: 3,
                p: { xs: 2.5, sm: 4 },
              }),
        }}
      >
        {load.status === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
            <CircularProgress size={22} aria-hidden="true" />
            <Typography sx={{ color: 'text.secondary' }}>{t('loading')}</Typography>
          </Box>
        )}
        {load.status === 'unavailable' && (
          <Box sx={{ py: 2 }}>
            <Typography variant="h1" sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
              {t('unavailable.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('unavailable.body')}</Typography>
          </Box>
        )}
        {load.status === 'failed' && (
          <Box sx={{ py: 2 }}>
            <Typography variant="h1" sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
              {t('loadFailed.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('loadFailed.body')}</Typography>
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAttempt((n) => n + 1)}>
              {t('loadFailed.retry')}
            </Button>
          </Box>
        )}
        {load.status === 'ready' && <VisitorForm formKey={formKey} language={language} form={load.form} />}
      </Box>
    </Box>
  );
}

function VisitorForm({
  formKey,
  language,
  form,
}: {
  formKey: string;
  language: Language;
  form: PublicFormView;
}) {
  const { t } = useTranslation('publicForm');
  const [values, setValues] = useState<Partial<Record<FormValueKey, string>>>({});
  const [consent, setConsent] = useState(false);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<SubmitMessage | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  /** Shows the refused fields under each, and moves to the first of them (in the form's order). */
  const refuse = useCallback(
    (refused: FieldErrors) => {
      setErrors(refused);
      const first = form.fields.find((field) => refused[field.key]);
      if (first) document.getElementById(`pf-${first.key}`)?.focus();
    },
    [form.fields],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setMessage(null);
    const checked = checkFormValues(modesOf(form.fields), values);
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const result = await submitForm({
        formKey,
        language,
        values: checked.values as Record<string, string>,
        consent: form.consentText !== null && consent,
        website,
      });
      if (result.redirectUrl) {
        setSent({ thankYou: null, confirmationSent: false, redirecting: true });
        leaveTo(result.redirectUrl);
        return;
      }
      setSent({ thankYou: result.thankYou, confirmationSent: result.confirmationSent, redirecting: false });
    } catch (error) {
      const failure = submitFailure(error);
      if (failure.kind === 'fields') refuse(failure.errors);
      else setMessage(failure.message);
    } finally {
      setSending(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {form.organizationName}
      </Typography>
      <Typography
        id={HEADING_ID}
        variant="h1"
        sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700, mt: 0.5, overflowWrap: 'anywhere' }}
      >
        {form.name}
      </Typography>
      {/* The result is announced where it appears. */}
      <Box aria-live="polite">
        {sent && (
          <Box sx={{ mt: 3 }} data-testid="public-form-sent">
            <Typography
              ref={thanksRef}
              tabIndex={-1}
              component="h2"
              sx={{ fontSize: '1.25rem', fontWeight: 700, outline: 'none' }}
            >
              {sent.redirecting ? t('thanks.redirecting') : t('thanks.title')}
            </Typography>
            {!sent.redirecting && (
              <>
                <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {sent.thankYou || t('thanks.default')}
                </Typography>
                {sent.confirmationSent && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {t('thanks.confirm')}
                  </Alert>
                )}
              </>
            )}
          </Box>
        )}
      </Box>
      {!sent && (
        <Box component="form" noValidate onSubmit={submit} aria-labelledby={HEADING_ID} sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
            {t('requiredNote')}
          </Typography>
          <Stack spacing={2}>
            {form.fields.map(({ key, required }) => {
              const input = FIELD_INPUTS[key];
              const error = errors[key];
              return (
                <OutlinedTextField
                  key={key}
                  id={`pf-${key}`}
                  name={key}
                  label={t(`fields.${key}`)}
                  type={input.type}
                  autoComplete={input.autoComplete}
                  required={required}
                  multiline={input.multiline}
                  minRows={input.multiline ? 4 : undefined}
                  fullWidth
                  value={values[key] ?? ''}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((current) => ({ ...current, [key]: value }));
                    // Corrected: its message goes (the others stay until the next try).
                    if (error)
                      setErrors((current) => {
                        const next = { ...current };
                        delete next[key];
                        return next;
                      });
                  }}
                  error={Boolean(error)}
                  helperText={error ? t(`errors.${error}`) : undefined}
                />
              );
            })}
            {form.consentText !== null && (
              // A native checkbox in the theme's colour: MUI's would add ~4 KB to a visitor's page.
              <Box
                component="label"
                htmlFor="pf-consent"
                sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, cursor: 'pointer' }}
              >
                <Box
                  component="input"
                  id="pf-consent"
                  type="checkbox"
                  name="consent"
                  checked={consent}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => setConsent(event.target.checked)}
                  sx={{
                    width: 20,
                    height: 20,
                    m: 0,
                    mt: '2px',
                    flexShrink: 0,
                    accentColor: (theme) => theme.palette.primary.main,
                    cursor: 'pointer',
                  }}
                />
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {form.consentText}
                </Typography>
              </Box>
            )}
          </Stack>
          {/* The honeypot: hidden from people (and their screen readers); a bot fills it in. */}
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              left: '-10000px',
              top: 'auto',
              width: 1,
              height: 1,
              overflow: 'hidden',
            }}
          >
            <label htmlFor="pf-website">{t('honeypot')}</label>
            <input
              id="pf-website"
              type="text"
              name={FORM_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </Box>
          {(message || errorCount > 0) && (
            <Alert
              severity={message === 'formBusy' || message === 'rateLimited' ? 'warning' : 'error'}
              role="alert"
              sx={{ mt: 2.5 }}
            >
              {message ? t(`failure.${message}`) : t('checkFields', { count: errorCount })}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={sending}
            aria-busy={sending}
            startIcon={
              sending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined
            }
            sx={{ mt: 3, width: { xs: '100%', sm: 'auto' }, minWidth: 160 }}
          >
            {sending ? t('sending') : t('submit')}
          </Button>
        </Box>
      )}
    </>
  );
}
