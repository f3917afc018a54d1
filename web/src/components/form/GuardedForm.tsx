import { Form, useFormikContext } from 'formik';
import { useEffect, useRef, type ComponentProps, type FormEvent } from 'react';
import { FocusFirstError } from './FocusFirstError';

type GuardedFormProps = Omit<ComponentProps<typeof Form>, 'onSubmit' | 'ref' | 'noValidate'>;

/**
 * Formik's <Form> that ignores a second submit (Enter pressed again, a double
 * click) while the first is still validating or sending, and moves focus to
 * the first invalid field after a failed attempt. Browser validation is off:
 * the yup messages are the ones shown.
 */
export function GuardedForm({ children, ...props }: GuardedFormProps) {
  const { handleSubmit, isSubmitting, submitCount } = useFormikContext();
  const formRef = useRef<HTMLFormElement>(null);
  const locked = useRef(false);

  useEffect(() => {
    if (!isSubmitting) locked.current = false;
  }, [isSubmitting, submitCount]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (locked.current || isSubmitting) {
      event.preventDefault();
      return;
    }
    locked.current = true;
    handleSubmit(event);
  };

  return (
    <Form {...props} ref={formRef} noValidate onSubmit={onSubmit}>
      <FocusFirstError formRef={formRef} />
      {children}
    </Form>
  );
}
