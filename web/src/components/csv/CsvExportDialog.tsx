// 'Exportar CSV': the list's query (search and filters as shown) read page by page from the server
// with its progress, then saved as a CSV in the user's language.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company, Contact } from '@trato/model';
import { ProgressBar } from '@/components/ProgressBar';
import { useToast } from '@/components/toast';
import { forEachPage } from '@/firebase/csvData';
import { describeError, type ServerErrorKey } from '@/i18n/errors';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { ExportScope } from './CsvListActions';
import { downloadCsv, fileDate } from './download';
import { csvFileText, csvLine, exportCells, exportHeader } from './exportCsv';
import type { CsvEntity } from './fields';
import { useExportLabels } from './useExportLabels';

/** Documents read per request: few requests, and a progress that moves. */
export const EXPORT_PAGE = 500;

type State =
  { phase: 'reading'; read: number } | { phase: 'empty' } | { phase: 'failed'; reason: ServerErrorKey };

export function CsvExportDialog({
  entity,
  scope,
  onClose,
}: {
  entity: CsvEntity;
  scope: ExportScope;
  onClose: () => void;
}) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const labels = useExportLabels();
  const { toast } = useToast();
  const [state, setState] = useState<State>({ phase: 'reading', read: 0 });
  const cancelled = useRef(false);
  // The export runs once per opening; the latest props are read through refs.
  const latest = useRef({ scope, labels, onClose, t, toast, entity });
  latest.current = { scope, labels, onClose, t, toast, entity };

  useEffect(() => {
    cancelled.current = false;
    const { scope: s, labels: l, entity: e } = latest.current;
    const lines = [csvLine(exportHeader(e, l))];
    let read = 0;
    forEachPage(s.request, EXPORT_PAGE, (rows) => {
      if (cancelled.current) return false;
      for (const row of rows) lines.push(csvLine(exportCells(e, row as unknown as Contact | Company, l)));
      read += rows.length;
      setState({ phase: 'reading', read });
      return true;
    }).then(
      () => {
        if (cancelled.current) return;
        const { t: tt, toast: show, onClose: close } = latest.current;
        const count = lines.length - 1;
        if (!count) return setState({ phase: 'empty' });
        downloadCsv(`${tt(`export.fileName.${e}`)}-${fileDate()}.csv`, csvFileText(lines));
        show({ title: tt('export.done', { count }), variant: 'success' });
        close();
      },
      (error: unknown) => {
        if (cancelled.current) return;
        const described = describeError(error);
        if (described.key === 'unknown') console.error('CSV export', error);
        setState({ phase: 'failed', reason: described.key });
      },
    );
    return () => {
      cancelled.current = true;
    };
  }, []);

  const total = scope.total;
  const reading = state.phase === 'reading';
  return (
    <Dialog
      open
      onClose={reading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="csv-export-title"
    >
      <DialogTitle id="csv-export-title">{t(`export.title.${entity}`)}</DialogTitle>
      <DialogContent>
        {reading && (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {t('export.filtered')}
            </Typography>
            <ProgressBar
              value={total && !total.more && total.value ? (state.read / total.value) * 100 : undefined}
              label={t(`export.title.${entity}`)}
            />
            <Typography role="status" sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums' }}>
              {t('export.reading', { count: state.read })}
              {total ? ` ${t('export.of', { total: formatCount(total, language) })}` : ''}
            </Typography>
          </>
        )}
        {state.phase === 'empty' && <Alert severity="info">{t('export.empty')}</Alert>}
        {state.phase === 'failed' && (
          <Alert severity="error">
            {t('export.failed')}: {tc(`errors.server.${state.reason}`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {reading ? (
          <Button
            onClick={() => {
              cancelled.current = true;
              onClose();
            }}
          >
            {t('export.cancel')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('import.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
