import Autocomplete from '@mui/material/Autocomplete';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { knownTimeZones } from '@/i18n/timeZone';
import { useFieldState } from './fieldState';
import { OutlinedTextField } from './OutlinedTextField';

/** 'America/Tegucigalpa' → 'America / Tegucigalpa' (easier to read and to search by city). */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ').replaceAll('/', ' / ');

/** An IANA time zone chosen from those the browser knows, typed to filter (the city finds it). */
export function TimeZoneField({
  name,
  label,
  helperText,
  disabled,
}: {
  name: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { field, helpers, showError, errorText } = useFieldState<string>(name);
  const zones = useMemo(knownTimeZones, []);
  return (
    <Autocomplete
      id={`field-${name}`}
      options={zones}
      value={field.value}
      onChange={(_event, zone) => void helpers.setValue(zone)}
      onBlur={() => void helpers.setTouched(true)}
      getOptionLabel={timeZoneLabel}
      disabled={disabled}
      disableClearable
      noOptionsText={t('common.picker.noResults')}
      renderInput={(params) => (
        <OutlinedTextField {...params} label={label} error={showError} helperText={errorText ?? helperText} />
      )}
    />
  );
}
