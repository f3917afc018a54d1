import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AnchoredPanel } from '@/components/AnchoredPanel';
import { LanguageToggle } from '@/components/LanguageToggle';
import { RoundBadge } from '@/components/RoundBadge';
import { useLanguageChoice, useMembership } from '@/firebase/dataApi';
import { useSignOut } from '@/components/useSignOut';
import { LightTooltip } from '@/app/LightTooltip';
import { sectionHref } from '@/app/sections';
import { OrganizationList } from '../organizations/OrganizationList';
import { useCanAddOrganization, useNewOrganization } from '../organizations/OrganizationMenu';
import { Rule } from '@/components/Rule';

function initialOf(name: string, email: string): string {
  return (name.trim() || email.trim() || '?').charAt(0).toUpperCase();
}

/** Bottom of the sidebar: the user's email; opens language toggle and 'Cerrar sesión'. */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const membership = useMembership();
  const chooseLanguage = useLanguageChoice();
  const { signOut, busy } = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const canAddOrganization = useCanAddOrganization();
  const newOrganization = useNewOrganization();
  const close = () => setAnchor(null);
  const email = membership.email;
  const name = membership.profile?.fullName ?? '';
  const open = Boolean(anchor);

  const trigger = (
    <ButtonBase
      onClick={(event) => setAnchor(event.currentTarget)}
      // The name and e-mail it shows, in its name (WCAG 2.5.3).
      aria-label={t('app.user.menuFor', { who: [name, email].filter(Boolean).join(' ') })}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      sx={{
        width: '100%',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 1.25,
        p: collapsed ? 0.5 : 1,
        borderRadius: 2,
        textAlign: 'left',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <RoundBadge size={30}>{initialOf(name, email)}</RoundBadge>
      {!collapsed && (
        <Box sx={{ minWidth: 0 }}>
          {name && (
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
          )}
          <Typography
            variant="caption"
            noWrap
            component="p"
            sx={{ color: 'text.secondary' }}
            data-testid="user-email"
          >
            {email}
          </Typography>
        </Box>
      )}
    </ButtonBase>
  );

  return (
    <>
      {collapsed ? (
        <LightTooltip title={email} placement="right">
          {trigger}
        </LightTooltip>
      ) : (
        trigger
      )}
      {anchor && (
        <AnchoredPanel
          id={menuId}
          anchor={anchor}
          placement="above-start"
          width={280}
          onClose={close}
          label={t('app.user.menu')}
          sx={{ p: 2 }}
        >
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('app.user.signedInAsLabel')}
          </Typography>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all', mb: 1.5 }} data-testid="user-menu-email">
            {email}
          </Typography>
          {(membership.organizations.length > 1 || canAddOrganization) && (
            <Box sx={{ mb: 1.5 }}>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {t('app.organizations.title')}
              </Typography>
              <OrganizationList onChosen={close} />
              {canAddOrganization && newOrganization.button(close)}
              <Rule sx={{ mt: 1 }} />
            </Box>
          )}
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography variant="body2">{t('common.language.label')}</Typography>
            <LanguageToggle onChange={chooseLanguage} />
          </Stack>
          {membership.organizationId && (
            <Button
              component={RouterLink}
              to={sectionHref('subscription')}
              fullWidth
              color="inherit"
              onClick={close}
              startIcon={<CreditCardRoundedIcon />}
              sx={{ justifyContent: 'flex-start', mb: 1 }}
            >
              {t('app.sections.subscription')}
            </Button>
          )}
          <Rule sx={{ mb: 1.5 }} />
          <Button
            fullWidth
            variant="outlined"
            color="inherit"
            onClick={() => void signOut()}
            disabled={busy}
            aria-busy={busy}
            startIcon={
              busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <LogoutRoundedIcon />
            }
          >
            {t('app.user.signOut')}
          </Button>
        </AnchoredPanel>
      )}
      {newOrganization.dialog}
    </>
  );
}
