import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SequenceStepType } from '@trato/model';

/** Each step type's icon (the step form's choice and the steps' list). */
export const STEP_ICONS: Record<SequenceStepType, SvgIconComponent> = {
  email: MailOutlineRoundedIcon,
  whatsapp: WhatsAppIcon,
  task: TaskAltRoundedIcon,
  wait: HourglassEmptyRoundedIcon,
};
