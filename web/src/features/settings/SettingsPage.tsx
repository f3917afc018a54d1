import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingBlock } from '@/components/data/QueryState';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { RedirectDenied } from '@/components/RedirectDenied';
import { useMembership } from '@/firebase/dataApi';
import { TabBar } from '@/components/TabBar';
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
const PortalTab = lazyWithPrefetch(() =>
  import('./portal/PortalTab').then((m) => ({ default: m.PortalTab })),
);

/**
 * /ajustes — Perfil, Organización, Equipo, Permisos, Email, Canales, Portal (admin-only tabs hidden from
 * sellers).
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const membership = useMembership();
  const [params, setParams] = useSearchParams();
  const title = tc('app.pages.settings');
  usePrefetchWhenIdle(
    ProfileTab,
    OrganizationTab,
    TeamTab,
    PermissionsTab,
    EmailAccountsTab,
    ChannelsTab,
    PortalTab,
  );

  const tab = resolveSettingsTab(params.get('tab'), membership.isAdmin);
  if (tab === 'forbidden') return <RedirectDenied />;
  const tabs = visibleSettingsTabs(membership.isAdmin);
  const orgId = membership.organizationId;

  const select = (value: SettingsTab) => {
    setParams(value === 'perfil' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <TabBar
          value={tab}
          onChange={select}
          label={t('tabs.label')}
          tabs={tabs.map((key) => ({
            value: key,
            label: t(`tabs.${key}`),
            id: `settings-tab-${key}`,
            controls: 'settings-panel',
          }))}
        />
      </Box>
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
          {tab === 'portal' && <PortalTab />}
        </Suspense>
      </Box>
    </Box>
  );
}
