// Step 2: the file's columns matched to fields (a name is needed), its encoding if the guess was
// wrong, then the validation with its progress.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import type { EncodingChoice } from '../decode';
import { mappingProblem } from '../fields';
import type { Busy, LoadedFile } from './csvImportFlow';
import { MappingTable } from './MappingTable';
import { BusyProgress } from './ProgressBlock';
import { StepLayout, type StepProps } from './StepLayout';

const DELIMITER_NAMES: Record<string, 'comma' | 'semicolon' | 'tab' | 'pipe'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};

export function ColumnsStep({
  header,
  entity,
  phone,
  loaded: { file, encoding, summary, mapping },
  busy,
  flow,
  onClose,
}: StepProps<'load' | 'changeMapping' | 'back' | 'validate'> & {
  phone: boolean;
  loaded: LoadedFile;
  busy: Busy | null;
}) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const problem = mappingProblem(entity, mapping);
  const actions = (
    <>
      <Button onClick={flow.back} disabled={Boolean(busy)}>
        {t('import.back')}
      </Button>
      <Button onClick={onClose} disabled={Boolean(busy)} sx={{ ml: 'auto' }}>
        {tc('common.actions.cancel')}
      </Button>
      <Button variant="contained" onClick={flow.validate} disabled={Boolean(busy) || Boolean(problem)}>
        {t('import.columns.validate')}
      </Button>
    </>
  );
  return (
    <StepLayout header={header} actions={actions}>
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
          <OutlinedSelect
            id="csv-encoding"
            size="small"
            label={t('import.columns.encoding')}
            value={encoding}
            disabled={Boolean(busy)}
            onChange={(value) => flow.load(file, value as EncodingChoice)}
            sx={{ width: { xs: '100%', sm: 300 } }}
            options={[
              {
                value: 'auto',
                label: t('import.columns.encodings.auto', {
                  detected: t(`import.columns.encodings.${summary.encoding}`),
                }),
              },
              { value: 'utf-8', label: t('import.columns.encodings.utf-8') },
              { value: 'windows-1252', label: t('import.columns.encodings.windows-1252') },
            ]}
          />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('import.columns.intro')}
        </Typography>
        <MappingTable
          entity={entity}
          summary={summary}
          mapping={mapping}
          onChange={flow.changeMapping}
          phone={phone}
        />
        {problem && <Alert severity="warning">{t('import.columns.needName')}</Alert>}
        <BusyProgress busy={busy} />
      </Stack>
    </StepLayout>
  );
}
