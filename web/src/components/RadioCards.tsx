import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface RadioCard<V extends string> {
  value: V;
  label: string;
  /** A line under the label (its aria-describedby). */
  help?: string;
  icon?: ReactNode;
  disabled?: boolean;
}

/**
 * A choice among a few options as bordered cards with native radios (MUI's Radio and RadioGroup
 * would add to pages at their budget): a fieldset whose legend names the group, each radio named
 * by its label and described by its help line, the chosen card outlined, keyboard focus shown.
 */
export function RadioCards<V extends string>({
  name,
  legend,
  value,
  onChange,
  options,
  disabled = false,
  columns = { xs: 1 },
}: {
  name: string;
  legend: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly RadioCard<V>[];
  disabled?: boolean;
  columns?: { xs: number; sm?: number; md?: number };
}) {
  const template = (n: number | undefined) => (n ? `repeat(${n}, minmax(0, 1fr))` : undefined);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, p: 0, mb: 1 }}>
        {legend}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: {
            xs: template(columns.xs),
            sm: template(columns.sm),
            md: template(columns.md),
          },
        }}
      >
        {options.map((option) => {
          const checked = option.value === value;
          const off = disabled || option.disabled;
          const id = `${name}-${option.value}`;
          return (
            <Box
              component="label"
              key={option.value}
              sx={{
                display: 'flex',
                gap: 1.25,
                alignItems: 'flex-start',
                p: 1.25,
                border: 1,
                borderRadius: 2,
                borderColor: checked ? 'primary.main' : 'divider',
                bgcolor: checked ? 'rgba(67,56,202,0.04)' : 'transparent',
                cursor: off ? 'default' : 'pointer',
                opacity: option.disabled ? 0.6 : undefined,
                '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={off}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${id}-label`}
                aria-describedby={option.help ? `${id}-help` : undefined}
                sx={{ m: 0, mt: 0.25, width: 18, height: 18, flexShrink: 0, accentColor: '#4338CA' }}
              />
              {option.icon && (
                <Box
                  aria-hidden="true"
                  sx={{ display: 'flex', color: checked ? 'primary.main' : 'text.secondary' }}
                >
                  {option.icon}
                </Box>
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography id={`${id}-label`} component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {option.label}
                </Typography>
                {option.help && (
                  <Typography
                    id={`${id}-help`}
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {option.help}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
