import Autocomplete from '@mui/material/Autocomplete';
import { useTranslation } from 'react-i18next';
import { useMembers } from '@/components/useMembers';
import { useFieldState } from './fieldState';
import { OutlinedTextField } from './OutlinedTextField';

export { useMembers };

/** Several members (task assignees, meeting participants), stored as their uids. */
export function MemberSelectField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const members = useMembers();
  const { field, helpers, showError, errorText } = useFieldState<string[] | null>(name);
  const rows = members.data ?? [];
  const selected = field.value ?? [];
  return (
    <Autocomplete
      multiple
      options={rows.map((member) => member.id)}
      value={selected}
      loading={members.status === 'loading'}
      loadingText={t('common.loading')}
      noOptionsText={t('common.picker.noResults')}
      getOptionLabel={(uid) => rows.find((member) => member.id === uid)?.fullName ?? uid}
      onChange={(_event, uids) => void helpers.setValue(uids)}
      onBlur={() => void helpers.setTouched(true)}
      renderInput={(params) => (
        <OutlinedTextField
          {...params}
          id={`field-${name}`}
          label={label}
          error={showError}
          helperText={errorText}
        />
      )}
    />
  );
}

/** One member (a ticket's owner), stored as the uid; empty = null. */
export function MemberField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const members = useMembers();
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  const rows = members.data ?? [];
  return (
    <Autocomplete
      options={rows.map((member) => member.id)}
      value={field.value || null}
      loading={members.status === 'loading'}
      loadingText={t('common.loading')}
      noOptionsText={t('common.picker.noResults')}
      // No uid flashes in the box while the names load.
      getOptionLabel={(uid) =>
        rows.find((member) => member.id === uid)?.fullName ?? (members.status === 'success' ? uid : '')
      }
      onChange={(_event, uid) => void helpers.setValue(uid)}
      onBlur={() => void helpers.setTouched(true)}
      renderInput={(params) => (
        <OutlinedTextField
          {...params}
          id={`field-${name}`}
          label={label}
          error={showError}
          helperText={errorText}
        />
      )}
    />
  );
}
