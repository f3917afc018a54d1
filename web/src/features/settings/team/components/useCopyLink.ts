import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';

/** Copies an invitation link: 'Enlace copiado al portapapeles', or shows the link when copying is refused. */
export function useCopyLink() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const copy = useCallback(
    async (link: string) => {
      try {
        await navigator.clipboard.writeText(link);
        toast({ title: t('team.invitations.copied'), variant: 'success' });
      } catch {
        toast({ title: t('team.invitations.copyFailed'), description: link, variant: 'destructive' });
      }
    },
    [t, toast],
  );
  return { copy };
}
