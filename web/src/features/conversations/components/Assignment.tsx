import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member, WaConversation, WithId } from '@trato/model';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { useErrorToast } from '@/components/toast';
import { useOrgId } from '@/firebase/dataApi';
import { assignConversation } from '@/firebase/whatsapp';
import type { NameOf } from './names';

/**
 * Who answers a conversation: 'Asignar a' (the members, or nobody) for members with
 * conversations.edit, who write `assigneeId`; the others read whom it is assigned to.
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
    <OutlinedSelect
      id={`wa-assignee-${conversation.id}`}
      label={t('thread.assign')}
      size="small"
      value={assigneeId ?? ''}
      emptyLabel={t('thread.nobody')}
      displayEmpty
      options={options}
      disabled={saving}
      sx={{ minWidth: 200, flex: { xs: '1 1 200px', sm: '0 0 auto' } }}
      onChange={(value) => {
        setSaving(true);
        assignConversation(organizationId, conversation.id, value || null)
          .catch((error: unknown) => errorToast(error, t('thread.assignFailed')))
          .finally(() => setSaving(false));
      }}
    />
  );
}
