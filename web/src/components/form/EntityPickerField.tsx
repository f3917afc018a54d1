import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_CHARS } from '@trato/model';
import { orgRequest, useLiveList, useMembership } from '@/firebase/dataApi';
import { useFieldState } from './fieldState';

/** The declared picker queries of a collection: the first names, and names matching a prefix. */
export interface PickerQueries {
  first: string;
  matching: string;
}
export const PICKERS = {
  companies: { first: 'companies.select', matching: 'companies.pick' },
  contacts: { first: 'contacts.select', matching: 'contacts.pick' },
} satisfies Record<string, PickerQueries>;

interface Option {
  id: string;
  label: string;
}

/** Waits `ms` after the last change (typing) before passing a value on. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Picks a record of the organization by name: a server-side, accent-insensitive prefix search
 * capped at the picker limit (never the whole collection). Stores the id in `name` and the name
 * shown in `labelName` (the denormalized copy records keep, e.g. companyName); empty = null.
 */
export function EntityPickerField<T extends { name?: string }>({
  name,
  labelName,
  label,
  queries,
  optionLabel = (row) => row.name ?? '',
}: {
  name: string;
  labelName: string;
  label: string;
  queries: PickerQueries;
  optionLabel?: (row: T & { id: string }) => string;
}) {
  const { t } = useTranslation();
  const { organizationId } = useMembership();
  const { setFieldValue, values } = useFormikContext<Record<string, unknown>>();
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebounced(input.trim(), 250);
  const searching = search.length >= SEARCH_MIN_CHARS;
  const request =
    open && organizationId
      ? searching
        ? orgRequest(organizationId, queries.matching, { searchTokens: search })
        : orgRequest(organizationId, queries.first)
      : null;
  const results = useLiveList<T>(request);
  const options: Option[] = (results.data ?? []).map((row) => ({ id: row.id, label: optionLabel(row) }));
  const selected: Option | null = field.value
    ? { id: field.value, label: String(values[labelName] ?? '') }
    : null;

  return (
    <Autocomplete<Option>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      loading={open && results.status === 'loading'}
      loadingText={t('common.loading')}
      noOptionsText={t('common.picker.noResults')}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') setInput(value);
        if (reason === 'clear') setInput('');
      }}
      onChange={(_event, option) => {
        void helpers.setValue(option?.id ?? null);
        void setFieldValue(labelName, option?.label ?? null);
        setInput('');
      }}
      onBlur={() => void helpers.setTouched(true)}
      renderInput={(params) => (
        <TextField
          {...params}
          id={`field-${name}`}
          label={label}
          error={showError}
          helperText={errorText ?? (open && !searching ? t('common.picker.typeToSearch') : undefined)}
          slotProps={{
            ...params.slotProps,
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
