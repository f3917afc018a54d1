import InputAdornment from '@mui/material/InputAdornment';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';
import { useState } from 'react';
import { useLanguage } from '@/i18n/useLanguage';
import { localeFor } from '@/i18n/format';
import { useFieldState } from './fieldState';
import { FormTextField } from './FormTextField';

type Props = Omit<OutlinedTextFieldProps, 'name' | 'value' | 'error' | 'type'> & { name: string };

/** A web address (spec: website and LinkedIn are URL inputs). */
export function UrlField(props: Props) {
  return (
    <FormTextField {...props} type="url" inputMode="url" placeholder={props.placeholder ?? 'https://'} />
  );
}

/** A telephone number (spec: phone is a telephone input). */
export function PhoneField(props: Props) {
  return <FormTextField {...props} type="tel" inputMode="tel" autoComplete={props.autoComplete ?? 'tel'} />;
}

/** Reads an amount typed in either language's style: "12,500.50", "12500,5", "$ 1 200". */
export function parseAmount(text: string, language: 'es' | 'en'): number | null {
  const cleaned = text.replace(/[\s$]/g, '');
  if (cleaned === '') return null;
  const decimal = new Intl.NumberFormat(localeFor(language)).format(1.5).charAt(1);
  const group = decimal === '.' ? ',' : '.';
  // A single separator followed by 1-2 digits is a decimal mark whatever the language.
  const normalised = /^[\d]+[.,]\d{1,2}$/.test(cleaned)
    ? cleaned.replace(',', '.')
    : cleaned.split(group).join('').replace(decimal, '.');
  const value = Number(normalised);
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * An amount of money: the field keeps what was typed and stores a number (null when empty, NaN
 * when unreadable, which the schema refuses with 'Ingresa un número').
 */
export function MoneyField({ name, helperText, ...props }: Props) {
  const language = useLanguage();
  const { field, helpers, showError, errorText } = useFieldState<number | null>(name);
  const [text, setText] = useState(() =>
    field.value === null || field.value === undefined ? '' : String(field.value),
  );
  return (
    <OutlinedTextField
      {...props}
      id={props.id ?? `field-${name}`}
      name={name}
      value={text}
      inputMode="decimal"
      onChange={(event) => {
        setText(event.target.value);
        void helpers.setValue(parseAmount(event.target.value, language));
      }}
      onBlur={field.onBlur}
      error={showError}
      helperText={errorText ?? helperText}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
    />
  );
}
