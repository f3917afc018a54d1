import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { documentShareId, type DocumentShare, type WithId } from '@trato/model';
import { sectionHref } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { EntityPicker, PICKERS, type PickedRecord } from '@/components/form/EntityPickerField';
import { useErrorToast, useToast } from '@/components/toast';
import { useLiveList, useMembership } from '@/firebase/dataApi';
import { shareWithContact, sharesOfTargetRequest, stopSharing } from '@/firebase/portal';

export interface ShareTarget {
  type: DocumentShare['targetType'];
  id: string;
  name: string;
}

/**
 * 'Compartir con un contacto' (issue 34): a contact picked by name gets the file or folder on the
 * customer portal (organizations/{orgId}/documentShares/{contactId}_{targetId}); 'Compartido con'
 * lists who has it ('documentShares.byTarget'), each with 'Quitar'. Members with documents.edit.
 */
export function ShareDialog({
  organizationId,
  target,
  onClose,
}: {
  organizationId: string;
  target: ShareTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const { toast } = useToast();
  const showError = useErrorToast();
  const { can } = useMembership();
  const shares = useLiveList(sharesOfTargetRequest(organizationId, target.id));
  const [contact, setContact] = useState<PickedRecord | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canOpenContacts = can('contacts', 'view');

  const share = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!contact) {
      setProblem(t('share.pickFirst'));
      return;
    }
    const already = (shares.data ?? []).some((row) => row.id === documentShareId(contact.id, target.id));
    if (already) {
      setProblem(t('share.already', { name: contact.label }));
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await shareWithContact(organizationId, {
        contactId: contact.id,
        contactName: contact.label,
        targetType: target.type,
        targetId: target.id,
        targetName: target.name,
      });
      toast({ title: t('share.shared', { name: contact.label }), variant: 'success' });
      setContact(null);
    } catch (error) {
      showError(error, t('share.error'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (row: WithId<DocumentShare>) => {
    setRemoving(row.id);
    try {
      await stopSharing(organizationId, row.id);
      toast({ title: t('share.removed', { name: row.contactName }), variant: 'success' });
    } catch (error) {
      showError(error, t('share.removeError'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">{t('share.title', { name: target.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(target.type === 'folder' ? 'share.bodyFolder' : 'share.bodyDocument')}
        </DialogContentText>
        <Box
          component="form"
          noValidate
          aria-label={t('share.formLabel')}
          onSubmit={(e) => void share(e)}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1,
            alignItems: { sm: 'flex-start' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <EntityPicker
              id="share-contact"
              label={t('share.contact')}
              queries={PICKERS.contacts}
              value={contact}
              onChange={(value) => {
                setContact(value);
                setProblem(null);
              }}
              error={problem !== null}
              helperText={problem ?? undefined}
            />
          </Box>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            aria-busy={saving}
            sx={{ minHeight: 56 }}
          >
            {saving ? t('share.sharing') : t('share.submit')}
          </Button>
        </Box>
        <Typography component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
          {t('share.sharedWith')}
        </Typography>
        <QueryState
          state={shares}
          loadingLabel={t('share.loading')}
          errorTitle={t('share.loadError')}
          isEmpty={shares.data?.length === 0}
          empty={<Typography sx={{ color: 'text.secondary' }}>{t('share.none')}</Typography>}
        >
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="share-list">
            {(shares.data ?? []).map((row) => (
              <Box
                component="li"
                key={row.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  py: 0.75,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {canOpenContacts ? (
                    <Link
                      component={RouterLink}
                      to={sectionHref('contacts', { id: row.contactId, page: 'portal' })}
                    >
                      {row.contactName}
                    </Link>
                  ) : (
                    row.contactName
                  )}
                </Box>
                <Button
                  size="small"
                  color="error"
                  onClick={() => void remove(row)}
                  disabled={removing === row.id}
                  aria-label={t('share.removeLabel', { name: row.contactName })}
                >
                  {t('share.remove')}
                </Button>
              </Box>
            ))}
          </Stack>
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
