import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '@trato/model';
import { isPortalSignInLink, signInWithPortalLink } from '../firebase/session';
import { errorCode, errorMessageKey } from '../errors';
import { usePortalT } from '../i18n';
import { navigate } from '../routing';
import { EmailField, MessageScreen, Notice, PageHeading, Loading } from '../components/ui';
import { PORTAL_EMAIL_KEY } from './SignInScreen';

type State =
  | { kind: 'signingIn' }
  | { kind: 'askEmail'; wrong: boolean }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

function storedEmail(): string | null {
  try {
    return window.localStorage.getItem(PORTAL_EMAIL_KEY);
  } catch {
    return null;
  }
}

/** The e-mail link's codes that mean it can no longer be used. */
const DEAD_LINK = new Set(['invalid-action-code', 'expired-action-code', 'argument-error']);

/**
 * /portal/:slug/entrar — where the e-mailed link lands: the address from this device (or asked:
 * 'Confirma tu correo'), signInWithEmailLink, then /portal/:slug without the link's codes (the app
 * opens the session). An expired or used link says so, with 'Pedir otro'.
 */
export function LandingScreen({ slug }: { slug: string }) {
  const { t } = usePortalT();
  const [state, setState] = useState<State>({ kind: 'signingIn' });
  const started = useRef(false);
  const emailId = useId();
  const [email, setEmail] = useState('');

  const signIn = async (address: string) => {
    setState({ kind: 'signingIn' });
    try {
      await signInWithPortalLink(address, window.location.href);
      try {
        window.localStorage.removeItem(PORTAL_EMAIL_KEY);
      } catch {
        // Nothing stored.
      }
      navigate({ name: 'home', slug }, { replace: true });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'invalid-email') setState({ kind: 'askEmail', wrong: true });
      else if (code && DEAD_LINK.has(code)) setState({ kind: 'expired' });
      else setState({ kind: 'failed', message: t(errorMessageKey(error)) });
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!isPortalSignInLink(window.location.href)) {
      setState({ kind: 'expired' });
      return;
    }
    const known = storedEmail();
    if (known) void signIn(known);
    else setState({ kind: 'askEmail', wrong: false });
    // Once, on arrival: the link is in the address.
  }, []);

  const requestAnother = (
    <button
      type="button"
      className="p-button p-button-primary"
      onClick={() => navigate({ name: 'home', slug }, { replace: true })}
    >
      {t('landing.requestAnother')}
    </button>
  );

  if (state.kind === 'signingIn') return <Loading label={t('landing.signingIn')} />;
  if (state.kind === 'expired')
    return (
      <MessageScreen title={t('landing.expired')} body={t('landing.expiredBody')} action={requestAnother} />
    );
  if (state.kind === 'failed')
    return (
      <MessageScreen
        tone="error"
        title={t('access.sessionFailed')}
        body={state.message}
        action={
          <button
            type="button"
            className="p-button p-button-primary"
            onClick={() => void signIn(storedEmail() ?? email)}
          >
            {t('app.retry')}
          </button>
        }
      />
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      document.getElementById(emailId)?.focus();
      setState({ kind: 'askEmail', wrong: true });
      return;
    }
    void signIn(address);
  };
  return (
    <section className="p-card" aria-labelledby="p-confirm-title">
      <PageHeading id="p-confirm-title">{t('landing.confirmTitle')}</PageHeading>
      <p>{t('landing.confirmIntro')}</p>
      <form noValidate onSubmit={submit} className="p-form">
        <EmailField id={emailId} value={email} onChange={setEmail} invalid={Boolean(state.wrong)} />
        <button type="submit" className="p-button p-button-primary">
          {t('landing.confirm')}
        </button>
      </form>
      <Notice tone="error">{state.wrong ? t('landing.wrongEmail') : null}</Notice>
    </section>
  );
}
