import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCallableError } from '@/firebase/callableErrors';
import { useToast } from './toastContext';

/**
 * The spec's toast for a failed server call: a title (default 'Error') and the server's message,
 * or 'unknown error' when it sent none.
 */
export function useFailureToast() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return useCallback(
    (error: unknown, title: string = t('auth.toasts.error')) =>
      toast({
        title,
        description: describeCallableError(error).message || t('auth.errors.unknown'),
        variant: 'destructive',
      }),
    [t, toast],
  );
}
