import AccessTimeRoundedIcon from '@mui/icons-material/AccessTimeRounded';
import DoneAllRoundedIcon from '@mui/icons-material/DoneAllRounded';
import DoneRoundedIcon from '@mui/icons-material/DoneRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { WaMessage } from '@trato/model';
import { LightTooltip } from '@/app/LightTooltip';
import { visuallyHidden } from '@/components/visuallyHidden';
import { failureReason, ticksOf } from '../utils/inbox';

/** The read ticks' colour (WhatsApp's blue, 4.6:1 on the outbound bubble). */
const READ_COLOR = '#0b6bcb';

/**
 * An outbound message's state: a clock while pending, ✓ sent, ✓✓ delivered, ✓✓ in blue read, or
 * in red 'No enviado' with the reason (the platform's words in a tooltip). The state is also said
 * in words to screen readers, never by the icon alone.
 */
export function MessageStatus({
  message,
}: {
  message: Pick<WaMessage, 'status' | 'failure' | 'failureDetail'>;
}) {
  const { t } = useTranslation('conversations');
  const ticks = ticksOf(message.status);
  if (ticks === null) return null;
  if (ticks === 'failed') {
    const reason = t(`failure.${failureReason(message.failure)}`);
    const label = (
      <Box
        component="span"
        data-testid="message-failed"
        // Focusable when it has details, so the tooltip opens from the keyboard too.
        tabIndex={message.failureDetail ? 0 : undefined}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          color: 'error.main',
          fontWeight: 600,
          borderRadius: 0.5,
          '&:focus-visible': { outline: 2, outlineColor: 'error.main', outlineStyle: 'solid' },
        }}
      >
        <ErrorOutlineRoundedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
        {t('status.failedWith', { reason })}
        {message.failureDetail && (
          <Box component="span" sx={visuallyHidden}>
            {` (${message.failureDetail})`}
          </Box>
        )}
      </Box>
    );
    return message.failureDetail ? (
      <LightTooltip title={message.failureDetail} placement="bottom-end">
        {label}
      </LightTooltip>
    ) : (
      label
    );
  }
  const Icon =
    ticks === 'clock' ? AccessTimeRoundedIcon : ticks === 'one' ? DoneRoundedIcon : DoneAllRoundedIcon;
  return (
    <Box
      component="span"
      data-testid="message-ticks"
      data-ticks={ticks}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        color: ticks === 'two-read' ? READ_COLOR : 'text.secondary',
      }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden="true" />
      <Box component="span" sx={visuallyHidden}>
        {t(`status.${message.status as 'pending' | 'sent' | 'delivered' | 'read'}`)}
      </Box>
    </Box>
  );
}
