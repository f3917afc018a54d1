// The steps of a wizard, numbered, the current one marked and those before it ticked: what MUI's
// Stepper shows with `alternativeLabel`, without its five components and icons (~2 KB of gzip on
// routes already at their budget). An ordered list; the current step is aria-current="step".
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '@/components/visuallyHidden';

export function StepTrail({
  steps,
  active,
  compact = false,
  sx,
}: {
  steps: string[];
  /** The index of the current step. */
  active: number;
  /** Phones: only the current step's name is shown (the others keep theirs for screen readers). */
  compact?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="ol"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))`,
          listStyle: 'none',
          p: 0,
          m: 0,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {steps.map((label, i) => {
        const state = i < active ? 'done' : i === active ? 'current' : 'next';
        return (
          <Box
            component="li"
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            sx={{
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              gap: 1,
              minWidth: 0,
              // The line from the previous step, between the two circles.
              '&:not(:first-of-type)::before': {
                content: '""',
                position: 'absolute',
                top: 12,
                right: 'calc(50% + 20px)',
                left: 'calc(-50% + 20px)',
                borderTop: 1,
                borderColor: 'divider',
              },
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: 12,
                fontWeight: 700,
                color: state === 'next' ? 'text.secondary' : 'primary.contrastText',
                bgcolor: state === 'next' ? 'action.disabled' : 'primary.main',
              }}
            >
              {state === 'done' ? '✓' : i + 1}
            </Box>
            <Box
              component="span"
              sx={[
                {
                  typography: 'body2',
                  fontWeight: state === 'current' ? 600 : 400,
                  color: state === 'next' ? 'text.secondary' : 'text.primary',
                  overflowWrap: 'anywhere',
                },
                compact && state !== 'current' && visuallyHidden,
              ]}
            >
              {label}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
