import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';

/**
 * A Formik field and the error to show: messages are i18n keys, shown once the field was touched
 * or a submit was attempted (no scolding while typing).
 */
export function useFieldState<V>(name: string) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<V>(name);
  const { submitCount } = useFormikContext();
  const showError = Boolean(meta.error) && (meta.touched || submitCount > 0);
  const errorText = showError && typeof meta.error === 'string' ? t(meta.error as never) : undefined;
  return { field, meta, helpers, showError, errorText };
}
