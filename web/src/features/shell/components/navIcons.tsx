import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import ConfirmationNumberRoundedIcon from '@mui/icons-material/ConfirmationNumberRounded';
import ContactsRoundedIcon from '@mui/icons-material/ContactsRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import type { NavKey } from '../navigation';

export const NAV_ICONS: Record<NavKey, SvgIconComponent> = {
  dashboard: DashboardRoundedIcon,
  empresas: BusinessRoundedIcon,
  contactos: ContactsRoundedIcon,
  deals: HandshakeRoundedIcon,
  tareas: TaskAltRoundedIcon,
  reuniones: EventRoundedIcon,
  tickets: ConfirmationNumberRoundedIcon,
  marketing: CampaignRoundedIcon,
  documentos: FolderRoundedIcon,
  ajustes: SettingsRoundedIcon,
  admin: AdminPanelSettingsRoundedIcon,
};
