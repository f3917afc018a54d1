// Step 4: the writes in batches with their progress; cancel takes effect after the batch in
// flight. A failed batch stops the run here, to be retried from it or left as it is.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { stopReason, type ImportRun } from './csvImportFlow';
import { ProgressBlock } from './ProgressBlock';
import { StepLayout, type StepProps } from './StepLayout';
import { useCountFormat } from './useCountFormat';

export function ImportingStep({
  header,
  run,
  flow,
}: Pick<StepProps<'cancel' | 'retry' | 'stop'>, 'header' | 'flow'> & { run: ImportRun }) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const n = useCountFormat();
  const failed = run.outcome?.status === 'failed';
  const { done, total } = run.progress;
  const actions = failed ? (
    <>
      <Button onClick={flow.stop}>{t('import.progress.stop')}</Button>
      <Button variant="contained" onClick={flow.retry} sx={{ ml: 'auto' }}>
        {t('import.progress.retry')}
      </Button>
    </>
  ) : (
    <Button disabled={run.cancelling} onClick={flow.cancel}>
      {t('import.progress.cancel')}
    </Button>
  );
  return (
    <StepLayout header={header} actions={actions}>
      <Stack spacing={1}>
        <ProgressBlock
          label={t('import.progress.running', { done: n(done), total: n(total) })}
          done={done}
          total={total || 1}
        />
        {failed ? (
          <Alert severity="error">
            {t('import.progress.failed', { reason: tc(`errors.server.${stopReason(run.outcome)}`) })}
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {run.cancelling ? t('import.progress.cancelling') : t('import.progress.keepOpen')}
          </Typography>
        )}
      </Stack>
    </StepLayout>
  );
}
