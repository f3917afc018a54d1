import { useField, useFormikContext } from 'formik';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';

type FormTextFieldProps = Omit<OutlinedTextFieldProps, 'name' | 'value' | 'error'> & {
  name: string;
  /** Rewrites the value as it is typed (e.g. the username filter). */
  transform?: (value: string) => string;
};

/**
 * An outlined text field bound to Formik. Errors are i18n keys and are shown once the field
 * was touched or a submit was attempted, so the user is not scolded while typing.
 */
export function FormTextField({
  name,
  transform,
  helperText,
  onChange,
  onBlur,
  ...props
}: FormTextFieldProps) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const showError = Boolean(meta.error) && (meta.touched || submitCount > 0);
  const errorText = showError && meta.error ? t(meta.error as never) : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (transform) {
      void helpers.setValue(transform(event.target.value));
    } else {
      field.onChange(event);
    }
    onChange?.(event);
  };

  return (
    <OutlinedTextField
      {...props}
      id={props.id ?? `field-${name}`}
      name={name}
      value={field.value ?? ''}
      onChange={handleChange}
      onBlur={(event) => {
        field.onBlur(event);
        onBlur?.(event);
      }}
      error={showError}
      helperText={errorText ?? helperText}
    />
  );
}
