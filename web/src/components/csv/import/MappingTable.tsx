// The columns step's table: each column of the file, two examples of its cells, and what to import
// it as (each field once: a field another column has is disabled).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { TARGETS, type ColumnMapping, type CsvEntity } from '../fields';
import type { ParsedSummary } from '../session';
import { choiceOf, IGNORE_COLUMN, targetOf } from './columnChoice';

/** Up to two non-empty cells of a column, on one line. */
const examples = (summary: ParsedSummary, column: number) =>
  summary.sample
    .map((row) => (row[column] ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' · ');

export function MappingTable({
  entity,
  summary,
  mapping,
  onChange,
  phone,
}: {
  entity: CsvEntity;
  summary: ParsedSummary;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  phone: boolean;
}) {
  const { t } = useTranslation('csv');
  const target = t('import.columns.target');
  const columns = phone ? '1fr' : 'minmax(0, 1fr) minmax(0, 1.3fr) 220px';
  return (
    <Box role="table" aria-label={target} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
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
          {[t('import.columns.column'), t('import.columns.example'), target].map((h) => (
            <Typography key={h} role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
              {h}
            </Typography>
          ))}
        </Box>
      )}
      {summary.headers.map((header, i) => {
        const taken = new Set(mapping.filter((m, j) => m && j !== i));
        const name = header || t('import.columns.unnamed');
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
              {examples(summary, i) || '-'}
            </Typography>
            <Box role="cell">
              <OutlinedSelect
                id={`csv-column-${i}`}
                size="small"
                fullWidth
                label={phone ? target : undefined}
                ariaLabel={`${target}: ${name}`}
                value={choiceOf(mapping[i] ?? null)}
                onChange={(value) => {
                  const next = [...mapping];
                  next[i] = targetOf(entity, value);
                  onChange(next);
                }}
                displayEmpty
                options={[
                  { value: IGNORE_COLUMN, label: <em>{t('import.columns.ignore')}</em> },
                  ...TARGETS[entity].map((field) => ({
                    value: field,
                    label: t(`columns.${field}`),
                    disabled: taken.has(field),
                  })),
                ]}
              />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
