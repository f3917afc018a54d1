import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { enumOptions, type EnumName } from '@/i18n/enums';
import { useFieldState } from './fieldState';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error' | 'select'> & {
  name: string;
  options: SelectOption[];
  /** Offer "none" (stored as null), with this label. */
  emptyLabel?: string;
};

/** A select bound to Formik; the empty choice stores null. */
export function SelectField({ name, options, emptyLabel, helperText, ...props }: SelectFieldProps) {
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  return (
    <TextField
      {...props}
      select
      id={props.id ?? `field-${name}`}
      name={name}
      value={field.value ?? ''}
      onChange={(event) => void helpers.setValue(event.target.value === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      error={showError}
      helperText={errorText ?? helperText}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select over one of the model's enumerations, labelled in the current language. */
export function EnumSelectField({
  enumName,
  ...props
}: Omit<SelectFieldProps, 'options'> & { enumName: EnumName }) {
  const { t } = useTranslation();
  return <SelectField {...props} options={enumOptions(t, enumName)} />;
}
