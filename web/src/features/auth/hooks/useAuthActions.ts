import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast';
import { describeAuthError, useAuthApi } from '@/firebase';
// Not '@/firebase/dataApi': sign-up needs the callables (the Functions SDK loads with the first
// call), not Firestore.
import { callFunction } from '@/firebase/callables';
import { describeCallableError } from '@/firebase/callableErrors';
import { useLanguage } from '@/i18n';
import { parseInviteToken } from '../utils/inviteToken';
import type { LoginValues, RecoveryValues, SignUpValues } from '../utils/schemas';
import { clearPendingSignUp, savePendingSignUp } from '../utils/signupMetadata';
import { sectionHref } from '@/app/sections';

export const AFTER_LOGIN_PATH = sectionHref('dashboard');

/** Where sign-up shows why the username was refused: the form's username field (Formik helpers). */
export interface UsernameErrorTarget {
  setFieldError(field: 'username', message: string): void;
}

interface AuthActionsOptions {
  /** Where to go after logging in (the protected page the user first asked for). */
  redirectTo?: string;
  /** Called after a reset link was sent (e.g. to go back to the login view). */
  onResetSent?(email: string): void;
}

/**
 * Login, sign-up and password reset with the spec's toasts. `busy` is true from
 * the moment a request starts until navigation, so the page does not react to
 * the session changing underneath and a second submit is ignored.
 */
export function useAuthActions({ redirectTo = AFTER_LOGIN_PATH, onResetSent }: AuthActionsOptions = {}) {
  const api = useAuthApi();
  const { toast } = useToast();
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const busy = useRef(false);

  const showError = useCallback(
    (error: unknown) => {
      const described = describeAuthError(error);
      toast({
        title: t('toasts.error'),
        description: described.key ? tc(described.key) : described.message || tc('auth.errors.unknown'),
        variant: 'destructive',
      });
    },
    [t, toast],
  );

  const run = useCallback(
    async (work: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      try {
        await work();
      } catch (error) {
        showError(error);
      } finally {
        busy.current = false;
      }
    },
    [showError],
  );

  const login = useCallback(
    (values: LoginValues) =>
      run(async () => {
        await api.signIn(values.email, values.password);
        toast({ title: t('toasts.welcomeBack'), variant: 'success' });
        navigate(redirectTo, { replace: true });
      }),
    [api, navigate, redirectTo, run, t, toast],
  );

  const signUp = useCallback(
    (values: SignUpValues, form?: UsernameErrorTarget) =>
      run(async () => {
        if (values.accountType === 'employee') {
          const token = parseInviteToken(values.inviteLink);
          // The schema already refuses links without a token; this is the last guard.
          if (!token) throw new Error(tc('auth.validation.inviteInvalid'));
          navigate(`/invite/${encodeURIComponent(token)}`, { state: { email: values.email.trim() } });
          return;
        }
        const fullName = values.fullName.trim();
        const companyName = values.companyName.trim();
        // A refused username is said on its field (an i18n key) and in the error toast.
        const refuseUsername = (key: 'onboarding.usernameTaken' | 'signup.usernameRateLimited') => {
          form?.setFieldError('username', `auth:${key}`);
          return new Error(t(key));
        };
        let available: boolean;
        try {
          ({ available } = await callFunction('checkUsername', { username: values.username }));
        } catch (error) {
          if (describeCallableError(error).reason === 'rate-limited')
            throw refuseUsername('signup.usernameRateLimited');
          throw error;
        }
        if (!available) throw refuseUsername('onboarding.usernameTaken');
        const { user, verificationError } = await api.signUp({
          email: values.email,
          password: values.password,
          displayName: fullName,
          verificationContinueUrl: `${window.location.origin}${AFTER_LOGIN_PATH}`,
        });
        savePendingSignUp(user.uid, {
          full_name: fullName,
          company_name: companyName,
          username: values.username,
          language,
        });
        let organizationError: unknown = null;
        try {
          await callFunction('createOrganization', {
            fullName,
            username: values.username,
            companyName,
            language,
          });
          clearPendingSignUp();
        } catch (error) {
          // The account exists: the signed-in area offers to finish the organization.
          organizationError = error;
        }
        toast({
          title: t('toasts.accountCreated'),
          description: t('toasts.confirmEmail'),
          variant: 'success',
        });
        if (organizationError) {
          const described = describeCallableError(organizationError);
          toast({
            title: t('toasts.error'),
            description:
              described.reason === 'username-taken'
                ? t('onboarding.usernameTaken')
                : described.message || tc('auth.errors.unknown'),
            variant: 'destructive',
          });
        }
        if (verificationError) {
          const described = describeAuthError(verificationError);
          toast({
            title: t('toasts.verificationFailed'),
            description: described.key ? tc(described.key) : described.message,
            variant: 'destructive',
          });
        }
        navigate(AFTER_LOGIN_PATH, { replace: true });
      }),
    [api, language, navigate, run, t, toast],
  );

  const resetPassword = useCallback(
    (values: RecoveryValues) =>
      run(async () => {
        await api.sendPasswordReset(values.email, `${window.location.origin}/`);
        toast({
          title: t('toasts.emailSent'),
          description: t('toasts.resetSent'),
          variant: 'success',
        });
        onResetSent?.(values.email.trim());
      }),
    [api, onResetSent, run, t, toast],
  );

  return { login, signUp, resetPassword, isBusy: () => busy.current };
}
