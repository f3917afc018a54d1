import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { brand } from '@/app/theme';
import { LanguageToggle } from '@/components/LanguageToggle';
import { Logo } from '@/components/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { useToast } from '@/components/toast';
import { describeAuthError, useAuthApi, useSession } from '@/firebase';
import { NAV_ITEMS } from '../navigation';

/**
 * Interim frame of the signed-in area: top bar (language, user, sign out) and the
 * section links. The full shell (collapsible sidebar, search, notifications) replaces it later.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const api = useAuthApi();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const email = session.user?.email ?? '';

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await api.signOut();
      toast({ title: t('app.user.signedOut'), variant: 'success' });
      navigate('/auth', { replace: true });
    } catch (error) {
      const described = describeAuthError(error);
      toast({
        title: t('app.user.signOutError'),
        description: described.key ? t(described.key) : described.message,
        variant: 'destructive',
      });
      setSigningOut(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar
        component="header"
        position="sticky"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <Link
            component={RouterLink}
            to="/dashboard"
            aria-label={t('common.homeLink')}
            sx={{ display: 'inline-flex', mr: 'auto' }}
          >
            <Logo size={28} />
          </Link>
          <LanguageToggle />
          {email && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' }, maxWidth: 240 }}
              noWrap
              data-testid="user-email"
            >
              {email}
            </Typography>
          )}
          <Button
            onClick={handleSignOut}
            disabled={signingOut}
            startIcon={<LogoutRoundedIcon />}
            color="inherit"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('app.user.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: 0 }}>
        <Box
          component="nav"
          aria-label={t('app.nav.label')}
          sx={{
            width: { md: '13rem' },
            flexShrink: 0,
            // Full shorthand values: a bare width would reset the colour inside the media query.
            borderRight: { md: `1px solid ${brand.border}` },
            borderBottom: { xs: `1px solid ${brand.border}`, md: 'none' },
            bgcolor: 'background.paper',
            overflowX: { xs: 'auto', md: 'visible' },
          }}
        >
          <List
            sx={{
              display: 'flex',
              flexDirection: { xs: 'row', md: 'column' },
              gap: 0.5,
              p: 1,
              width: { xs: 'max-content', md: 'auto' },
            }}
          >
            {NAV_ITEMS.map((item) => (
              <ListItem key={item.path} disablePadding sx={{ width: 'auto' }}>
                <ListItemButton
                  component={NavLink}
                  to={item.path}
                  sx={{
                    borderRadius: 2,
                    flex: '0 0 auto',
                    '&.active': { bgcolor: 'rgba(67,56,202,0.1)', color: 'primary.dark', fontWeight: 700 },
                  }}
                >
                  <ListItemText
                    primary={t(`app.nav.${item.key}`)}
                    slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 4 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
