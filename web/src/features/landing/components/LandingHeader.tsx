import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageToggle } from '@/components/LanguageToggle';
import { Logo } from '@/components/Logo';
import { accountLink, hasStoredSession } from '../session';

export function LandingHeader() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let alive = true;
    void hasStoredSession().then((yes) => alive && setSignedIn(yes));
    return () => {
      alive = false;
    };
  }, []);
  const account = accountLink(signedIn);
  return (
    <AppBar
      component="header"
      position="sticky"
      sx={{
        bgcolor: 'rgba(255,255,255,0.86)',
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 68 } }}>
          <Link
            component={RouterLink}
            to="/"
            aria-label={tc('common.homeLink')}
            sx={{ display: 'inline-flex', mr: 'auto' }}
          >
            <Logo size={30} />
          </Link>
          <Box component="nav" aria-label={t('header.mainNav')} sx={{ display: { xs: 'none', md: 'block' } }}>
            <Stack direction="row" spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              <li>
                <Link href="#funciones" color="text.secondary">
                  {t('header.features')}
                </Link>
              </li>
              <li>
                <Link href="#precios" color="text.secondary">
                  {t('header.pricing')}
                </Link>
              </li>
            </Stack>
          </Box>
          <LanguageToggle />
          <Button
            component={RouterLink}
            to={account.to}
            variant="contained"
            sx={{ whiteSpace: 'nowrap', px: { xs: 1.5, sm: 2.25 } }}
            // The static page's script swaps these for signed-in visitors (static/enhance.ts).
            data-account-link=""
            data-app-label={t('header.openApp')}
          >
            {t(account.label)}
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
