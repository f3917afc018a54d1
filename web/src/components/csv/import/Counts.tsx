import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCountFormat } from './useCountFormat';

export type Tone = 'success' | 'info' | 'neutral' | 'error';
const TONE_COLOR: Record<Tone, string> = {
  success: 'success.main',
  info: 'primary.main',
  neutral: 'text.primary',
  error: 'error.main',
};

export interface CountItem {
  label: string;
  value: number;
  tone: Tone;
}

/** The review's and the report's figures, as a description list (one test id per label). */
export function Counts({ items }: { items: CountItem[] }) {
  const n = useCountFormat();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${Math.min(items.length, 4)}, 1fr)` },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box
          key={item.label}
          data-testid={`csv-count-${item.label}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontSize: '1.6rem',
              fontWeight: 800,
              color: TONE_COLOR[item.tone],
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {n(item.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
