import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { brand } from '@/app/theme';

interface LogoProps {
  /** Height of the mark in px. */
  size?: number;
  /** Show the "Trato" word next to the mark. */
  withWordmark?: boolean;
  /** Colour of the wordmark. */
  tone?: 'dark' | 'light';
}

/** Trato's mark (two joined arcs, a deal closing) and wordmark. Purely decorative: the surrounding link names it. */
export function Logo({ size = 32, withWordmark = true, tone = 'dark' }: LogoProps) {
  const gradientId = useId();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }} aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 32 32" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
            <stop offset="0" stopColor={brand.primaryLight} />
            <stop offset="1" stopColor={brand.primaryDark} />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path d="M9 11.5h14" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
        <path d="M16 11.5v11" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
        <circle cx="23.2" cy="21.8" r="2.6" fill="#5EEAD4" />
      </svg>
      {withWordmark && (
        <Typography
          component="span"
          sx={{
            fontWeight: 800,
            fontSize: size * 0.66,
            letterSpacing: '-0.03em',
            color: tone === 'light' ? '#fff' : 'text.primary',
            lineHeight: 1,
          }}
        >
          Trato
        </Typography>
      )}
    </Box>
  );
}
