import Box from '@mui/material/Box';
import type { ChangeEvent, ReactNode } from 'react';

/**
 * A checkbox with its label: a native input in the theme's colour, the whole row its target (at
 * least 42 px high, as MUI's). MUI's Checkbox with FormControlLabel would be ~4 KB more on the
 * pages that load no other part of them (a contact's page: its 'Listas' and 'Es cliente').
 */
export function CheckboxLabel({
  label,
  checked,
  disabled,
  id,
  name,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 42,
        cursor: disabled ? 'default' : 'pointer',
        color: disabled ? 'text.disabled' : undefined,
        overflowWrap: 'anywhere',
      }}
    >
      <Box
        component="input"
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={{
          width: 18,
          height: 18,
          m: 0,
          ml: 1.25,
          flexShrink: 0,
          cursor: 'inherit',
          accentColor: (theme) => theme.palette.primary.main,
        }}
      />
      {label}
    </Box>
  );
}
