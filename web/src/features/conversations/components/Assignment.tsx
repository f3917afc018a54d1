import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member, WaConversation, WithId } from '@trato/model';
import { useErrorToast } from '@/components/toast';
import { useOrgId } from '@/firebase/dataApi';
import { assignConversation } from '@/firebase/whatsapp';
import type { NameOf } from './names';

/**
 * Who answers a conversation: 'Asignar a' (the members, or nobody) for members with
 * conversations.edit, who write `assigneeId`; the others read whom it is assigned to. A native
 * select with the outlined field's look: the phone's own picker, and none of MUI Select's Menu
 * (~12 KB) on the inbox's pages.
 */
export function Assignment({
  conversation,
  members,
  nameOf,
  canEdit,
}: {
  conversation: WithId<WaConversation>;
  members: WithId<Member>[];
  nameOf: NameOf;
  canEdit: boolean;
}) {
  const { t } = useTranslation('conversations');
  const organizationId = useOrgId();
  const errorToast = useErrorToast();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const assigneeId = conversation.assigneeId;

  if (!canEdit)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="wa-assignee">
        {assigneeId ? t('thread.assignedTo', { name: nameOf(assigneeId) }) : t('thread.unassigned')}
      </Typography>
    );

  const options = members.map((member) => ({ value: member.id, label: member.fullName }));
  // Someone who left the team stays shown until the conversation goes to someone else.
  if (assigneeId && !options.some((option) => option.value === assigneeId))
    options.push({ value: assigneeId, label: nameOf(assigneeId) });

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, flex: { xs: '1 1 200px', sm: '0 0 220px' } }}
    >
      <Typography
        component="label"
        htmlFor={id}
        variant="caption"
        sx={{ fontWeight: 600, color: 'text.secondary' }}
      >
        {t('thread.assign')}
      </Typography>
      <Box
        component="select"
        id={id}
        value={assigneeId ?? ''}
        disabled={saving}
        aria-busy={saving}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          setSaving(true);
          assignConversation(organizationId, conversation.id, event.target.value || null)
            .catch((error: unknown) => errorToast(error, t('thread.assignFailed')))
            .finally(() => setSaving(false));
        }}
        sx={{
          font: 'inherit',
          fontSize: 14,
          height: 36,
          px: 1,
          borderRadius: 1,
          border: 1,
          borderColor: 'rgba(0, 0, 0, 0.23)',
          bgcolor: 'background.paper',
          color: 'text.primary',
          cursor: 'pointer',
          '&:hover:not(:disabled)': { borderColor: 'text.primary' },
          '&:focus-visible': {
            outline: 2,
            outlineStyle: 'solid',
            outlineColor: 'primary.main',
            outlineOffset: -1,
          },
          '&:disabled': { color: 'text.secondary', cursor: 'default' },
        }}
      >
        <option value="">{t('thread.nobody')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}
