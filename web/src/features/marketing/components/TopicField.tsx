import Autocomplete from '@mui/material/Autocomplete';
import { useTranslation } from 'react-i18next';
import type { Topic, WithId } from '@trato/model';
import { useFieldState } from '@/components/form/fieldState';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import type { LiveState } from '@/firebase/dataApi';
import type { ChosenTopic } from '../utils/topics';

interface TopicOption {
  id: string;
  label: string;
}

/**
 * 'Tema' (optional) of the campaign and sequence forms: none ('Sin tema', the cleared picker) or
 * one of the organization's topics, as formik's `topicId`. The topic a record had is offered even
 * when it was deleted since. A picker like the forms' others (MUI Autocomplete, which these
 * dialogs load anyway): a Select would bring its menu to /marketing for this field alone.
 */
export function TopicField({
  topics,
  former,
}: {
  topics: LiveState<WithId<Topic>[]>;
  /** The topic the edited record has. */
  former: ChosenTopic | null;
}) {
  const { t } = useTranslation('marketing');
  const { field, helpers, showError, errorText } = useFieldState<string | null>('topicId');
  const options: TopicOption[] = (topics.data ?? []).map((topic) => ({ id: topic.id, label: topic.name }));
  if (former?.topicId && !options.some((o) => o.id === former.topicId))
    options.unshift({
      id: former.topicId,
      label:
        topics.status === 'success'
          ? t('topics.field.deleted', { name: former.topicName ?? '' })
          : (former.topicName ?? ''),
    });
  const value = options.find((o) => o.id === field.value) ?? null;
  const help =
    topics.status === 'error'
      ? t('topics.loadFailed')
      : topics.status === 'success' && topics.data.length === 0
        ? t('topics.field.noTopics')
        : t('topics.field.help');
  return (
    <Autocomplete<TopicOption>
      value={value}
      options={options}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_event, option) => void helpers.setValue(option?.id ?? null)}
      onBlur={() => void helpers.setTouched(true)}
      loading={topics.status === 'loading'}
      loadingText={t('topics.loading')}
      noOptionsText={t(options.length ? 'topics.field.noMatch' : 'topics.field.noTopics')}
      clearText={t('topics.field.clear')}
      openText={t('topics.field.open')}
      closeText={t('topics.close')}
      renderInput={(params) => (
        <OutlinedTextField
          {...params}
          id="field-topicId"
          label={t('topics.field.label')}
          placeholder={t('topics.field.none')}
          error={showError}
          helperText={errorText ?? help}
          slotProps={{
            ...params.slotProps,
            // 'Sin tema' reads better than an empty box.
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
          }}
        />
      )}
    />
  );
}
