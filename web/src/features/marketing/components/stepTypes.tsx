import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SequenceStepType } from '@trato/model';

/**
 * Each step type's icon (the step form's choice and the steps' list); WhatsApp's is the sidebar's
 * 'Conversaciones' icon, which every signed-in page has loaded already.
 */
export const STEP_ICONS: Record<SequenceStepType, SvgIconComponent> = {
  email: MailOutlineRoundedIcon,
  whatsapp: ForumRoundedIcon,
  task: TaskAltRoundedIcon,
  wait: HourglassEmptyRoundedIcon,
};
