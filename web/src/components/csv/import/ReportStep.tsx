// Step 5: what the import did, the refused and unwritten rows to download, and the list to see.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ImportPlan } from '../plan';
import { Counts, type CountItem } from './Counts';
import { useCountFormat } from './useCountFormat';
import type { ConsentRun, ImportRun } from './csvImportFlow';
import { StepLayout, type StepProps } from './StepLayout';
import { sectionHref } from '@/app/sections';

const SEVERITY = { done: 'success', cancelled: 'info', failed: 'error' } as const;

export function ReportStep({
  header,
  entity,
  run,
  plan,
  flow,
  onClose,
}: StepProps<'notImported' | 'downloadRefused' | 'retryConsent'> & { run: ImportRun; plan: ImportPlan }) {
  const { t } = useTranslation('csv');
  const navigate = useNavigate();
  const notImported = flow.notImported.length;
  const status = run.outcome?.status ?? 'done';
  const c = run.counts;
  const items: CountItem[] = [
    { label: t('import.report.created'), value: c.created + c.alreadyThere, tone: 'success' },
    { label: t('import.report.updated'), value: c.updated, tone: 'info' },
    { label: t('import.report.duplicates'), value: plan.duplicates.length, tone: 'neutral' },
    { label: t('import.report.refused'), value: plan.refused.length, tone: 'error' },
  ];
  if (notImported) items.push({ label: t('import.report.notImported'), value: notImported, tone: 'error' });
  if (entity === 'contacts')
    items.push({ label: t('import.report.companiesCreated'), value: c.companiesCreated, tone: 'neutral' });
  const actions = (
    <>
      {(plan.refused.length > 0 || notImported > 0) && (
        <Button onClick={flow.downloadRefused}>{t('import.review.downloadRefused')}</Button>
      )}
      <Button onClick={onClose} sx={{ ml: 'auto' }}>
        {t('import.close')}
      </Button>
      <Button
        variant="contained"
        onClick={() => {
          onClose();
          // The entity's list: a CSV entity is a section's key too.
          navigate(sectionHref(entity));
        }}
      >
        {t(`import.report.view.${entity}`)}
      </Button>
    </>
  );
  return (
    <StepLayout header={header} actions={actions}>
      <Stack spacing={2}>
        <Alert severity={SEVERITY[status]}>
          {t(`import.report.${status === 'failed' ? 'stopped' : status}`)}
        </Alert>
        <Counts items={items} />
        {run.consent && <ConsentOutcome consent={run.consent} onRetry={flow.retryConsent} />}
        {notImported > 0 && <Typography variant="body2">{t('import.report.resume')}</Typography>}
      </Stack>
    </StepLayout>
  );
}

/** How recording the consent the member stated went: under way, done (and how many), or failed. */
function ConsentOutcome({ consent, onRetry }: { consent: ConsentRun; onRetry: () => void }) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const n = useCountFormat();
  switch (consent.status) {
    case 'recording':
      return <Alert severity="info">{t('import.report.consent.recording')}</Alert>;
    case 'recorded':
      return (
        <Alert severity="success">
          {t('import.report.consent.recorded', { count: consent.recorded, shown: n(consent.recorded) })}
          {consent.skipped > 0 &&
            ` ${t('import.report.consent.skipped', { count: consent.skipped, shown: n(consent.skipped) })}`}
        </Alert>
      );
    case 'failed':
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('import.progress.retry')}
            </Button>
          }
        >
          {t('import.report.consent.failed', { reason: tc(`errors.server.${consent.reason}`) })}
        </Alert>
      );
  }
}
