import Box from '@mui/material/Box';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchoredPanel } from '@/components/AnchoredPanel';
import { useMembership } from '@/firebase/dataApi';
import NewOrganizationDialog from './NewOrganizationDialog';
import { OrganizationList } from './OrganizationList';
import { Rule } from '@/components/Rule';

/** Administrators of any of their organizations may open another (issue 30). */
export function useCanAddOrganization(): boolean {
  const { organizations } = useMembership();
  return organizations.some((organization) => organization.role === 'admin');
}

/**
 * 'Nueva organización': the button for a panel and the dialog it opens. The dialog lives with the
 * caller (the top bar, the user menu), which outlives the panel that closes as it opens.
 */
export function useNewOrganization() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (onPress: () => void) => (
    <Button
      fullWidth
      color="inherit"
      startIcon={<AddRoundedIcon />}
      onClick={() => {
        onPress();
        setOpen(true);
      }}
      sx={{ justifyContent: 'flex-start' }}
    >
      {t('app.organizations.new')}
    </Button>
  );
  // In the shell's code, not a chunk of its own: one field, and a file of its own costs more.
  const dialog = open ? <NewOrganizationDialog onClose={() => setOpen(false)} /> : null;
  return { button, dialog };
}

/**
 * The top bar's organization: its name, and for a person with several (or an administrator, who
 * may open another) the switcher under it.
 */
export function OrganizationMenu() {
  const { t } = useTranslation();
  const membership = useMembership();
  const canAdd = useCanAddOrganization();
  const { button, dialog } = useNewOrganization();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const name = membership.organization?.name;
  if (!name) return null;
  if (membership.organizations.length < 2 && !canAdd) {
    return (
      <Typography noWrap sx={{ fontWeight: 600, color: 'text.secondary' }} data-testid="org-name">
        {name}
      </Typography>
    );
  }
  const close = () => setAnchor(null);
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('app.organizations.switcher', { name })}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? panelId : undefined}
        sx={{
          minWidth: 0,
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 2,
          color: 'text.secondary',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Typography noWrap sx={{ fontWeight: 600 }} data-testid="org-name">
          {name}
        </Typography>
        {/* A chevron from the font: an icon module would cost every page a few hundred bytes. */}
        <Box component="span" aria-hidden="true" sx={{ fontSize: '0.8rem', lineHeight: 1 }}>
          ▾
        </Box>
      </ButtonBase>
      {anchor && (
        <AnchoredPanel
          id={panelId}
          anchor={anchor}
          placement="below-start"
          width={300}
          onClose={close}
          label={t('app.organizations.title')}
          sx={{ p: 1 }}
        >
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', px: 1, pb: 0.5 }}>
            {t('app.organizations.title')}
          </Typography>
          <OrganizationList onChosen={close} />
          {canAdd && (
            <>
              <Rule sx={{ my: 1 }} />
              {button(close)}
            </>
          )}
        </AnchoredPanel>
      )}
      {dialog}
    </>
  );
}
