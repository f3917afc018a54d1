import EventRounded from '@mui/icons-material/EventRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/useLanguage';
import type { Language } from '@/i18n/language';
import type { DatePreferences } from '@/i18n/preferences';
import { useDatePreferences } from '@/firebase/dataApi';
import { useFieldState } from './fieldState';
import { OutlinedTextField } from './OutlinedTextField';
import {
  datePattern,
  formatDateText,
  fromNativeInputValue,
  maskDateText,
  maskedCaret,
  nativeInputValue,
  parseDateText,
  type DateTextFormat,
} from './dateText';

/** What an unreadable text puts in the form: yup's date() refuses it with 'errors.date'. */
const INVALID_DATE = new Date(Number.NaN);

/** The language's order, the member's clock and time zone (issue 30). */
function textFormat(language: Language, withTime: boolean, preferences: DatePreferences): DateTextFormat {
  return {
    order: language === 'es' ? 'dmy' : 'mdy',
    withTime,
    hour12: preferences.hour12,
    timeZone: preferences.timeZone,
  };
}

/**
 * A typed date field bound to Formik as a Date (null when empty, an invalid Date while the text is
 * not a whole date). The text is the wall clock of the member's time zone, in the language's order
 * and the member's clock, masked as it is typed; the calendar button opens the browser's own date
 * (and time) picker, which phones show as their native wheels. Written instead of MUI X Date
 * Pickers, whose ~57 KB of gzip put every page with a task, meeting or deal dialog over its 450 KB
 * budget (issue 29).
 */
function DateTextField({
  name,
  label,
  required,
  helperText,
  withTime,
}: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  withTime: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = textFormat(language, withTime, useDatePreferences());
  const { field, helpers, showError, errorText } = useFieldState<Date | null>(name);
  const value = field.value;
  const inputRef = useRef<HTMLInputElement>(null);
  const nativeRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  const shown = (date: Date | null) =>
    date && !Number.isNaN(date.getTime()) ? formatDateText(date, format) : '';
  const [text, setText] = useState(() => shown(value));
  /** The value this field last put in the form: any other came from outside (a reset, the picker). */
  const ownValue = useRef(value);
  useEffect(() => {
    if (value !== ownValue.current) {
      ownValue.current = value;
      setText(shown(value));
    }
    // `shown` is rebuilt each render; only a new value matters here.
  }, [value]);
  // Another language or clock: the same date, written its way (an unreadable text stays as typed).
  const formatKey = `${format.order}${format.hour12}${format.timeZone}`;
  useEffect(() => {
    if (value && !Number.isNaN(value.getTime())) setText(shown(value));
  }, [formatKey]);

  useEffect(() => {
    if (caret.current !== null && inputRef.current) {
      inputRef.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [text]);

  const setDate = (next: Date | null | 'invalid') => {
    const date = next === 'invalid' ? INVALID_DATE : next;
    ownValue.current = date;
    void helpers.setValue(date);
  };

  const onType = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    const masked = maskDateText(raw, format);
    caret.current = maskedCaret(raw, event.target.selectionStart ?? raw.length, masked);
    setText(masked);
    setDate(parseDateText(masked, format));
  };

  const openPicker = () => {
    const native = nativeRef.current;
    try {
      native?.showPicker();
    } catch {
      // No native picker here (an old browser, or not allowed): typing is the way.
      inputRef.current?.focus();
    }
  };

  const pattern = datePattern(format, language);
  return (
    <OutlinedTextField
      id={`field-${name}`}
      name={name}
      label={label}
      required={required}
      fullWidth
      value={text}
      onChange={onType}
      onBlur={() => void helpers.setTouched(true)}
      placeholder={pattern}
      error={showError}
      helperText={errorText ?? helperText}
      inputRef={inputRef}
      slotProps={{
        htmlInput: { inputMode: withTime && format.hour12 ? 'text' : 'numeric', autoComplete: 'off' },
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                edge="end"
                aria-label={t(withTime ? 'common.pickDateTime' : 'common.pickDate')}
                onClick={openPicker}
              >
                <EventRounded />
              </IconButton>
              <input
                ref={nativeRef}
                type={withTime ? 'datetime-local' : 'date'}
                tabIndex={-1}
                aria-hidden
                value={nativeInputValue(value, withTime, format.timeZone)}
                onChange={(event) => {
                  const picked = fromNativeInputValue(event.target.value, format.timeZone);
                  setText(shown(picked));
                  setDate(picked);
                  void helpers.setTouched(true);
                }}
                style={{
                  position: 'absolute',
                  inset: 0,
                  opacity: 0,
                  pointerEvents: 'none',
                  border: 0,
                  padding: 0,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A local date and time with minute precision (spec §9): a meeting's start and end, a task's due date. */
export function DateTimeField(props: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}) {
  return <DateTextField {...props} withTime />;
}

/** A calendar day (a deal's close date), bound to Formik as a Date at local midnight, null when empty. */
export function DateField(props: { name: string; label: string; helperText?: string }) {
  return <DateTextField {...props} withTime={false} />;
}
