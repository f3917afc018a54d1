import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOPICS_MAX, topicSchema, type Topic, type WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/data/QueryState';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useToast } from '@/components/toast';
import { createRecord, deleteRecord, updateRecord } from '@/firebase/dataApi';
import { topicsTarget, useTopics } from '../hooks/useTopics';

/**
 * 'Temas' (Campañas): the subjects of the organization's marketing emails that contacts keep or
 * leave, each on its own, from the unsubscribe link of every email (the preference centre). By
 * name, at most TOPICS_MAX; adding, editing and deleting as the member's rights allow.
 */
export function TopicsDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const topics = useTopics(organizationId);
  const canCreate = useCan('marketing', 'create');
  const canEdit = useCan('marketing', 'edit');
  const canDelete = useCan('marketing', 'delete');
  /** The topic in the form: 'new', or the one edited. */
  const [editing, setEditing] = useState<WithId<Topic> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WithId<Topic> | null>(null);
  const rows = topics.data ?? [];
  const full = rows.length >= TOPICS_MAX;

  const remove = async (topic: WithId<Topic>) => {
    await deleteRecord(topicsTarget(organizationId), topic.id);
    toast({ title: t('topics.toasts.deleted'), variant: 'success' });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="topics-title">
      <DialogTitle id="topics-title">{t('topics.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('topics.intro')}</Typography>
        <QueryState state={topics} loadingLabel={t('topics.loading')} errorTitle={t('topics.loadFailed')}>
          {rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('topics.empty')}</Typography>
          ) : (
            <Stack
              component="ul"
              aria-label={t('topics.title')}
              spacing={1}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {rows.map((topic) => (
                <Box
                  component="li"
                  key={topic.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: 1,
                    p: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{topic.name}</Typography>
                    {topic.description && (
                      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {topic.description}
                      </Typography>
                    )}
                  </Box>
                  {canEdit && (
                    <IconButton
                      aria-label={t('topics.editLabel', { name: topic.name })}
                      onClick={() => setEditing(topic)}
                    >
                      <EditRoundedIcon />
                    </IconButton>
                  )}
                  {canDelete && (
                    <IconButton
                      aria-label={t('topics.deleteLabel', { name: topic.name })}
                      onClick={() => setDeleting(topic)}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  )}
                </Box>
              ))}
            </Stack>
          )}
          {full && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('topics.limit', { max: TOPICS_MAX })}
            </Alert>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {canCreate && (
          <Button
            startIcon={<AddRoundedIcon />}
            onClick={() => setEditing('new')}
            disabled={topics.status !== 'success' || full}
          >
            {t('topics.add')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} sx={{ ml: 'auto' }}>
          {t('topics.close')}
        </Button>
      </DialogActions>
      {editing && (
        <TopicFormDialog
          organizationId={organizationId}
          topic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('topics.delete.title')}
        body={deleting ? t('topics.delete.body', { name: deleting.name }) : ''}
        confirmLabel={t('delete')}
        errorTitle={t('topics.toasts.deleteFailed')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}

/** 'Nuevo tema' and 'Editar tema': its name and description. A failed save keeps what was typed. */
function TopicFormDialog({
  organizationId,
  topic,
  onClose,
}: {
  organizationId: string;
  /** null: a new topic. */
  topic: WithId<Topic> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const save = async (values: { name: string; description: string | null }) => {
    if (topic) {
      await updateRecord(topicsTarget(organizationId), topic.id, values, topic);
      toast({ title: t('topics.toasts.saved'), variant: 'success' });
      return;
    }
    await createRecord(topicsTarget(organizationId), values);
    toast({ title: t('topics.toasts.created'), variant: 'success' });
  };
  return (
    <FormDialog
      open
      title={t(topic ? 'topics.form.editTitle' : 'topics.form.newTitle')}
      initialValues={{ name: topic?.name ?? '', description: topic?.description ?? '' }}
      schema={topicSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={topic ? undefined : t('form.create')}
      errorTitle={t(topic ? 'topics.toasts.saveFailed' : 'topics.toasts.createFailed')}
    >
      <FormTextField
        name="name"
        label={t('form.name')}
        helperText={t('topics.form.nameHelp')}
        required
        autoFocus
      />
      <FormTextField
        name="description"
        label={t('form.description')}
        helperText={t('topics.form.descriptionHelp')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
