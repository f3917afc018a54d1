import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RefusedRow } from '../validate';
import { useReasons } from './useReasons';

/** Refused rows listed in the review (all of them are in the downloadable file). */
const LISTED_REFUSALS = 50;
const ROW = { display: 'grid', gridTemplateColumns: '64px 1fr', px: 2, py: 0.75 } as const;

/** The review's table of refused rows: each row's number and why. */
export function RefusedList({ rows }: { rows: RefusedRow[] }) {
  const { t } = useTranslation('csv');
  const reasons = useReasons();
  const title = t('import.review.refusedTitle');
  const more = rows.length - LISTED_REFUSALS;
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{title}</Typography>
      <Box
        role="table"
        aria-label={title}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 260, overflow: 'auto' }}
      >
        <Box role="row" sx={{ ...ROW, bgcolor: 'background.default' }}>
          <Typography role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
            {t('import.review.row')}
          </Typography>
          <Typography role="columnheader" variant="body2" sx={{ fontWeight: 700 }}>
            {t('import.review.reason')}
          </Typography>
        </Box>
        {rows.slice(0, LISTED_REFUSALS).map((r) => (
          <Box key={r.row} role="row" sx={{ ...ROW, borderTop: 1, borderColor: 'divider' }}>
            <Typography role="cell" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.row}
            </Typography>
            <Typography role="cell" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {reasons(r.issues)}
            </Typography>
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('import.review.more', { count: more })}
        </Typography>
      )}
    </Box>
  );
}
