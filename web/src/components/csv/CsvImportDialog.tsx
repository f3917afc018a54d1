// 'Importar CSV' of the contacts and companies lists, step by step: the file (picked or dropped) →
// its columns matched to fields → the validation, shown before anything is written (new, to
// update, already there, refused and why) → the import in batches with its progress, cancel and
// retry → the report, with the refused rows as a CSV with a reason column.
import FileUploadRoundedIcon from '@mui/icons-material/FileUploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '@/components/Can';
import { useMembership, useOrgId } from '@/firebase/dataApi';
import { describeError } from '@/i18n/errors';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { EncodingChoice } from './decode';
import { downloadCsv, fileDate } from './download';
import { createCsvEngine, type CsvEngine } from './engine';
import { csvFileText, csvLine, exportHeader } from './exportCsv';
import {
  mappingProblem,
  rememberMapping,
  suggestMapping,
  TARGETS,
  type ColumnMapping,
  type CsvEntity,
  type ImportTarget,
  type RememberedMapping,
} from './fields';
import { planImport, planWrites, type DuplicatePolicy, type ImportPlan, type Lookups } from './plan';
import { emptyCounts, importSteps, runImport, type ImportCounts, type ImportOutcome } from './runImport';
import { fetchLookups, importIo } from './serverSide';
import type { ParsedSummary, ValidationResult } from './session';
import { useExportLabels } from './useExportLabels';
import type { RefusedRow, RowIssue } from './validate';

const STEPS = ['file', 'columns', 'review', 'import', 'report'] as const;
type StepKey = (typeof STEPS)[number];
/** Refused rows listed in the review (all of them are in the downloadable file). */
const LISTED_REFUSALS = 50;
const DELIMITER_NAMES: Record<string, 'comma' | 'semicolon' | 'tab' | 'pipe'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};

const rememberKey = (orgId: string, entity: CsvEntity) => `trato.csvMapping.${orgId}.${entity}`;
function readRemembered(key: string): RememberedMapping {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' ? (value as RememberedMapping) : {};
  } catch {
    return {};
  }
}

type Busy = { label: string; done?: number; total?: number } | null;
interface Run {
  progress: { done: number; total: number };
  counts: ImportCounts;
  /** Set when the run stopped: where it may resume. */
  outcome: ImportOutcome | null;
  cancelling: boolean;
}

export function CsvImportDialog({ entity, onClose }: { entity: CsvEntity; onClose: () => void }) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { uid } = useMembership();
  const canUpdate = useCan(entity, 'edit');
  const canCreateCompanies = useCan('companies', 'create');
  const labels = useExportLabels();
  const orgId = useOrgId();
  const remembered = rememberKey(orgId, entity);

  const engine = useRef<CsvEngine | null>(null);
  useEffect(() => {
    engine.current = createCsvEngine();
    return () => engine.current?.dispose();
  }, []);

  const [step, setStep] = useState<StepKey>('file');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<EncodingChoice>('auto');
  const [summary, setSummary] = useState<ParsedSummary | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [run, setRun] = useState<Run | null>(null);
  const cancelRequested = useRef(false);

  const plan: ImportPlan | null = useMemo(
    () =>
      validation && lookups && summary
        ? planImport(entity, validation.valid, validation.refused, lookups, {
            duplicates: policy,
            canUpdate,
            canCreateCompanies,
            fingerprint: summary.fingerprint,
          })
        : null,
    [entity, validation, lookups, summary, policy, canUpdate, canCreateCompanies],
  );
  const steps = useMemo(() => (plan ? importSteps(plan) : []), [plan]);

  const failure = (err: unknown) => {
    const described = describeError(err);
    if (described.key === 'unknown') console.error('CSV import', err);
    return tc(`errors.server.${described.key}`);
  };

  // ── File ──────────────────────────────────────────────────────────────────────────────
  const load = async (chosen: File, choice: EncodingChoice) => {
    setError(null);
    setBusy({ label: t('import.file.reading') });
    try {
      const parsed = await engine.current!.load(chosen, choice);
      if (!parsed.headers.length) return setError(t('import.file.empty'));
      if (!parsed.rowCount) return setError(t('import.file.noRows'));
      setFile(chosen);
      setEncoding(choice);
      setSummary(parsed);
      setMapping((previous) =>
        summary && sameHeaders(summary.headers, parsed.headers)
          ? previous
          : suggestMapping(entity, parsed.headers, readRemembered(remembered)),
      );
      setStep('columns');
    } catch (err) {
      console.error('CSV read', err);
      setError(t('import.file.failed'));
    } finally {
      setBusy(null);
    }
  };

  // ── Validation and lookups ────────────────────────────────────────────────────────────
  const validate = async () => {
    if (!summary) return;
    setError(null);
    localStorage.setItem(remembered, JSON.stringify(rememberMapping(summary.headers, mapping)));
    try {
      setBusy({ label: 'validating', done: 0, total: summary.rowCount });
      const result = await engine.current!.validate(entity, mapping, (done, total) =>
        setBusy({ label: 'validating', done, total }),
      );
      setBusy({ label: t('import.checking') });
      const found = await fetchLookups(orgId, entity, result.valid, summary.fingerprint);
      setValidation(result);
      setLookups(found);
      setStep('review');
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
    }
  };

  // ── Import ────────────────────────────────────────────────────────────────────────────
  const start = async (from = 0, counts = emptyCounts()) => {
    if (!uid) return;
    cancelRequested.current = false;
    setStep('import');
    setRun({ progress: { done: from, total: steps.length }, counts, outcome: null, cancelling: false });
    const outcome = await runImport(steps, importIo(orgId, uid), {
      from,
      counts,
      cancelled: () => cancelRequested.current,
      onProgress: ({ done, total, ...tally }) =>
        setRun((r) => r && { ...r, progress: { done, total }, counts: tally }),
    });
    setRun((r) => r && { ...r, counts: outcome.counts, outcome });
    if (outcome.status !== 'failed') setStep('report');
  };

  /** Rows not written by a stopped run: from where it stopped. */
  const notImportedRows = () =>
    run?.outcome && run.outcome.status !== 'done'
      ? steps
          .slice(run.outcome.next)
          .filter((s) => s.row > 0)
          .map((s) => s.row)
      : [];

  const reasonText = (issue: RowIssue) =>
    t(`reasons.${issue.reason}`, {
      field: issue.field ? t(`columns.${issue.field}`) : '',
      value: issue.value ?? '',
    });

  const downloadRefused = async () => {
    if (!summary || !plan) return;
    const notImported = notImportedRows();
    const notImportedReason =
      run?.outcome?.status === 'failed' ? failure(run.outcome.error) : tc('errors.server.canceled');
    const cells = await engine.current!.cells(notImported);
    const rows: RefusedRow[] = [
      ...plan.refused,
      ...notImported.map((row, i) => ({
        row,
        issues: [{ reason: 'notImported' as const, value: notImportedReason }],
        cells: cells[i]!,
      })),
    ].sort((a, b) => a.row - b.row);
    const lines = [
      csvLine([t('refusedFile.row'), ...summary.headers, t('refusedFile.reason')]),
      ...rows.map((r) =>
        csvLine([
          String(r.row),
          ...summary.headers.map((_, i) => r.cells[i] ?? ''),
          r.issues.map(reasonText).join('; '),
        ]),
      ),
    ];
    downloadCsv(`${t(`refusedFile.name.${entity}`)}-${fileDate()}.csv`, csvFileText(lines));
  };

  const downloadTemplate = () =>
    downloadCsv(
      `${t(`export.fileName.${entity}`)}.csv`,
      csvFileText([csvLine(exportHeader(entity, labels))]),
    );

  // ── Screens ───────────────────────────────────────────────────────────────────────────
  const writing = step === 'import' && run && !run.outcome;
  const n = (value: number) => formatCount({ value, more: false }, language);
  const progressBlock = (label: string, done?: number, total?: number) => (
    <Box sx={{ my: 2 }} role="status" aria-live="polite">
      <LinearProgress
        variant={total ? 'determinate' : 'indeterminate'}
        value={total ? ((done ?? 0) / total) * 100 : undefined}
        aria-label={label}
      />
      <Typography sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>{label}</Typography>
    </Box>
  );
  const busyBlock =
    busy &&
    progressBlock(
      busy.label === 'validating'
        ? t('import.validating', { done: n(busy.done ?? 0), total: n(busy.total ?? 0) })
        : busy.label,
      busy.done,
      busy.total,
    );

  let content: ReactNode;
  let actions: ReactNode;
  if (step === 'file') {
    content = (
      <FileStep
        busy={Boolean(busy)}
        onFile={(f) => load(f, 'auto')}
        onTemplate={downloadTemplate}
        texts={{
          drop: t('import.file.drop'),
          choose: t('import.file.choose'),
          hint: t('import.file.hint'),
          template: t('import.file.template'),
        }}
      />
    );
    actions = <Button onClick={onClose}>{tc('common.actions.cancel')}</Button>;
  } else if (step === 'columns' && summary && file) {
    const problem = mappingProblem(entity, mapping);
    content = (
      <Stack spacing={2}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('import.columns.summary', {
              file: file.name,
              count: summary.rowCount,
              delimiter: t(`import.columns.delimiters.${DELIMITER_NAMES[summary.delimiter] ?? 'comma'}`),
            })}
          </Typography>
          <TextField
            select
            size="small"
            label={t('import.columns.encoding')}
            value={encoding}
            disabled={Boolean(busy)}
            onChange={(e) => load(file, e.target.value as EncodingChoice)}
            sx={{ width: { xs: '100%', sm: 300 } }}
          >
            <MenuItem value="auto">
              {t('import.columns.encodings.auto', {
                detected: t(`import.columns.encodings.${summary.encoding}`),
              })}
            </MenuItem>
            <MenuItem value="utf-8">{t('import.columns.encodings.utf-8')}</MenuItem>
            <MenuItem value="windows-1252">{t('import.columns.encodings.windows-1252')}</MenuItem>
          </TextField>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('import.columns.intro')}
        </Typography>
        <MappingTable
          entity={entity}
          summary={summary}
          mapping={mapping}
          onChange={setMapping}
          phone={phone}
          texts={{
            column: t('import.columns.column'),
            example: t('import.columns.example'),
            target: t('import.columns.target'),
            ignore: t('import.columns.ignore'),
            unnamed: t('import.columns.unnamed'),
            targetLabel: (target) => t(`columns.${target}`),
          }}
        />
        {problem && <Alert severity="warning">{t('import.columns.needName')}</Alert>}
        {busyBlock}
      </Stack>
    );
    actions = (
      <>
        <Button onClick={() => setStep('file')} disabled={Boolean(busy)}>
          {t('import.back')}
        </Button>
        <Button onClick={onClose} disabled={Boolean(busy)} sx={{ ml: 'auto' }}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={validate} disabled={Boolean(busy) || Boolean(problem)}>
          {t('import.columns.validate')}
        </Button>
      </>
    );
  } else if (step === 'review' && plan) {
    const writes = planWrites(plan);
    const rowsToWrite = plan.creates.length + plan.updates.length;
    content = (
      <Stack spacing={2}>
        <Typography>{t('import.review.intro')}</Typography>
        <Counts
          items={[
            { label: t('import.review.creates'), value: plan.creates.length, tone: 'success' },
            { label: t('import.review.updates'), value: plan.updates.length, tone: 'info' },
            { label: t('import.review.duplicates'), value: plan.duplicates.length, tone: 'neutral' },
            { label: t('import.review.refused'), value: plan.refused.length, tone: 'error' },
          ]}
          format={n}
        />
        {(plan.duplicates.length > 0 || plan.updates.length > 0) && (
          <Box>
            <FormLabel id="csv-duplicates">{t(`import.review.duplicatePolicy.${entity}`)}</FormLabel>
            <RadioGroup
              aria-labelledby="csv-duplicates"
              value={canUpdate ? policy : 'skip'}
              onChange={(e) => setPolicy(e.target.value as DuplicatePolicy)}
            >
              <FormControlLabel value="skip" control={<Radio />} label={t('import.review.skip')} />
              <FormControlLabel
                value="update"
                control={<Radio />}
                label={t('import.review.update')}
                disabled={!canUpdate}
              />
            </RadioGroup>
            {!canUpdate && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('import.review.noEditRight')}
              </Typography>
            )}
          </Box>
        )}
        {entity === 'contacts' && (plan.newCompanies.length > 0 || plan.companiesMatched > 0) && (
          <Alert severity="info">
            {[
              plan.newCompanies.length
                ? t('import.review.newCompanies', { count: plan.newCompanies.length })
                : '',
              plan.companiesMatched
                ? t('import.review.companiesMatched', { count: plan.companiesMatched })
                : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </Alert>
        )}
        {plan.companiesNotCreated.length > 0 && (
          <Alert severity="warning">
            {t('import.review.companiesNotCreated', { count: plan.companiesNotCreated.length })}
          </Alert>
        )}
        {plan.refused.length > 0 && (
          <RefusedList
            title={t('import.review.refusedTitle')}
            rows={plan.refused}
            reason={(r) => r.issues.map(reasonText).join('; ')}
            texts={{ row: t('import.review.row'), reason: t('import.review.reason') }}
            more={
              plan.refused.length > LISTED_REFUSALS
                ? t('import.review.more', { count: plan.refused.length - LISTED_REFUSALS })
                : null
            }
          />
        )}
        {!writes && <Alert severity="info">{t('import.review.nothing')}</Alert>}
      </Stack>
    );
    actions = (
      <>
        <Button onClick={() => setStep('columns')}>{t('import.back')}</Button>
        {plan.refused.length > 0 && (
          <Button onClick={downloadRefused}>{t('import.review.downloadRefused')}</Button>
        )}
        <Button onClick={onClose} sx={{ ml: 'auto' }}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" disabled={!writes} onClick={() => start()}>
          {t('import.review.start', { count: rowsToWrite || writes, shown: n(rowsToWrite || writes) })}
        </Button>
      </>
    );
  } else if (step === 'import' && run) {
    const failed = run.outcome?.status === 'failed' ? run.outcome : null;
    content = (
      <Stack spacing={1}>
        {progressBlock(
          t('import.progress.running', { done: n(run.progress.done), total: n(run.progress.total) }),
          run.progress.done,
          run.progress.total || 1,
        )}
        {!failed && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {run.cancelling ? t('import.progress.cancelling') : t('import.progress.keepOpen')}
          </Typography>
        )}
        {failed && (
          <Alert severity="error">{t('import.progress.failed', { reason: failure(failed.error) })}</Alert>
        )}
      </Stack>
    );
    actions = failed ? (
      <>
        <Button onClick={() => setStep('report')}>{t('import.progress.stop')}</Button>
        <Button variant="contained" onClick={() => start(failed.next, failed.counts)} sx={{ ml: 'auto' }}>
          {t('import.progress.retry')}
        </Button>
      </>
    ) : (
      <Button
        disabled={run.cancelling}
        onClick={() => {
          cancelRequested.current = true;
          setRun((r) => r && { ...r, cancelling: true });
        }}
      >
        {t('import.progress.cancel')}
      </Button>
    );
  } else if (step === 'report' && run && plan) {
    const status = run.outcome?.status ?? 'done';
    const notImported = notImportedRows().length;
    const c = run.counts;
    content = (
      <Stack spacing={2}>
        <Alert severity={status === 'done' ? 'success' : status === 'cancelled' ? 'info' : 'error'}>
          {t(`import.report.${status === 'failed' ? 'stopped' : status}`)}
        </Alert>
        <Counts
          items={[
            { label: t('import.report.created'), value: c.created + c.alreadyThere, tone: 'success' },
            { label: t('import.report.updated'), value: c.updated, tone: 'info' },
            { label: t('import.report.duplicates'), value: plan.duplicates.length, tone: 'neutral' },
            { label: t('import.report.refused'), value: plan.refused.length, tone: 'error' },
            ...(notImported
              ? [{ label: t('import.report.notImported'), value: notImported, tone: 'error' as const }]
              : []),
            ...(entity === 'contacts'
              ? [
                  {
                    label: t('import.report.companiesCreated'),
                    value: c.companiesCreated,
                    tone: 'neutral' as const,
                  },
                ]
              : []),
          ]}
          format={n}
        />
        {notImported > 0 && <Typography variant="body2">{t('import.report.resume')}</Typography>}
      </Stack>
    );
    actions = (
      <>
        {(plan.refused.length > 0 || notImported > 0) && (
          <Button onClick={downloadRefused}>{t('import.review.downloadRefused')}</Button>
        )}
        <Button onClick={onClose} sx={{ ml: 'auto' }}>
          {t('import.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onClose();
            navigate(entity === 'contacts' ? '/contactos' : '/empresas');
          }}
        >
          {t(`import.report.view.${entity}`)}
        </Button>
      </>
    );
  }

  const activeIndex = STEPS.indexOf(step);
  return (
    <Dialog
      open
      onClose={busy || writing ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="csv-import-title"
    >
      <DialogTitle id="csv-import-title">{t(`import.title.${entity}`)}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={activeIndex} alternativeLabel={!phone} sx={{ mb: 3 }}>
          {STEPS.map((key, i) => (
            <Step key={key} completed={i < activeIndex}>
              <StepLabel>{phone && i !== activeIndex ? '' : t(`import.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'file' && busyBlock}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {content}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
    </Dialog>
  );
}

const sameHeaders = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

// ── Pieces ──────────────────────────────────────────────────────────────────────────────

function FileStep({
  busy,
  onFile,
  onTemplate,
  texts,
}: {
  busy: boolean;
  onFile: (file: File) => void;
  onTemplate: () => void;
  texts: { drop: string; choose: string; hint: string; template: string };
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) onFile(dropped);
  };
  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: '2px dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.default',
          borderRadius: 3,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
        }}
      >
        <FileUploadRoundedIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
        <Typography sx={{ fontWeight: 700, mt: 1 }}>{texts.drop}</Typography>
        <Button variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={() => input.current?.click()}>
          {texts.choose}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="csv-file-input"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) onFile(chosen);
          }}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.hint}
      </Typography>
      <Box>
        <Button size="small" onClick={onTemplate}>
          {texts.template}
        </Button>
      </Box>
    </Stack>
  );
}

function MappingTable({
  entity,
  summary,
  mapping,
  onChange,
  phone,
  texts,
}: {
  entity: CsvEntity;
  summary: ParsedSummary;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  phone: boolean;
  texts: {
    column: string;
    example: string;
    target: string;
    ignore: string;
    unnamed: string;
    targetLabel: (target: ImportTarget) => string;
  };
}) {
  const examples = (i: number) =>
    summary.sample
      .map((row) => (row[i] ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .slice(0, 2)
      .join(' · ');
  const columns = phone ? '1fr' : 'minmax(0, 1fr) minmax(0, 1.3fr) 220px';
  return (
    <Box role="table" aria-label={texts.target} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      {!phone && (
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: columns,
            gap: 2,
            px: 2,
            py: 1,
            bgcolor: 'background.default',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {[texts.column, texts.example, texts.target].map((h) => (
            <Typography key={h} role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
              {h}
            </Typography>
          ))}
        </Box>
      )}
      {summary.headers.map((header, i) => {
        const taken = new Set(mapping.filter((m, j) => m && j !== i));
        const name = header || texts.unnamed;
        return (
          <Box
            key={i}
            role="row"
            sx={{
              display: 'grid',
              gridTemplateColumns: columns,
              gap: phone ? 1 : 2,
              alignItems: 'center',
              px: 2,
              py: 1.25,
              '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <Typography role="cell" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              role="cell"
              variant="body2"
              sx={{
                color: 'text.secondary',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {examples(i) || '-'}
            </Typography>
            <Box role="cell">
              <TextField
                select
                size="small"
                fullWidth
                label={phone ? texts.target : undefined}
                value={mapping[i] ?? ''}
                onChange={(e) => {
                  const next = [...mapping];
                  next[i] = (e.target.value || null) as ImportTarget | null;
                  onChange(next);
                }}
                slotProps={{
                  select: { displayEmpty: true },
                  htmlInput: { 'aria-label': `${texts.target}: ${name}` },
                }}
              >
                <MenuItem value="">
                  <em>{texts.ignore}</em>
                </MenuItem>
                {TARGETS[entity].map((target) => (
                  <MenuItem key={target} value={target} disabled={taken.has(target)}>
                    {texts.targetLabel(target)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

type Tone = 'success' | 'info' | 'neutral' | 'error';
const TONE_COLOR: Record<Tone, string> = {
  success: 'success.main',
  info: 'primary.main',
  neutral: 'text.primary',
  error: 'error.main',
};

function Counts({
  items,
  format,
}: {
  items: { label: string; value: number; tone: Tone }[];
  format: (n: number) => string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${Math.min(items.length, 4)}, 1fr)` },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box
          key={item.label}
          data-testid={`csv-count-${item.label}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontSize: '1.6rem',
              fontWeight: 800,
              color: TONE_COLOR[item.tone],
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {format(item.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RefusedList({
  title,
  rows,
  reason,
  texts,
  more,
}: {
  title: string;
  rows: RefusedRow[];
  reason: (row: RefusedRow) => string;
  texts: { row: string; reason: string };
  more: string | null;
}) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{title}</Typography>
      <Box
        role="table"
        aria-label={title}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 260, overflow: 'auto' }}
      >
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: '64px 1fr',
            px: 2,
            py: 0.75,
            bgcolor: 'background.default',
          }}
        >
          <Typography role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
            {texts.row}
          </Typography>
          <Typography role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
            {texts.reason}
          </Typography>
        </Box>
        {rows.slice(0, LISTED_REFUSALS).map((r) => (
          <Box
            key={r.row}
            role="row"
            sx={{
              display: 'grid',
              gridTemplateColumns: '64px 1fr',
              px: 2,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography role="cell" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.row}
            </Typography>
            <Typography role="cell" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {reason(r)}
            </Typography>
          </Box>
        ))}
      </Box>
      {more && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {more}
        </Typography>
      )}
    </Box>
  );
}
