import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, paths, withAuthorName, type Contact, type Note, type WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { Pager } from '@/components/data/Pager';
import { QueryState } from '@/components/data/QueryState';
import { useErrorToast, useToast } from '@/components/toast';
import {
  createRecord,
  deleteRecord,
  useMembership,
  usePagedList,
  type PagedList,
  type RecordTarget,
  useOrgId,
} from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { useDatePreferences } from '@/firebase/dataApi';

/**
 * Where a contact's notes live. Their timeline entries carry the contact's company, which
 * createRecord reads as committed (another member may have just changed it).
 */
export function notesTarget(orgId: string, contactId: string): RecordTarget {
  return { parentPath: `${paths.organization(orgId)}/contacts/${contactId}`, collection: 'notes' };
}

/**
 * A contact's notes: a textarea ('Agregar nota' disabled while empty) and the notes newest first
 * with author and time. The textarea empties at once and the note shows once committed (a
 * transaction, records.ts); a refused one comes back into the textarea with the reason. Its
 * author (and whoever may delete contacts) deletes it.
 */
export function NotesTab({ contact }: { contact: WithId<Contact> }) {
  const { t } = useTranslation('contacts');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { toast } = useToast();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const { uid, member } = useMembership();
  const canAdd = useCan('contacts', 'edit');
  const canDeleteAny = useCan('contacts', 'delete');
  const [text, setText] = useState('');
  const target = notesTarget(organizationId, contact.id);
  const list = usePagedList({ id: 'notes.byContact', parentPath: target.parentPath });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || !member) return;
    setText('');
    try {
      await createRecord(target, withAuthorName({ content }, member));
      toast({ title: t('notes.added'), variant: 'success' });
    } catch (error) {
      setText((current) => current || content);
      showError(error);
    }
  };
  const remove = async (note: WithId<Note>) => {
    try {
      await deleteRecord(target, note.id);
      toast({ title: t('notes.deleted'), variant: 'success' });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Box>
      {canAdd && (
        <Box component="form" onSubmit={add} sx={{ mb: 2.5 }}>
          <OutlinedTextField
            label={t('notes.label')}
            placeholder={t('notes.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: LIMITS.noteContent } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button type="submit" variant="contained" disabled={!text.trim()}>
              {t('notes.add')}
            </Button>
          </Box>
        </Box>
      )}
      <QueryState
        state={list}
        isEmpty={list.status === 'success' && list.rows.length === 0 && list.page === 0}
        empty={
          <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
            {t('notes.empty')}
          </Typography>
        }
      >
        {/* Plain list markup with ListItem's look: MUI's List items would add ~1.5 KB to the
            contact's page, which is at its 450 KB budget. */}
        <Box component="ul" aria-label={t('notes.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.rows.map((note) => {
            const created = millisOf(note.createdAt);
            const mayDelete = canDeleteAny || (note.createdBy === uid && canAdd);
            return (
              <Box
                component="li"
                key={note.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 1,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  mb: 1,
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0, my: 0.5 }}>
                  <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {note.content}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('notes.by', {
                      name: note.authorName ?? '-',
                      when:
                        created === null
                          ? tc('common.loading')
                          : formatDateTime(created, language, datePreferences),
                    })}
                  </Typography>
                </Box>
                {mayDelete && (
                  <IconButton
                    edge="end"
                    aria-label={t('notes.delete')}
                    onClick={() => void remove(note)}
                    sx={{ flexShrink: 0 }}
                  >
                    <DeleteOutlineRoundedIcon />
                  </IconButton>
                )}
              </Box>
            );
          })}
        </Box>
        {(list.hasNext || list.hasPrevious) && <Pager list={list as PagedList<unknown>} />}
      </QueryState>
    </Box>
  );
}
