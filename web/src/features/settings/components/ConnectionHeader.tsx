import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A connection card's title (Gmail, WhatsApp Business): the provider's icon and name with its
 * state — connected, needs attention (broken), not connected (null) — or no chip while loading
 * (undefined). `labels` are the card's own words for the three states.
 */
export function ConnectionHeader({
  provider,
  icon,
  iconColors,
  status,
  labels,
  testId,
}: {
  provider: string;
  icon: ReactNode;
  iconColors: { bgcolor: string; color: string };
  status: 'connected' | 'broken' | null | undefined;
  labels: { connected: string; broken: string; notConnected: string };
  testId?: string;
}) {
  const chip =
    status === 'connected' ? (
      <Chip size="small" color="success" icon={<CheckCircleRoundedIcon />} label={labels.connected} />
    ) : status === 'broken' ? (
      <Chip size="small" color="warning" icon={<WarningAmberRoundedIcon />} label={labels.broken} />
    ) : status === null ? (
      <Chip size="small" icon={<LinkOffRoundedIcon />} label={labels.notConnected} />
    ) : null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          ...iconColors,
        }}
      >
        {icon}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        data-testid={testId}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {provider}
        </Typography>
        {chip}
      </Stack>
    </Stack>
  );
}
