// 'Importar CSV' of the contacts and companies lists, step by step: the file (picked or dropped) →
// its columns matched to fields → the validation, shown before anything is written (new, to
// update, already there, refused and why) → the import in batches with its progress, cancel and
// retry → the report, with the refused rows as a CSV with a reason column. The flow is a reducer
// (import/csvImportFlow.ts) driven by useCsvImportFlow; each step is a screen of its own.
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { StepTrail } from '@/components/StepTrail';
import type { CsvEntity } from './fields';
import { ColumnsStep } from './import/ColumnsStep';
import { closable, FLOW_STEPS, type FlowError, type FlowStep } from './import/csvImportFlow';
import { FileStep } from './import/FileStep';
import { ImportingStep } from './import/ImportingStep';
import { ReportStep } from './import/ReportStep';
import { ReviewStep } from './import/ReviewStep';
import { useCsvImportFlow } from './import/useCsvImportFlow';

export function CsvImportDialog({ entity, onClose }: { entity: CsvEntity; onClose: () => void }) {
  const { t } = useTranslation('csv');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const flow = useCsvImportFlow(entity);
  const { state, plan } = flow;
  const header = (
    <>
      <ImportStepper step={state.step} phone={phone} />
      {'error' in state && state.error && <ErrorAlert error={state.error} />}
    </>
  );
  const step = { header, entity, flow, onClose };
  return (
    <Dialog
      open
      onClose={closable(state) ? onClose : undefined}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="csv-import-title"
    >
      <DialogTitle id="csv-import-title">{t(`import.title.${entity}`)}</DialogTitle>
      {state.step === 'file' && <FileStep {...step} busy={state.busy} />}
      {state.step === 'columns' && (
        <ColumnsStep {...step} phone={phone} loaded={state.loaded} busy={state.busy} />
      )}
      {state.step === 'review' && plan && (
        <ReviewStep {...step} plan={plan} policy={state.policy} consent={state.consent} />
      )}
      {state.step === 'import' && <ImportingStep {...step} run={state.run} />}
      {state.step === 'report' && plan && <ReportStep {...step} run={state.run} plan={plan} />}
    </Dialog>
  );
}

/** The five steps; on phones only the current one is named. */
function ImportStepper({ step, phone }: { step: FlowStep; phone: boolean }) {
  const { t } = useTranslation('csv');
  return (
    <StepTrail
      steps={FLOW_STEPS.map((key) => t(`import.steps.${key}`))}
      active={FLOW_STEPS.indexOf(step)}
      compact={phone}
      sx={{ mb: 3 }}
    />
  );
}

function ErrorAlert({ error }: { error: FlowError }) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error.kind === 'file' ? t(`import.file.${error.problem}`) : tc(`errors.server.${error.reason}`)}
    </Alert>
  );
}
