import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast';
import { describeAuthError, useAuthApi } from '@/firebase';

/**
 * 'Cerrar sesión': success → 'Sesión cerrada correctamente' and /auth. A failing call still
 * clears the local session (and counts as signed out); otherwise 'Error al cerrar sesión'.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const api = useAuthApi();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const signOut = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const result = await api.signOut();
    if (result.signedOut) {
      toast({ title: t('app.user.signedOut'), variant: 'success' });
      navigate('/auth', { replace: true });
    } else {
      const described = describeAuthError(result.error);
      toast({
        title: t('app.user.signOutError'),
        description: described.key ? t(described.key) : described.message,
        variant: 'destructive',
      });
    }
    running.current = false;
    setBusy(false);
  }, [api, navigate, t, toast]);

  return { signOut, busy };
}
