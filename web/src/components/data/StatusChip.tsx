import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { enumLabel, type EnumName, type EnumValue } from '@/i18n/enums';

export type Tone = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

/** The colour of each value that has one (the spec's badge variants); the rest read neutral. */
const TONES: Partial<Record<EnumName, Record<string, Tone>>> = {
  taskStatus: { pending: 'warning', in_progress: 'info', completed: 'success', cancelled: 'default' },
  meetingStatus: { scheduled: 'info', completed: 'success', rescheduled: 'warning', no_show: 'error' },
  dealStage: { new: 'default', in_progress: 'info', proposal: 'primary', won: 'success', lost: 'error' },
  lifecycleStage: {
    lead: 'default',
    prospect: 'info',
    customer: 'success',
    partner: 'primary',
    other: 'default',
  },
  contactStatus: { active: 'success', inactive: 'default' },
  ticketStatus: {
    New: 'info',
    'In Progress': 'primary',
    Waiting: 'warning',
    Resolved: 'success',
    Closed: 'default',
  },
  ticketPriority: { Low: 'default', Medium: 'warning', High: 'error' },
  enrollmentStatus: {
    active: 'info',
    paused: 'warning',
    completed: 'success',
    stopped: 'default',
    unsubscribed: 'default',
    failed: 'error',
    replied: 'success',
  },
  sendStatus: { pending: 'default', sent: 'success', failed: 'error', skipped: 'warning' },
  consentStatus: { granted: 'success', pending: 'warning', withdrawn: 'default' },
};

/** The colour of an enum value ('default' when it has none). */
export function enumTone<N extends EnumName>(enumName: N, value: EnumValue<N>): Tone {
  return TONES[enumName]?.[value] ?? 'default';
}

/** A stored enum value as a small labelled badge in the current language. */
export function StatusChip<N extends EnumName>({
  enumName,
  value,
}: {
  enumName: N;
  value: EnumValue<N> | null | undefined;
}) {
  const { t } = useTranslation();
  if (!value) return <>-</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={enumTone(enumName, value)}
      label={enumLabel(t, enumName, value)}
      sx={{ fontWeight: 600 }}
    />
  );
}
