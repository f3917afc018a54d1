import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface OutlinedSelectProps {
  id: string;
  /** The visible label; without one, name the select with `ariaLabel` (a table's cell). */
  label?: string;
  ariaLabel?: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  /** A first choice with the empty value ('Todas las etapas', 'Sin prioridad'). */
  emptyLabel?: ReactNode;
  /** Show the empty choice's label in the closed select (the label then stays above it). */
  displayEmpty?: boolean;
  name?: string;
  onBlur?: () => void;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined select composed as its docs show (FormControl, InputLabel, Select with an
 * OutlinedInput, FormHelperText), with the theme's TextField defaults and TextField's ids and
 * labelling — without TextField, which brings its own code to every page with a select.
 */
export function OutlinedSelect(inProps: OutlinedSelectProps) {
  const {
    id,
    label,
    ariaLabel,
    value,
    onChange,
    options,
    emptyLabel,
    displayEmpty,
    name,
    onBlur,
    helperText,
    error,
    required,
    disabled,
    fullWidth,
    size,
    sx,
  } = useDefaultProps({ props: inProps, name: 'MuiTextField' }) as OutlinedSelectProps;
  const labelId = `${id}-label`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      {label && (
        <InputLabel id={labelId} htmlFor={id} shrink={displayEmpty || undefined}>
          {label}
        </InputLabel>
      )}
      <Select
        labelId={label ? labelId : undefined}
        inputProps={ariaLabel ? { 'aria-label': ariaLabel } : undefined}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        displayEmpty={displayEmpty}
        input={<OutlinedInput label={label} notched={displayEmpty || undefined} />}
        aria-describedby={helperId}
      >
        {emptyLabel !== undefined && (
          <MenuItem value="">{typeof emptyLabel === 'string' ? <em>{emptyLabel}</em> : emptyLabel}</MenuItem>
        )}
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
