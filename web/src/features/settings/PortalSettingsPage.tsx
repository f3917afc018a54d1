import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { sectionHref } from '@/app/sections';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useMembership } from '@/firebase/dataApi';
import { SettingsHeader } from './components/SettingsHeader';
import { PortalTab } from './portal/PortalTab';
import { visibleSettingsTabs, type SettingsTab } from './utils/settingsTabs';

/**
 * /ajustes/portal — Ajustes → Portal (issue 34, admins): the same title and tab row as /ajustes,
 * with the customer portal's settings below. An address of its own keeps the portal's form and
 * texts off /ajustes; the other tabs lead back there.
 */
export default function PortalSettingsPage() {
  const membership = useMembership();
  const navigate = useNavigate();
  if (!membership.isAdmin) return <RedirectDenied />;
  const select = (value: SettingsTab) => {
    if (value === 'portal') return;
    navigate(sectionHref('settings', value === 'perfil' ? {} : { query: { tab: value } }));
  };
  return (
    <Box sx={{ maxWidth: 960 }}>
      <SettingsHeader tab="portal" tabs={visibleSettingsTabs(true)} onSelect={select} />
      <Box role="tabpanel" id="settings-panel" aria-labelledby="settings-tab-portal">
        <PortalTab />
      </Box>
    </Box>
  );
}
