import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { sectionHref } from '@/app/sections';
import { LoadingBlock } from '@/components/data/QueryState';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useMembership } from '@/firebase/dataApi';
import { SettingsHeader } from './components/SettingsHeader';
import { resolveSettingsTab, visibleSettingsTabs, type SettingsTab } from './utils/settingsTabs';

// Each tab's code (its forms, the permission matrix, the mail connection) comes with the tab: the
// page's first load holds the tabs alone, and the others are fetched once the page is idle.
const ProfileTab = lazyWithPrefetch(() => import('./ProfileTab').then((m) => ({ default: m.ProfileTab })));
const OrganizationTab = lazyWithPrefetch(() =>
  import('./OrganizationTab').then((m) => ({ default: m.OrganizationTab })),
);
const TeamTab = lazyWithPrefetch(() => import('./team/TeamTab').then((m) => ({ default: m.TeamTab })));
const PermissionsTab = lazyWithPrefetch(() =>
  import('./team/PermissionsTab').then((m) => ({ default: m.PermissionsTab })),
);
const EmailAccountsTab = lazyWithPrefetch(() =>
  import('./mail/EmailAccountsTab').then((m) => ({ default: m.EmailAccountsTab })),
);
const ChannelsTab = lazyWithPrefetch(() =>
  import('./channels/ChannelsTab').then((m) => ({ default: m.ChannelsTab })),
);

/**
 * /ajustes — Perfil, Organización, Equipo, Permisos, Email, Canales (admin-only tabs hidden from
 * sellers).
 */
export default function SettingsPage() {
  const membership = useMembership();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  usePrefetchWhenIdle(ProfileTab, OrganizationTab, TeamTab, PermissionsTab, EmailAccountsTab, ChannelsTab);

  const tab = resolveSettingsTab(params.get('tab'), membership.isAdmin);
  if (tab === 'forbidden') return <RedirectDenied />;
  // Portal has an address of its own (/ajustes/portal).
  if (tab === 'portal') return <Navigate to={sectionHref('settings', { page: 'portal' })} replace />;
  const tabs = visibleSettingsTabs(membership.isAdmin);
  const orgId = membership.organizationId;

  const select = (value: SettingsTab) => {
    if (value === 'portal') navigate(sectionHref('settings', { page: 'portal' }));
    else setParams(value === 'perfil' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <SettingsHeader tab={tab} tabs={tabs} onSelect={select} />
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        <Suspense fallback={<LoadingBlock />}>
          {tab === 'perfil' && <ProfileTab />}
          {tab === 'organizacion' && <OrganizationTab />}
          {tab === 'equipo' && orgId && <TeamTab organizationId={orgId} />}
          {tab === 'permisos' && orgId && membership.uid && (
            <PermissionsTab organizationId={orgId} selfUid={membership.uid} />
          )}
          {tab === 'email' && <EmailAccountsTab />}
          {tab === 'canales' && <ChannelsTab />}
        </Suspense>
      </Box>
    </Box>
  );
}
