import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useFieldState } from '@/components/form/fieldState';

/**
 * A select bound to Formik as a native <select> with the outlined field's look: the phone's own
 * picker, and none of MUI Select's Menu (~12 KB) on /marketing, a page at its budget. The label
 * sits above it; the help or the error below, tied to it. The empty choice stores null.
 */
export function NativeSelectField({
  name,
  label,
  options,
  emptyLabel,
  helperText,
  required,
  disabled,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  emptyLabel: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { field, helpers, showError, errorText } = useFieldState<string | null>(name);
  const id = `field-${name}`;
  const helpId = `${id}-helper-text`;
  const help = errorText ?? helperText;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ fontWeight: 600, color: showError ? 'error.main' : 'text.secondary' }}
      >
        {label}
        {required && ' *'}
      </Typography>
      <Box
        component="select"
        id={id}
        name={name}
        value={field.value ?? ''}
        required={required}
        disabled={disabled}
        aria-invalid={showError || undefined}
        aria-describedby={help ? helpId : undefined}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          void helpers.setValue(event.target.value === '' ? null : event.target.value)
        }
        onBlur={() => void helpers.setTouched(true)}
        sx={{
          font: 'inherit',
          fontSize: 16,
          minHeight: 48,
          px: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: showError ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          bgcolor: 'background.paper',
          color: 'text.primary',
          cursor: 'pointer',
          width: '100%',
          '&:hover:not(:disabled)': { borderColor: showError ? 'error.main' : 'text.primary' },
          '&:focus-visible': {
            outline: 2,
            outlineStyle: 'solid',
            outlineColor: showError ? 'error.main' : 'primary.main',
            outlineOffset: -1,
          },
          '&:disabled': { color: 'text.secondary', cursor: 'default' },
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Box>
      {help && (
        <Typography
          id={helpId}
          variant="caption"
          sx={{ color: showError ? 'error.main' : 'text.secondary', mx: 1.75 }}
        >
          {help}
        </Typography>
      )}
    </Box>
  );
}
