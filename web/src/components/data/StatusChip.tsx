import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { enumLabel, type EnumName, type EnumValue } from '@/i18n/enums';

type Tone = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

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
};

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
      color={TONES[enumName]?.[value] ?? 'default'}
      label={enumLabel(t, enumName, value)}
      sx={{ fontWeight: 600 }}
    />
  );
}
