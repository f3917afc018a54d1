import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';

/** TextField's props, outlined, without `select` (SelectField is the select). */
export type OutlinedTextFieldProps = Omit<TextFieldProps, 'select' | 'variant' | 'slots' | 'children'>;

/** The slot props this field passes on (objects; TextField's per-state functions are not used here). */
interface SlotProps {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputBaseComponentProps;
  inputLabel?: Partial<InputLabelProps>;
  formHelperText?: Partial<FormHelperTextProps>;
}

/**
 * MUI's outlined TextField as its docs say to compose it (FormControl, InputLabel, OutlinedInput,
 * FormHelperText), with the same ids, labelling and theme defaults (MuiTextField's). TextField
 * itself always imports Select, and with it Menu, List and Popover (~9 KB of gzip): the sign-in,
 * invitation and onboarding pages, and every form without a select, would load them for nothing.
 */
export function OutlinedTextField(inProps: OutlinedTextFieldProps) {
  const {
    autoComplete,
    autoFocus = false,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps,
    type,
    value,
    ...formControl
  } = useDefaultProps({ props: inProps, name: 'MuiTextField' });
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  const slots = (slotProps ?? {}) as SlotProps;

  return (
    <FormControl
      {...formControl}
      color={color}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={labelId} {...slots.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slots.htmlInput}
        label={label}
        notched={slots.inputLabel?.shrink}
        {...slots.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slots.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
