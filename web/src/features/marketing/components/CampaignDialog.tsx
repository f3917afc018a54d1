import Divider from '@mui/material/Divider';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { campaignSchema, type Campaign, type MarketingList, type Topic, type WithId } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { SelectField } from '@/components/form/SelectField';
import { useToast } from '@/components/toast';
import { LoadingBlock } from '@/components/data/QueryState';
import { createRecord, updateRecord, useDocument, type LiveState } from '@/firebase/dataApi';
import { campaignsTarget } from '../hooks/useCampaigns';
import { listPath, useAllLists } from '../hooks/useLists';
import { useTopics } from '../hooks/useTopics';
import { topicPatch } from '../utils/topics';
import { MessageFields, MessagePreview } from './MessageFields';
import { TopicField } from './TopicField';

interface CampaignValues {
  name: string;
  listId: string;
  subject: string;
  body: string;
  topicId: string | null;
}

/**
 * 'Nueva campaña' and 'Editar campaña' (a draft, by its author): name, list, topic (optional: who
 * left it gets nothing), subject and body with the merge-field chips and the preview for a chosen
 * contact (as the sequences' step form). Saved as a draft; sending or scheduling it is done from
 * its page.
 */
export function CampaignDialog({
  organizationId,
  campaign,
  listId = '',
  onClose,
  onCreated,
}: {
  organizationId: string;
  /** null: a new campaign. */
  campaign: WithId<Campaign> | null;
  /** A new campaign's list, chosen beforehand ('Usar en campaña' on a list's page). */
  listId?: string;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const all = useAllLists(organizationId);
  const topics = useTopics(organizationId);
  // A list chosen beforehand, read on its own in case it is not among the newest MAX_LISTS.
  const preset = useDocument(listId && !campaign ? listPath(organizationId, listId) : null);
  const lists =
    all.data && preset.data && !all.data.some((l) => l.id === preset.data!.id)
      ? [preset.data, ...all.data]
      : all.data;
  const save = async (values: CampaignValues) => {
    const list = lists?.find((l) => l.id === values.listId);
    const content = {
      name: values.name.trim(),
      listId: values.listId,
      // The list's name when chosen (kept when a deleted list stays chosen in an edit).
      listName: list?.name ?? campaign?.listName ?? '',
      subject: values.subject,
      body: values.body,
      ...topicPatch(values.topicId, topics.data, campaign),
    };
    if (campaign) {
      await updateRecord(campaignsTarget(organizationId), campaign.id, content, campaign);
      toast({ title: t('campaigns.toasts.saved'), variant: 'success' });
      return;
    }
    const id = await createRecord(campaignsTarget(organizationId), {
      ...content,
      status: 'draft',
      scheduledAt: null,
    });
    toast({ title: t('campaigns.toasts.created'), variant: 'success' });
    onCreated?.(id);
  };
  return (
    <FormDialog<CampaignValues>
      open
      title={t(campaign ? 'campaigns.form.editTitle' : 'campaigns.form.newTitle')}
      initialValues={{
        name: campaign?.name ?? '',
        listId: campaign?.listId ?? listId,
        subject: campaign?.subject ?? '',
        body: campaign?.body ?? '',
        topicId: campaign?.topicId ?? null,
      }}
      schema={campaignSchema}
      onSubmit={save}
      onClose={onClose}
      submitLabel={campaign ? undefined : t('campaigns.form.create')}
      errorTitle={t(campaign ? 'campaigns.toasts.saveFailed' : 'campaigns.toasts.createFailed')}
    >
      <CampaignFields
        organizationId={organizationId}
        lists={all.status === 'error' ? [] : listId && preset.status === 'loading' ? null : lists}
        formerList={campaign ? { id: campaign.listId, name: campaign.listName } : null}
        topics={topics}
        formerTopic={campaign}
      />
    </FormDialog>
  );
}

function CampaignFields({
  organizationId,
  lists,
  formerList,
  topics,
  formerTopic,
}: {
  organizationId: string;
  lists: WithId<MarketingList>[] | null;
  /** The list an edited campaign had (offered even if it was deleted since). */
  formerList: { id: string; name: string } | null;
  topics: LiveState<WithId<Topic>[]>;
  /** The edited campaign (its topic, offered even if it was deleted since). */
  formerTopic: Campaign | null;
}) {
  const { t } = useTranslation('marketing');
  const { values } = useFormikContext<CampaignValues>();
  const options = (lists ?? []).map((list) => ({
    value: list.id,
    label: `${list.name} · ${t(`lists.kind.${list.kind}`)}`,
  }));
  if (lists && formerList && !options.some((o) => o.value === formerList.id))
    options.unshift({
      value: formerList.id,
      label: t('campaigns.form.deletedList', { name: formerList.name }),
    });
  return (
    <>
      <FormTextField name="name" label={t('campaigns.form.name')} required autoFocus />
      {/* The select waits for the lists: it would drop a list chosen beforehand as unknown. */}
      {lists ? (
        <SelectField
          name="listId"
          label={t('campaigns.form.list')}
          required
          fullWidth
          options={options}
          helperText={lists.length ? undefined : t('campaigns.form.noLists')}
        />
      ) : (
        <LoadingBlock label={t('campaigns.form.loadingLists')} />
      )}
      <TopicField topics={topics} former={formerTopic} />
      <MessageFields />
      <Divider />
      <MessagePreview organizationId={organizationId} subject={values.subject} body={values.body} />
    </>
  );
}
