import MenuOpenRoundedIcon from '@mui/icons-material/MenuOpenRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LightTooltip } from '@/app/LightTooltip';
import { brand } from '@/app/theme';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { useMembership } from '@/firebase/dataApi';
import { useSidebar } from '../hooks/useSidebar';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_MOBILE } from '../sidebarState';
import { SubscriptionGate } from '@/features/subscription/components/SubscriptionGate';
import { needsSubscription } from '../../sections';
import { RouteTitle } from '../RouteTitle';
import { SectionGuard } from '../SectionGuard';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { SearchButton } from '../search/SearchButton';
import { SyncIndicator } from '../sync/SyncIndicator';
import { SidebarContent } from './Sidebar';
import { OrganizationMenu } from '../organizations/OrganizationMenu';
import { useOrganizationLink } from '../organizations/useOrganizationLink';
import { FullPageLoader } from '@/components/FullPageLoader';
import { SidePanel } from '@/components/SidePanel';

/** The sticky top bar's height. */
const TOP_BAR_HEIGHT = 56;
/**
 * What the page keeps clear above an element it scrolls to (a field focused after a refused
 * submit, a link followed by keyboard): the top bar and a field's floating label.
 */
const SCROLL_CLEARANCE = `${TOP_BAR_HEIGHT + 24}px`;

/** The signed-in pages scroll under the sticky top bar: keep what they scroll to clear of it. */
function useScrollClearance() {
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingTop = SCROLL_CLEARANCE;
    return () => {
      root.style.scrollPaddingTop = '';
    };
  }, []);
}

/**
 * The shell of the signed-in area (spec: Shell): collapsible sidebar (13rem / 3rem, a 16rem
 * slide-over below 768 px, Ctrl/Cmd+B, state in a cookie) and a top bar with the toggle.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const sidebar = useSidebar();
  const membership = useMembership();
  const { pathname } = useLocation();
  const collapsed = !sidebar.isMobile && !sidebar.open;
  const switching = useOrganizationLink();
  const toggleLabel = t('app.sidebar.toggle');
  useScrollClearance();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <SkipLink />
      <RouteTitle />
      {sidebar.isMobile ? (
        <SidePanel
          anchor="left"
          open={sidebar.open}
          onClose={sidebar.closeMobile}
          sx={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          <Box
            component="aside"
            aria-label={t('app.sidebar.label')}
            sx={{ height: '100%' }}
            data-testid="sidebar"
          >
            <SidebarContent collapsed={false} onNavigate={sidebar.closeMobile} />
          </Box>
        </SidePanel>
      ) : (
        <Box
          component="aside"
          aria-label={t('app.sidebar.label')}
          data-testid="sidebar"
          data-state={sidebar.open ? 'expanded' : 'collapsed'}
          sx={{
            width: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH,
            flexShrink: 0,
            // The background and border run the whole page height (long pages too); the content
            // inside stays in view while the page scrolls.
            alignSelf: 'stretch',
            bgcolor: 'background.paper',
            borderRight: `1px solid ${brand.border}`,
            transition: 'width .2s ease',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}>
            <SidebarContent collapsed={collapsed} />
          </Box>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          component="header"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: (theme) => theme.zIndex.appBar,
            height: TOP_BAR_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: { xs: 1, sm: 2 },
            bgcolor: 'rgba(255,255,255,0.92)',
            backdropFilter: 'blur(6px)',
            borderBottom: `1px solid ${brand.border}`,
          }}
        >
          <LightTooltip title={`${toggleLabel} (Ctrl+B)`} placement="bottom-start">
            <IconButton
              onClick={sidebar.toggle}
              aria-label={toggleLabel}
              aria-expanded={sidebar.open}
              aria-keyshortcuts="Control+B Meta+B"
            >
              {sidebar.open && !sidebar.isMobile ? <MenuOpenRoundedIcon /> : <MenuRoundedIcon />}
            </IconButton>
          </LightTooltip>
          <OrganizationMenu />
          {membership.status === 'ready' && (
            // Search and the bell start afresh in another organization, like the page.
            <Box
              key={membership.organizationId}
              sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <SyncIndicator uid={membership.uid} compact={sidebar.isMobile} />
              <SearchButton compact={sidebar.isMobile} />
              <NotificationsBell />
            </Box>
          )}
        </Box>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 4 }, outline: 'none' }}
        >
          <SectionGuard>
            <SubscriptionGate gated={needsSubscription(pathname)}>
              {/* A page never outlives its organization: another one mounts it afresh. */}
              <Fragment key={membership.organizationId ?? 'none'}>
                {switching ? <FullPageLoader label={t('app.loadingOrganization')} /> : <Outlet />}
              </Fragment>
            </SubscriptionGate>
          </SectionGuard>
        </Box>
      </Box>
    </Box>
  );
}
