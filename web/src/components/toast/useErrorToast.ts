import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/i18n/errors';
import { useToast } from './toastContext';

/**
 * The toast of a failed operation (spec: 'Error' plus the reason), in the user's language. What
 * the mapping does not recognise reads 'Error desconocido' and goes to the console whole.
 */
export function useErrorToast() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return useCallback(
    (error: unknown, title: string = t('common.toast.error')) => {
      const described = describeError(error);
      if (described.key === 'unknown') console.error(title, error);
      toast({ title, description: t(`errors.server.${described.key}`), variant: 'destructive' });
    },
    [t, toast],
  );
}
