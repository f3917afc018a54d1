import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { enumOptions, type EnumName } from '@/i18n/enums';
import { useFieldState } from './fieldState';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: SelectOption[];
  /** Offer "none" (stored as null), with this label. */
  emptyLabel?: string;
  /** Show the empty choice's label in the closed select (the label then stays above it). */
  displayEmpty?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  id?: string;
}

/**
 * A select bound to Formik; the empty choice stores null. Composed like OutlinedTextField (the
 * theme's TextField defaults, the same ids and labelling) rather than TextField with `select`,
 * which also brings TextField's code to every form with a select.
 */
export function SelectField(inProps: SelectFieldProps) {
  const {
    name,
    options,
    emptyLabel,
    displayEmpty,
    helperText,
    label,
    required,
    disabled,
    fullWidth,
    id: idOverride,
  } = useDefaultProps({ props: inProps, name: 'MuiTextField' }) as SelectFieldProps;
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  const id = idOverride ?? `field-${name}`;
  const labelId = `${id}-label`;
  const helper = errorText ?? helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={showError} required={required} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel id={labelId} htmlFor={id} shrink={displayEmpty || undefined}>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        id={id}
        name={name}
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value === '' ? null : event.target.value)}
        onBlur={field.onBlur}
        displayEmpty={displayEmpty}
        input={<OutlinedInput label={label} notched={displayEmpty || undefined} />}
        aria-describedby={helperId}
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
      </Select>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
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
