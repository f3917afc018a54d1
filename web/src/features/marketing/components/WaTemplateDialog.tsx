import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DataObjectRoundedIcon from '@mui/icons-material/DataObjectRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  charCount,
  LANGUAGES,
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_LIMITS,
  WA_VARIABLE_SOURCES,
  type Language,
  type WaTemplateCategory,
  type WaVariableSource,
} from '@trato/model';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useToast } from '@/components/toast';
import { callFunction } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { insertAt } from '../utils/insertAt';
import { templateRefusal, type TemplateRefusal } from '../utils/waTemplateErrors';
import {
  checkTemplate,
  emptyTemplate,
  finishTemplateName,
  nextVariable,
  syncVariables,
  templateInput,
  toTemplateName,
  variableSlots,
  type TemplateFormValues,
  type TemplateProblem,
} from '../utils/waTemplateForm';
import { RadioCards } from '@/components/RadioCards';
import { WaTemplatePreview } from './WaTemplatePreview';

type TextPart = 'header' | 'body';

/** Problems that only show once a submit was tried (an empty required field is not an error while typing). */
const ON_SUBMIT: readonly TemplateProblem[] = ['name-required', 'body-required', 'literal-empty'];

/**
 * 'Nueva plantilla': a WhatsApp message template submitted for review — its name (lower_snake_case
 * as typed), language, category (each explained), header (optional, at most one variable), body
 * with 'Insertar variable', footer, quick-reply buttons, where each variable's value comes from,
 * and a live phone-like preview with sample values. The model's templateProblems show under the
 * fields before sending; a refusal says why and keeps everything typed.
 */
export function WaTemplateDialog({
  organizationId,
  onClose,
}: {
  organizationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('waTemplates');
  const { t: tm } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<TemplateFormValues>(() => emptyTemplate(language));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<TemplateRefusal | null>(null);
  const cursors = useRef<Record<TextPart, number | null>>({ header: null, body: null });
  const check = checkTemplate(values);
  const slots = variableSlots(values);

  const shown = (problem: TemplateProblem | null) =>
    problem && (tried || !ON_SUBMIT.includes(problem)) ? problem : null;
  const problemText = (problem: TemplateProblem) =>
    t(`problems.${problem}`, {
      header: WA_TEMPLATE_LIMITS.header,
      body: WA_TEMPLATE_LIMITS.body,
      footer: WA_TEMPLATE_LIMITS.footer,
      button: WA_TEMPLATE_LIMITS.buttonText,
      example: WA_TEMPLATE_LIMITS.example,
      name: WA_TEMPLATE_LIMITS.name,
      first: '{{1}}',
      second: '{{2}}',
    });
  /** A field refused by the server (invalid-input names it). */
  const refusedField = refusal?.field ?? null;

  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setText = (part: TextPart, text: string) =>
    setValues((current) => {
      const next = { ...current, [part]: text };
      return { ...next, variables: syncVariables(current, next) };
    });
  const track = (part: TextPart) => (event: SyntheticEvent) => {
    cursors.current[part] = (event.target as HTMLInputElement | HTMLTextAreaElement).selectionStart;
  };
  const insertVariable = (part: TextPart) => {
    const inserted = insertAt(values[part], nextVariable(values[part]), cursors.current[part]);
    cursors.current[part] = inserted.cursor;
    setText(part, inserted.text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setTried(true);
    setRefusal(null);
    set('name', finishTemplateName(values.name));
    if (check.all.length > 0) return;
    setSaving(true);
    try {
      const answer = await callFunction('createWaTemplate', { organizationId, ...templateInput(values) });
      toast({
        title: t('toasts.created'),
        description: t(answer.status === 'approved' ? 'toasts.createdApproved' : 'toasts.createdBody'),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      const found = templateRefusal(error);
      if (found.key === 'errors.server.unknown') console.error('createWaTemplate', error);
      // Everything typed stays, with the reason.
      setRefusal(found);
    } finally {
      setSaving(false);
    }
  };

  const counter = (text: string, max: number) => `${charCount(text)}/${max}`;
  const helper = (problem: TemplateProblem | null, help: string) => (problem ? problemText(problem) : help);
  const nameProblem = shown(check.name) ?? (refusedField === 'name' ? 'name' : null);
  const headerProblem = shown(check.header) ?? (refusedField === 'header' ? 'header-variables' : null);
  const bodyProblem = shown(check.body) ?? (refusedField === 'body' ? 'body-variables' : null);
  const footerProblem = shown(check.footer);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="wa-template-title"
    >
      <Box
        component="form"
        noValidate
        aria-labelledby="wa-template-title"
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id="wa-template-title">{t('form.title')}</DialogTitle>
        <DialogContent dividers>
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {t('review')}
          </Alert>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.4fr) minmax(280px, 1fr)' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2.5} sx={{ minWidth: 0 }}>
              <OutlinedTextField
                id="wa-template-name"
                label={t('form.name')}
                value={values.name}
                onChange={(event) => set('name', toTemplateName(event.target.value))}
                onBlur={() => set('name', finishTemplateName(values.name))}
                required
                autoFocus
                disabled={saving}
                error={Boolean(nameProblem)}
                helperText={helper(nameProblem, t('form.nameHelp'))}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
              <OutlinedSelect
                id="wa-template-language"
                label={t('form.language')}
                value={values.language}
                onChange={(value) => set('language', value as Language)}
                options={LANGUAGES.map((code) => ({
                  value: code,
                  label: tm(`waTemplates.languages.${code}`),
                }))}
                disabled={saving}
                required
              />
              <CategoryField
                value={values.category}
                onChange={(category) => set('category', category)}
                disabled={saving}
              />
              <Box>
                <OutlinedTextField
                  id="wa-template-header"
                  label={t('form.header')}
                  value={values.header}
                  onChange={(event) => setText('header', event.target.value)}
                  onSelect={track('header')}
                  fullWidth
                  disabled={saving}
                  error={Boolean(headerProblem)}
                  helperText={helper(
                    headerProblem,
                    t('form.headerHelp', {
                      count: counter(values.header, WA_TEMPLATE_LIMITS.header),
                      first: '{{1}}',
                    }),
                  )}
                />
                <Button
                  size="small"
                  startIcon={<DataObjectRoundedIcon />}
                  onClick={() => insertVariable('header')}
                  onMouseDown={(event) => event.preventDefault()}
                  disabled={saving || /\{\{/.test(values.header)}
                  aria-label={t('form.insertHeaderVariable')}
                  sx={{ mt: 0.5 }}
                >
                  {t('form.insertVariable')}
                </Button>
              </Box>
              <Box>
                <OutlinedTextField
                  id="wa-template-body"
                  label={t('form.body')}
                  value={values.body}
                  onChange={(event) => setText('body', event.target.value)}
                  onSelect={track('body')}
                  required
                  multiline
                  minRows={5}
                  fullWidth
                  disabled={saving}
                  error={Boolean(bodyProblem)}
                  helperText={helper(
                    bodyProblem,
                    t('form.bodyHelp', {
                      count: counter(values.body, WA_TEMPLATE_LIMITS.body),
                      first: '{{1}}',
                      second: '{{2}}',
                    }),
                  )}
                />
                <Button
                  size="small"
                  startIcon={<DataObjectRoundedIcon />}
                  onClick={() => insertVariable('body')}
                  onMouseDown={(event) => event.preventDefault()}
                  disabled={saving}
                  aria-label={t('form.insertBodyVariable', { tag: nextVariable(values.body) })}
                  sx={{ mt: 0.5 }}
                >
                  {t('form.insertVariable')}
                </Button>
              </Box>
              <OutlinedTextField
                id="wa-template-footer"
                label={t('form.footer')}
                value={values.footer}
                onChange={(event) => set('footer', event.target.value)}
                disabled={saving}
                error={Boolean(footerProblem)}
                helperText={helper(
                  footerProblem,
                  t('form.footerHelp', {
                    count: counter(values.footer, WA_TEMPLATE_LIMITS.footer),
                  }),
                )}
              />
              <ButtonsField
                buttons={values.buttons}
                onChange={(buttons) => set('buttons', buttons)}
                problems={check.buttonItems}
                problem={check.buttons}
                problemText={problemText}
                disabled={saving}
              />
              {slots.length > 0 && (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                  <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
                    {t('form.variables')}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                    {t('form.variablesHelp')}
                  </Typography>
                  <Stack spacing={2}>
                    {slots.map((slot, index) => {
                      const variable = values.variables[index]!;
                      const tag = `{{${slot.n}}}`;
                      const where = t(`form.slot.${slot.part}`, { tag });
                      const problem = shown(check.variableItems[index] ?? null);
                      const setVariable = (patch: Partial<typeof variable>) =>
                        set(
                          'variables',
                          values.variables.map((v, i) => (i === index ? { ...v, ...patch } : v)),
                        );
                      return (
                        <Box
                          key={`${slot.part}-${slot.n}`}
                          data-testid={`wa-variable-${slot.part}-${slot.n}`}
                          sx={{
                            display: 'grid',
                            gap: 1.5,
                            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
                          }}
                        >
                          <OutlinedSelect
                            id={`wa-variable-${index}-source`}
                            label={t('form.source', { where })}
                            value={variable.source}
                            onChange={(value) => setVariable({ source: value as WaVariableSource })}
                            options={WA_VARIABLE_SOURCES.map((source) => ({
                              value: source,
                              label: t(`sources.${source}`),
                            }))}
                            disabled={saving}
                            fullWidth
                          />
                          <OutlinedTextField
                            id={`wa-variable-${index}-fallback`}
                            label={
                              variable.source === 'literal'
                                ? t('form.literal', { tag })
                                : t('form.fallback', { tag })
                            }
                            value={variable.fallback}
                            onChange={(event) => setVariable({ fallback: event.target.value })}
                            required={variable.source === 'literal'}
                            disabled={saving}
                            fullWidth
                            error={Boolean(problem)}
                            helperText={
                              problem
                                ? problemText(problem)
                                : variable.source === 'literal'
                                  ? t('form.literalHelp')
                                  : t('form.fallbackHelp')
                            }
                          />
                        </Box>
                      );
                    })}
                  </Stack>
                </Box>
              )}
            </Stack>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 0 }, minWidth: 0 }}>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
                {tm('waTemplates.preview.title')}
              </Typography>
              <WaTemplatePreview values={values} />
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
                {tm('waTemplates.preview.samples')}
              </Typography>
            </Box>
          </Box>
          {tried && check.all.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2.5 }} data-testid="wa-template-problems">
              <strong>{t('form.problemsTitle')}</strong>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {check.all.map((problem) => (
                  <li key={problem}>{problemText(problem)}</li>
                ))}
              </Box>
            </Alert>
          )}
          {refusal && (
            <Alert severity="error" sx={{ mt: 2.5 }} data-testid="wa-template-refusal">
              <strong>{t('toasts.createFailed')} </strong>
              {refusal.key.startsWith('reasons.')
                ? t(refusal.key as 'reasons.template-exists', {
                    name: finishTemplateName(values.name),
                    language: tm(`waTemplates.languages.${values.language}`),
                  })
                : tc(refusal.key as 'errors.server.unknown')}
              {refusal.problems.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {refusal.problems.map((problem) => (
                    <li key={problem}>
                      {t(`problems.${problem}` as 'problems.name', {
                        defaultValue: problem,
                        first: '{{1}}',
                        second: '{{2}}',
                      })}
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={saving} sx={{ ml: 'auto' }}>
            {tc('common.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            aria-busy={saving}
            onMouseDown={(event) => event.preventDefault()}
          >
            {saving ? t('form.sending') : t('form.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Marketing, utility or authentication, each with its one-line explanation. */
function CategoryField({
  value,
  onChange,
  disabled,
}: {
  value: WaTemplateCategory;
  onChange: (value: WaTemplateCategory) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('waTemplates');
  return (
    <RadioCards
      name="wa-template-category"
      legend={t('form.category')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={WA_TEMPLATE_CATEGORIES.map((category) => ({
        value: category,
        label: t(`categories.${category}`),
        help: t(`categoryHelp.${category}`),
      }))}
    />
  );
}

/** The quick-reply buttons (0–10, each at most 25 characters). */
function ButtonsField({
  buttons,
  onChange,
  problems,
  problem,
  problemText,
  disabled,
}: {
  buttons: string[];
  onChange: (buttons: string[]) => void;
  problems: (TemplateProblem | null)[];
  problem: TemplateProblem | null;
  problemText: (problem: TemplateProblem) => string;
  disabled: boolean;
}) {
  const { t } = useTranslation('waTemplates');
  const full = buttons.length >= WA_TEMPLATE_LIMITS.buttons;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="wa-buttons-help">
      <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
        {t('form.buttons')}
      </Typography>
      <Typography
        id="wa-buttons-help"
        variant="body2"
        sx={{ color: problem ? 'error.main' : 'text.secondary', mb: 1 }}
      >
        {problem
          ? problemText(problem)
          : t('form.buttonsHelp', {
              max: WA_TEMPLATE_LIMITS.buttons,
              length: WA_TEMPLATE_LIMITS.buttonText,
            })}
      </Typography>
      <Stack spacing={1.5}>
        {buttons.map((text, index) => {
          const itemProblem = problems[index] ?? null;
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <OutlinedTextField
                id={`wa-button-${index}`}
                label={t('form.button', { n: index + 1 })}
                value={text}
                onChange={(event) => onChange(buttons.map((b, i) => (i === index ? event.target.value : b)))}
                disabled={disabled}
                size="small"
                fullWidth
                error={Boolean(itemProblem) || (problem !== null && !text.trim())}
                helperText={
                  itemProblem
                    ? problemText(itemProblem)
                    : `${charCount(text)}/${WA_TEMPLATE_LIMITS.buttonText}`
                }
              />
              <IconButton
                aria-label={t('form.removeButton', { n: index + 1 })}
                title={t('form.removeButton', { n: index + 1 })}
                onClick={() => onChange(buttons.filter((_, i) => i !== index))}
                disabled={disabled}
              >
                <CloseRoundedIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddRoundedIcon />}
        onClick={() => onChange([...buttons, ''])}
        disabled={disabled || full}
        sx={{ mt: 1 }}
      >
        {t('form.addButton')}
      </Button>
    </Box>
  );
}
