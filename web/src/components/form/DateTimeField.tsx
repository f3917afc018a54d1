import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useLanguage } from '@/i18n/useLanguage';
import { useFieldState } from './fieldState';

const PICKER_TEXTS = {
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * A local date and time with minute precision (spec §9), bound to Formik as a Date (null when
 * empty). The picker's texts and formats follow the current language.
 */
export function DateTimeField({
  name,
  label,
  required,
  helperText,
}: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}) {
  const language = useLanguage();
  const { field, helpers, showError, errorText } = useFieldState<Date | null>(name);
  const value = field.value ? dayjs(field.value) : null;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={PICKER_TEXTS[language]}
    >
      <DateTimePicker
        label={label}
        value={value}
        ampm={language === 'en'}
        onChange={(next) => {
          const date = next && next.isValid() ? next.second(0).millisecond(0).toDate() : null;
          void helpers.setValue(date);
        }}
        onClose={() => void helpers.setTouched(true)}
        slotProps={{
          textField: {
            id: `field-${name}`,
            name,
            required,
            fullWidth: true,
            error: showError,
            helperText: errorText ?? helperText,
            onBlur: () => void helpers.setTouched(true),
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** A calendar day (a deal's close date), bound to Formik as a Date at local midnight, null when empty. */
export function DateField({ name, label, helperText }: { name: string; label: string; helperText?: string }) {
  const language = useLanguage();
  const { field, helpers, showError, errorText } = useFieldState<Date | null>(name);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={PICKER_TEXTS[language]}
    >
      <DatePicker
        label={label}
        value={field.value ? dayjs(field.value) : null}
        onChange={(next) =>
          void helpers.setValue(next && next.isValid() ? next.startOf('day').toDate() : null)
        }
        onClose={() => void helpers.setTouched(true)}
        slotProps={{
          textField: {
            id: `field-${name}`,
            name,
            fullWidth: true,
            error: showError,
            helperText: errorText ?? helperText,
            onBlur: () => void helpers.setTouched(true),
          },
        }}
      />
    </LocalizationProvider>
  );
}
