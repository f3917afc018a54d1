import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RoundBadge } from '@/components/RoundBadge';
import { useToast } from '@/components/toast';
import { useMembership, type OrganizationOption } from '@/firebase/dataApi';
import { sectionRootOf } from './organizationLinks';

/** 'Administrador · Prueba gratis': the role and the subscription's state, in the switcher. */
function useDescribe(): (option: OrganizationOption) => string {
  const { t } = useTranslation();
  return (option) =>
    t('app.organizations.roleIn', {
      role: t(`enums.role.${option.role}`),
      subscription: option.subscription
        ? t(`enums.subscriptionStatus.${option.subscription.status}`)
        : t('app.organizations.noSubscription'),
    });
}

/**
 * The person's organizations (issue 30): the open one marked; choosing another opens it here at
 * once (every page, list, listener, search and the bell follow the membership) at the section the
 * person was in, and this device remembers it.
 */
export function OrganizationList({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const membership = useMembership();
  const describe = useDescribe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { toast } = useToast();

  const open = (option: OrganizationOption) => {
    onChosen();
    if (option.id === membership.organizationId) return;
    // A record's page would not exist in the other organization: its section's list does.
    navigate(sectionRootOf(pathname));
    membership.switchOrganization(option.id);
    toast({ title: t('app.organizations.switched', { name: option.name }), variant: 'success' });
  };

  return (
    <Box component="ul" aria-label={t('app.organizations.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {membership.organizations.map((option) => {
        const current = option.id === membership.organizationId;
        return (
          <li key={option.id}>
            <ButtonBase
              onClick={() => open(option)}
              aria-current={current ? 'true' : undefined}
              data-testid="organization-option"
              sx={{
                width: '100%',
                justifyContent: 'flex-start',
                gap: 1.25,
                px: 1,
                py: 0.75,
                borderRadius: 2,
                textAlign: 'left',
                // The open one: marked by its background (and aria-current for assistive tech).
                bgcolor: current ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <RoundBadge size={28}>{option.name.trim().charAt(0).toUpperCase() || '?'}</RoundBadge>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                  {option.name}
                </Typography>
                <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                  {describe(option)}
                </Typography>
              </Box>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
