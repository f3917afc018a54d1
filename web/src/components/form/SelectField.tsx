import { useTranslation } from 'react-i18next';
import { enumOptions, type EnumName } from '@/i18n/enums';
import { useFieldState } from './fieldState';
import { OutlinedSelect, type SelectOption } from './OutlinedSelect';

export type { SelectOption } from './OutlinedSelect';

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

/** A select bound to Formik; the empty choice stores null. */
export function SelectField({ name, id, helperText, ...props }: SelectFieldProps) {
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  return (
    <OutlinedSelect
      {...props}
      id={id ?? `field-${name}`}
      name={name}
      value={field.value ?? ''}
      onChange={(value) => void helpers.setValue(value === '' ? null : value)}
      onBlur={() => void helpers.setTouched(true)}
      error={showError}
      helperText={errorText ?? helperText}
    />
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
