import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Modal from '@mui/material/Modal';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '@trato/model';
import type { ValidationKey } from '@/components/form/rules';
import { useErrorToast, useToast } from '@/components/toast';
import { callFunction, newOrganizationId, useMembership } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';

// The key of components/form/rules' VALIDATION, spelled out (checked by type): the module brings yup.
const COMPANY_REQUIRED: ValidationKey = 'auth.validation.companyRequired';

/** The name's message key, or null when it is fine (the sign-up's company name rules). */
export function organizationNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return COMPANY_REQUIRED;
  return [...trimmed].length > LIMITS.orgName ? 'errors.tooLong' : null;
}

/**
 * 'Nueva organización' (administrators): its name, then it opens, on its Suscripción page where
 * its own 14-day trial starts. A failed creation keeps the name typed; a retry after a lost answer
 * reuses the same id, so it never creates two. One field, so built from what the shell already
 * loads (Modal, Paper, OutlinedInput — the search box's): no form library, no Dialog or TextField.
 */
export default function NewOrganizationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const showFailure = useErrorToast();
  const membership = useMembership();
  const language = useLanguage();
  const navigate = useNavigate();
  const organizationId = useRef<string | null>(null);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched ? organizationNameError(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || organizationNameError(name)) return;
    setBusy(true);
    try {
      organizationId.current ??= newOrganizationId();
      const created = await callFunction('addOrganization', {
        organizationId: organizationId.current,
        companyName: name.trim(),
        language,
      });
      // The membership waits for the profile to list it, then opens it.
      membership.switchOrganization(created.organizationId);
      navigate(sectionHref('subscription'));
      toast({ title: t('app.organizations.created', { name: name.trim() }), variant: 'success' });
      onClose();
    } catch (failure) {
      showFailure(failure);
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={busy ? undefined : onClose}>
      <Paper
        component="form"
        role="dialog"
        aria-modal="true"
        aria-labelledby="new-organization-title"
        onSubmit={(event: FormEvent) => void submit(event)}
        noValidate
        sx={{
          position: 'absolute',
          top: { xs: 16, sm: '20vh' },
          left: '50%',
          transform: 'translateX(-50%)',
          width: 'min(440px, calc(100vw - 32px))',
          p: 3,
          outline: 'none',
        }}
      >
        <Typography
          id="new-organization-title"
          variant="h2"
          sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}
        >
          {t('app.organizations.newTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          {t('app.organizations.newHint')}
        </Typography>
        <Box
          component="label"
          htmlFor="new-organization-name"
          sx={{ display: 'block', typography: 'body2', fontWeight: 600, mb: 0.75 }}
        >
          {t('app.organizations.name')} *
        </Box>
        <OutlinedInput
          id="new-organization-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={Boolean(error)}
          required
          autoFocus
          fullWidth
          disabled={busy}
          inputProps={{
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? 'new-organization-error' : undefined,
            maxLength: LIMITS.orgName + 50,
          }}
        />
        {error && (
          <Typography
            id="new-organization-error"
            variant="caption"
            sx={{ color: 'error.main', display: 'block', mt: 0.75 }}
          >
            {t(error as never)}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('common.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            aria-busy={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {t('app.organizations.create')}
          </Button>
        </Stack>
      </Paper>
    </Modal>
  );
}
