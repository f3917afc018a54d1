import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * After a submit attempt that failed validation, moves keyboard focus to the
 * first invalid field so screen-reader and keyboard users land on the problem.
 */
export function FocusFirstError({ formRef }: { formRef: React.RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const handled = useRef(0);

  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, formRef]);

  return null;
}
