import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ProgressBar';
import type { Busy } from './csvImportFlow';
import { useCountFormat } from './useCountFormat';

/** A progress bar named by its label, announced politely; without a total it runs indeterminate. */
export function ProgressBlock({ label, done, total }: { label: string; done?: number; total?: number }) {
  return (
    <Box sx={{ my: 2 }} role="status" aria-live="polite">
      <ProgressBar value={total ? ((done ?? 0) / total) * 100 : undefined} label={label} />
      <Typography sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>{label}</Typography>
    </Box>
  );
}

/** What the dialog is waiting for: reading the file, validating its rows, or the server's lookups. */
export function BusyProgress({ busy }: { busy: Busy | null }) {
  const { t } = useTranslation('csv');
  const n = useCountFormat();
  if (!busy) return null;
  if (busy.task === 'validating') {
    const label = t('import.validating', { done: n(busy.done), total: n(busy.total) });
    return <ProgressBlock label={label} done={busy.done} total={busy.total} />;
  }
  return <ProgressBlock label={t(busy.task === 'reading' ? 'import.file.reading' : 'import.checking')} />;
}
