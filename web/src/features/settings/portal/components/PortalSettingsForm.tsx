import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  PORTAL_FIELDS,
  PORTAL_LOGO_SIZE,
  PORTAL_LOGO_TYPES,
  type PortalFieldMode,
  type PortalSignupMode,
  type PortalSite,
} from '@trato/model';
import { CheckboxLabel } from '@/components/form/CheckboxLabel';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import { portalReasonOf } from '@/firebase/portal';
import { describeError } from '@/i18n/errors';
import { SaveButton } from '../../components/SaveButton';
import { LogoError, resizeLogo } from '../utils/logo';
import {
  initialPortalValues,
  makeDefaultLanguage,
  modesOf,
  portalAddress,
  portalFormErrors,
  portalInput,
  SIGNUP_MODES,
  slugMessage,
  toggleLanguage,
  typedSlug,
  type PortalValues,
} from '../utils/portalSettings';

/** A heading and its part of the form. */
function Part({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: help ? 0.25 : 1 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {help}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * The portal's settings (admins). The address is checked as it is typed (model slugProblem) and
 * the server's 'slug-taken' is shown on it; a failed save keeps everything typed, its reason in
 * words.
 */
export function PortalSettingsForm({
  organizationId,
  organizationName,
  site,
}: {
  organizationId: string;
  organizationName: string;
  site: PortalSite | null;
}) {
  const { t } = useTranslation('portalSettings');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const [values, setValues] = useState<PortalValues>(() => initialPortalValues(site, organizationName));
  const [touched, setTouched] = useState(false);
  const [slugTaken, setSlugTaken] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [logoBusy, setLogoBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const set = <K extends keyof PortalValues>(key: K, value: PortalValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const errors = portalFormErrors(values);
  const slugProblem = slugMessage(values.slug);
  const slugError =
    slugTaken !== null && slugTaken === values.slug.trim().toLowerCase()
      ? t('slug.taken')
      : slugProblem && (touched || values.slug !== '')
        ? t(slugProblem.key, slugProblem.values)
        : null;
  const address = portalAddress(window.location.origin, values.slug);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setTouched(true);
    setFailure(null);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      const input = portalInput(organizationId, values);
      await callFunction('setPortalSettings', input);
      toast({ title: t('saved'), variant: 'success' });
    } catch (error) {
      const reason = portalReasonOf(error);
      if (reason === 'slug-taken') {
        // Shown on the field (until the address changes) and above the button.
        setSlugTaken(values.slug.trim().toLowerCase());
        setFailure(t('slug.taken'));
      } else if (reason) setFailure(t(`reasons.${reason}`));
      else {
        const described = describeError(error);
        if (described.key === 'unknown') console.error('setPortalSettings', error);
        setFailure(tc(`errors.server.${described.key}`));
      }
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: t('slug.copied'), variant: 'success' });
    } catch {
      toast({ title: t('slug.copyFailed'), variant: 'destructive' });
    }
  };

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    setLogoProblem(null);
    setLogoBusy(true);
    try {
      set('logo', await resizeLogo(file));
    } catch (error) {
      setLogoProblem(t(`logo.problems.${error instanceof LogoError ? error.problem : 'read'}`));
    } finally {
      setLogoBusy(false);
    }
  };

  const modeLabel = (mode: PortalFieldMode) => t(`fields.modes.${mode}`);

  return (
    <Box component="form" noValidate aria-label={t('title')} onSubmit={(e) => void save(e)}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 0.5 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              onChange={(_e, checked) => set('enabled', checked)}
              disabled={saving}
            />
          }
          label={<strong>{t('enabled')}</strong>}
        />

        <Part title={t('slug.title')} help={t('slug.help')}>
          <OutlinedTextField
            id="portal-slug"
            label={t('slug.label')}
            value={values.slug}
            onChange={(event) => {
              set('slug', typedSlug(event.target.value));
              setTouched(true);
            }}
            required
            fullWidth
            disabled={saving}
            error={slugError !== null}
            helperText={slugError ?? t('slug.rules')}
            slotProps={{
              htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
              input: {
                startAdornment: (
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{ color: 'text.secondary', whiteSpace: 'nowrap', mr: 0.25 }}
                  >
                    /portal/
                  </Box>
                ),
              },
            }}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
          >
            <Box
              component="code"
              id="portal-address"
              data-testid="portal-address"
              aria-label={t('slug.address')}
              sx={{
                flex: 1,
                minWidth: 0,
                px: 1.5,
                py: 1,
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                fontSize: '0.85rem',
                overflowWrap: 'anywhere',
              }}
            >
              {address}
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button
                variant="outlined"
                startIcon={<ContentCopyRoundedIcon />}
                onClick={() => void copy()}
                aria-describedby="portal-address"
              >
                {t('slug.copy')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<OpenInNewRoundedIcon />}
                href={site ? portalAddress(window.location.origin, site.slug) : address}
                target="_blank"
                rel="noreferrer"
                disabled={!site?.enabled}
              >
                {t('slug.open')}
              </Button>
            </Stack>
          </Stack>
          {!site?.enabled && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('slug.openHint')}
            </Typography>
          )}
        </Part>

        <Part title={t('name.title')}>
          <OutlinedTextField
            id="portal-name"
            label={t('name.label')}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            required
            fullWidth
            disabled={saving}
            error={touched && Boolean(errors.name)}
            helperText={touched && errors.name ? t('name.required') : t('name.help')}
          />
        </Part>

        <Part title={t('logo.title')} help={t('logo.help', { size: PORTAL_LOGO_SIZE })}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Box
              sx={{
                width: 72,
                height: 72,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                overflow: 'hidden',
                bgcolor: 'background.paper',
                flexShrink: 0,
              }}
            >
              {values.logo ? (
                <Box
                  component="img"
                  src={values.logo}
                  alt={t('logo.alt')}
                  sx={{ maxWidth: '100%', maxHeight: '100%' }}
                />
              ) : (
                <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center', px: 0.5 }}>
                  {t('logo.none')}
                </Typography>
              )}
            </Box>
            <Button
              variant="outlined"
              onClick={() => picker.current?.click()}
              disabled={saving || logoBusy}
              aria-busy={logoBusy}
            >
              {values.logo ? t('logo.change') : t('logo.upload')}
            </Button>
            {values.logo && (
              <Button color="error" onClick={() => set('logo', null)} disabled={saving}>
                {t('logo.remove')}
              </Button>
            )}
            <input
              ref={picker}
              type="file"
              hidden
              accept={PORTAL_LOGO_TYPES.join(',')}
              data-testid="portal-logo-input"
              onChange={(event) => {
                void chooseLogo(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Stack>
          {logoProblem && (
            <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
              {logoProblem}
            </Typography>
          )}
        </Part>

        <Part title={t('languages.title')} help={t('languages.help')}>
          <Stack spacing={0.5}>
            {LANGUAGES.map((language) => {
              const checked = values.languages.includes(language);
              const isDefault = values.languages[0] === language;
              return (
                <Stack
                  key={language}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <CheckboxLabel
                    checked={checked}
                    disabled={saving || (checked && values.languages.length === 1)}
                    onChange={() => set('languages', toggleLanguage(values.languages, language))}
                    label={t(`languages.${language}`)}
                  />
                  {checked && isDefault && (
                    <Chip size="small" color="primary" variant="outlined" label={t('languages.default')} />
                  )}
                  {checked && !isDefault && (
                    <Button
                      size="small"
                      onClick={() => set('languages', makeDefaultLanguage(values.languages, language))}
                      disabled={saving}
                    >
                      {t('languages.makeDefault')}
                    </Button>
                  )}
                </Stack>
              );
            })}
          </Stack>
        </Part>

        <Part title={t('fields.title')} help={t('fields.help')}>
          <Stack spacing={1.5}>
            {PORTAL_FIELDS.map((field) => (
              <OutlinedSelect
                key={field}
                id={`portal-field-${field}`}
                label={t(`fields.${field}`)}
                value={values.fields[field]}
                onChange={(mode) => set('fields', { ...values.fields, [field]: mode as PortalFieldMode })}
                options={modesOf(field).map((mode) => ({ value: mode, label: modeLabel(mode) }))}
                disabled={saving}
                size="small"
                sx={{ maxWidth: 320 }}
                fullWidth
              />
            ))}
          </Stack>
        </Part>

        <Part title={t('signup.title')}>
          <OutlinedSelect
            id="portal-signup"
            label={t('signup.label')}
            value={values.signup}
            onChange={(mode) => set('signup', mode as PortalSignupMode)}
            options={SIGNUP_MODES.map((mode) => ({ value: mode, label: t(`signup.modes.${mode}`) }))}
            helperText={t(`signup.help.${values.signup}`)}
            disabled={saving}
            fullWidth
          />
        </Part>

        <FormControlLabel
          control={
            <Switch
              checked={values.companyTickets}
              onChange={(_e, checked) => set('companyTickets', checked)}
              disabled={saving}
            />
          }
          label={t('companyTickets')}
        />

        {failure && (
          <Alert severity="error" role="alert">
            <strong>{t('failed')} </strong>
            {failure}
          </Alert>
        )}
        <SaveButton busy={saving} />
      </Stack>
    </Box>
  );
}
