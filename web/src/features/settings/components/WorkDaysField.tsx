import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { WEEKDAYS } from '@trato/model';
import { CheckboxLabel } from '@/components/form/CheckboxLabel';
import { useFieldState } from '@/components/form/fieldState';
import { localeFor } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

/** The work days, Monday first: one checkbox per day with its short name in the language. */
export function WorkDaysField({ label, help }: { label: string; help: string }) {
  const language = useLanguage();
  const { field, helpers, showError, errorText } = useFieldState<number[]>('workDays');
  const names = new Intl.DateTimeFormat(localeFor(language), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const dayName = (day: number) => names.format(Date.UTC(2024, 0, day));
  const toggle = (day: number, on: boolean) =>
    void helpers.setValue(on ? [...field.value, day] : field.value.filter((d) => d !== day));
  return (
    <FormControl component="fieldset" error={showError}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {WEEKDAYS.map((day) => (
          <CheckboxLabel
            key={day}
            checked={field.value.includes(day)}
            onChange={(checked) => toggle(day, checked)}
            label={dayName(day)}
          />
        ))}
      </Box>
      <FormHelperText>{errorText ?? help}</FormHelperText>
    </FormControl>
  );
}
