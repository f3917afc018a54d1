import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast';
import { describeAuthError, signOutSession } from '@/firebase';
import { clearOfflineData } from '@/firebase/data';
import { useFirebaseAuth } from '@/firebase/FirebaseProviders';
import { forgetPendingChanges, getPendingChanges } from '@/firebase/pendingWrites';

/**
 * 'Cerrar sesión': success → 'Sesión cerrada correctamente' and /auth. A failing call still
 * clears the local session (and counts as signed out); otherwise 'Error al cerrar sesión'.
 * Changes not sent yet would be lost: the member confirms first (the browser's own dialog, which
 * costs no script). Signed out, the offline cache and the pending list are cleared (issue 35).
 */
export function useSignOut() {
  const { t } = useTranslation();
  const auth = useFirebaseAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const signOut = useCallback(async () => {
    if (running.current) return;
    const unsent = getPendingChanges().filter((c) => c.status === 'pending').length;
    if (unsent && !window.confirm(t('app.sync.signOutPending', { count: unsent }))) return;
    running.current = true;
    setBusy(true);
    const uid = auth.currentUser?.uid ?? null;
    const result = await signOutSession(auth);
    if (result.signedOut) {
      if (uid) forgetPendingChanges(uid);
      toast({ title: t('app.user.signedOut'), variant: 'success' });
      navigate('/auth', { replace: true });
      // After the signed-in area has gone (its listeners with it).
      setTimeout(() => void clearOfflineData(), 0);
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
  }, [auth, navigate, t, toast]);

  return { signOut, busy };
}
