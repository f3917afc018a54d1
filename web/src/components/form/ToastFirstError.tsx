import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';

/**
 * After a submit attempt that failed validation, also toasts the first problem (the spec's
 * 'El título es requerido' for deals and tasks): the message stays under its field as well.
 */
export function ToastFirstError() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<Record<string, unknown>>();
  const handled = useRef(0);

  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = Object.values(errors).find((error): error is string => typeof error === 'string');
    if (first) toast({ title: t(first as never), variant: 'destructive' });
  }, [submitCount, isSubmitting, isValidating, errors, toast, t]);

  return null;
}
