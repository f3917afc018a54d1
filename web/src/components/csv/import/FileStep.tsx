// Step 1: the file, picked or dropped, and the template to fill in.
import FileUploadRoundedIcon from '@mui/icons-material/FileUploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../download';
import { csvFileText, csvLine, exportHeader } from '../exportCsv';
import { useExportLabels } from '../useExportLabels';
import type { Busy } from './csvImportFlow';
import { BusyProgress } from './ProgressBlock';
import { StepLayout, type StepProps } from './StepLayout';

export function FileStep({ header, entity, busy, flow, onClose }: StepProps<'load'> & { busy: Busy | null }) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const labels = useExportLabels();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onFile = (file: File) => flow.load(file, 'auto');
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) onFile(dropped);
  };
  const downloadTemplate = () =>
    downloadCsv(
      `${t(`export.fileName.${entity}`)}.csv`,
      csvFileText([csvLine(exportHeader(entity, labels))]),
    );
  return (
    <StepLayout header={header} actions={<Button onClick={onClose}>{tc('common.actions.cancel')}</Button>}>
      <BusyProgress busy={busy} />
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
          <Typography sx={{ fontWeight: 700, mt: 1 }}>{t('import.file.drop')}</Typography>
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={Boolean(busy)}
            onClick={() => input.current?.click()}
          >
            {t('import.file.choose')}
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
          {t('import.file.hint')}
        </Typography>
        <Box>
          <Button size="small" onClick={downloadTemplate}>
            {t('import.file.template')}
          </Button>
        </Box>
      </Stack>
    </StepLayout>
  );
}
