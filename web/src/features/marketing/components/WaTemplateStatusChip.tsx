import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { WaTemplateStatus } from '@trato/model';

const TONES: Record<WaTemplateStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  paused: 'warning',
  disabled: 'default',
};

/** A template's review state in words: 'En revisión', 'Aprobada', 'Rechazada', 'En pausa', 'Desactivada'. */
export function WaTemplateStatusChip({ status }: { status: WaTemplateStatus }) {
  const { t } = useTranslation('marketing');
  return (
    <Chip
      size="small"
      variant={status === 'approved' ? 'filled' : 'outlined'}
      color={TONES[status]}
      label={t(`waTemplates.status.${status}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}
