import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_CHARS, type QueryId, type SearchQueryId } from '@trato/model';
import { useDebounced } from '@/components/useDebounced';
import { orgRequest, searchRequest, useLiveList, useOrgId } from '@/firebase/dataApi';
import { useFieldState } from './fieldState';
import { OutlinedTextField } from './OutlinedTextField';

/**
 * The declared picker queries of a collection: the first names, and names matching a typed word
 * (by name; several words: its twin, every word matched on the server, model queries.ts).
 */
export const PICKERS = {
  companies: { first: 'companies.select', matching: 'companies.pick' },
  contacts: { first: 'contacts.select', matching: 'contacts.pick' },
} as const satisfies Record<string, { first: QueryId; matching: SearchQueryId }>;
export type PickerQueries = (typeof PICKERS)[keyof typeof PICKERS];

export interface PickedRecord {
  id: string;
  label: string;
}

/**
 * Picks a record of the organization by name: a server-side, accent-insensitive search of word
 * prefixes capped at the picker limit (never the whole collection). For forms use EntityPickerField; a
 * list's filter uses this directly.
 */
export function EntityPicker({
  value,
  onChange,
  label,
  queries,
  id,
  size,
  error,
  helperText,
  onBlur,
  placeholder,
}: {
  value: PickedRecord | null;
  onChange: (value: PickedRecord | null) => void;
  label: string;
  queries: PickerQueries;
  id: string;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  onBlur?: () => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const organizationId = useOrgId();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebounced(input.trim(), 250);
  const searching = search.length >= SEARCH_MIN_CHARS;
  const request =
    open && organizationId
      ? searching
        ? searchRequest(organizationId, queries.matching, search)
        : orgRequest(organizationId, queries.first)
      : null;
  const results = useLiveList(request);
  const options: PickedRecord[] = (results.data ?? []).map((row) => ({ id: row.id, label: row.name ?? '' }));

  return (
    <Autocomplete<PickedRecord>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      size={size}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      loading={open && results.status === 'loading'}
      loadingText={t('common.loading')}
      noOptionsText={t('common.picker.noResults')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'clear') setInput('');
      }}
      onChange={(_event, option) => {
        onChange(option);
        setInput('');
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <OutlinedTextField
          {...params}
          id={id}
          label={label}
          placeholder={placeholder}
          error={error}
          helperText={helperText ?? (open && !searching ? t('common.picker.typeToSearch') : undefined)}
          slotProps={{
            ...params.slotProps,
            // A placeholder ('Todas las empresas') reads better than an empty box.
            inputLabel: placeholder
              ? { ...params.slotProps.inputLabel, shrink: true }
              : params.slotProps.inputLabel,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {open && results.status === 'loading' && (
                    <CircularProgress color="inherit" size={18} aria-hidden="true" />
                  )}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * EntityPicker bound to Formik: stores the id in `name` and the name shown in `labelName` (the
 * denormalised copy records keep, e.g. companyName); empty = null.
 */
export function EntityPickerField({
  name,
  labelName,
  label,
  queries,
}: {
  name: string;
  labelName: string;
  label: string;
  queries: PickerQueries;
}) {
  const { setFieldValue, values } = useFormikContext<Record<string, unknown>>();
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  return (
    <EntityPicker
      id={`field-${name}`}
      label={label}
      queries={queries}
      value={field.value ? { id: field.value, label: String(values[labelName] ?? '') } : null}
      onChange={(option) => {
        void helpers.setValue(option?.id ?? null);
        void setFieldValue(labelName, option?.label ?? null);
      }}
      onBlur={() => void helpers.setTouched(true)}
      error={showError}
      helperText={errorText}
    />
  );
}
