import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { LightTooltip } from '@/app/LightTooltip';
import { Logo } from '@/components/Logo';
import { useMembership } from '@/firebase/dataApi';
import { sidebarSections } from '../../sections';
import { UserMenu } from './UserMenu';

/** Logo, the sections the member may view (live), and the user menu at the bottom. */
export function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const membership = useMembership();
  const items = sidebarSections({
    canView: (resource) => membership.can(resource, 'view'),
    isAdmin: membership.isAdmin,
    isSuperadmin: membership.isSuperadmin,
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          height: 56,
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'flex-start',
          px: collapsed ? 0 : 2,
          flexShrink: 0,
        }}
      >
        <Link
          component={RouterLink}
          to="/dashboard"
          aria-label={t('common.homeLink')}
          onClick={onNavigate}
          sx={{ display: 'inline-flex' }}
        >
          <Logo size={collapsed ? 26 : 28} withWordmark={!collapsed} />
        </Link>
      </Box>
      <Divider />
      <Box
        component="nav"
        aria-label={t('app.nav.label')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        <List sx={{ p: collapsed ? 0.5 : 1, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
          {items.map((item) => {
            const Icon = item.icon;
            const label = t(`app.sections.${item.key}`);
            const button = (
              <ListItemButton
                component={NavLink}
                to={`/${item.path}`}
                onClick={onNavigate}
                aria-label={collapsed ? label : undefined}
                sx={{
                  borderRadius: 2,
                  minHeight: 38,
                  px: collapsed ? 0 : 1.25,
                  justifyContent: collapsed ? 'center' : 'flex-start',
                  color: 'text.secondary',
                  '&.active': { bgcolor: 'rgba(67,56,202,0.1)', color: 'primary.dark', fontWeight: 700 },
                  '&.active .MuiListItemIcon-root': { color: 'primary.main' },
                }}
              >
                <ListItemIcon sx={{ minWidth: collapsed ? 0 : 34, color: 'inherit' }}>
                  <Icon fontSize="small" aria-hidden="true" />
                </ListItemIcon>
                {!collapsed && (
                  <ListItemText
                    primary={label}
                    slotProps={{
                      primary: { sx: { fontWeight: 'inherit', fontSize: '0.93rem' }, noWrap: true },
                    }}
                  />
                )}
              </ListItemButton>
            );
            return (
              <ListItem key={item.path} disablePadding>
                {collapsed ? (
                  <LightTooltip title={label} placement="right">
                    {button}
                  </LightTooltip>
                ) : (
                  button
                )}
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: collapsed ? 0.5 : 1, flexShrink: 0 }}>
        <UserMenu collapsed={collapsed} />
      </Box>
    </Box>
  );
}
