import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { LightTooltip } from '@/app/LightTooltip';
import { Logo } from '@/components/Logo';
import { useMembership } from '@/firebase/dataApi';
import { sectionHref, sidebarSections } from '../../sections';
import { UserMenu } from './UserMenu';
import { Rule } from '@/components/Rule';

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
          to={sectionHref('dashboard')}
          aria-label={t('common.homeLink')}
          onClick={onNavigate}
          sx={{ display: 'inline-flex' }}
        >
          <Logo size={collapsed ? 26 : 28} withWordmark={!collapsed} />
        </Link>
      </Box>
      <Rule />
      <Box
        component="nav"
        aria-label={t('app.nav.label')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {/* A plain list of links: MUI's List family would add ~3 KB to every signed-in page. */}
        <Box
          component="ul"
          sx={{
            m: 0,
            p: collapsed ? 0.5 : 1,
            listStyle: 'none',
            display: 'flex',
            flexDirection: 'column',
            gap: 0.25,
          }}
        >
          {items.map((item) => {
            const Icon = item.icon;
            const label = t(`app.sections.${item.key}`);
            const link = (
              <ButtonBase
                component={NavLink}
                to={`/${item.path}`}
                onClick={onNavigate}
                aria-label={collapsed ? label : undefined}
                sx={{
                  width: '100%',
                  gap: 1.25,
                  borderRadius: 2,
                  minHeight: 38,
                  px: collapsed ? 0 : 1.25,
                  justifyContent: collapsed ? 'center' : 'flex-start',
                  color: 'text.secondary',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                  '&.active': { bgcolor: 'rgba(67,56,202,0.1)', color: 'primary.dark', fontWeight: 700 },
                  '&.active svg': { color: 'primary.main' },
                }}
              >
                <Icon fontSize="small" aria-hidden="true" />
                {!collapsed && (
                  <Typography noWrap sx={{ fontWeight: 'inherit', fontSize: '0.93rem' }}>
                    {label}
                  </Typography>
                )}
              </ButtonBase>
            );
            return (
              <Box component="li" key={item.path} sx={{ display: 'flex' }}>
                {collapsed ? (
                  <LightTooltip title={label} placement="right">
                    {link}
                  </LightTooltip>
                ) : (
                  link
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
      <Rule />
      <Box sx={{ p: collapsed ? 0.5 : 1, flexShrink: 0 }}>
        <UserMenu collapsed={collapsed} />
      </Box>
    </Box>
  );
}
