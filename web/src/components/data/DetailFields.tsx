import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailField {
  label: string;
  /** Missing values read '-'. */
  value: ReactNode;
}

const isMissing = (value: ReactNode) => value === null || value === undefined || value === '';

/** A record's fields as label / value pairs, two columns on wide screens. */
export function DetailFields({ fields }: { fields: DetailField[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 4,
        rowGap: 2,
        m: 0,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {field.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {isMissing(field.value) ? '-' : field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
