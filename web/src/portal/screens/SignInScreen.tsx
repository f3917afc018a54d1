import { useId, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN, type Language } from '@trato/model';
import { callPortal } from '../firebase/callables';
import { errorMessageKey } from '../errors';
import { usePortalT } from '../i18n';
import { EmailField, Notice, PageHeading } from '../components/ui';

/** Where the landing page finds the address the link was sent to (same device). */
export const PORTAL_EMAIL_KEY = 'trato.portal.email';

export function rememberEmail(email: string): void {
  try {
    window.localStorage.setItem(PORTAL_EMAIL_KEY, email);
  } catch {
    // Storage disabled: the landing page asks for the address again.
  }
}

/**
 * Signed out: 'Entrar' with the e-mail → requestPortalLink. The answer is the same whatever the
 * server knows of the address (it always says sent), and so is the message.
 */
export function SignInScreen({ slug, language }: { slug: string; language: Language }) {
  const { t } = usePortalT();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending' }
    | { kind: 'sent'; email: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const problem = !address
      ? t('signIn.emailRequired')
      : EMAIL_PATTERN.test(address)
        ? null
        : t('signIn.emailInvalid');
    setFieldError(problem);
    if (problem) {
      document.getElementById(emailId)?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      await callPortal('requestPortalLink', {
        slug,
        email: address,
        language,
        continueUrl: window.location.origin,
      });
      rememberEmail(address);
      setState({ kind: 'sent', email: address });
    } catch (error) {
      setState({ kind: 'failed', message: t(errorMessageKey(error)) });
    }
  };

  if (state.kind === 'sent') {
    return (
      <section className="p-card" aria-labelledby="p-signin-title">
        <PageHeading id="p-signin-title">{t('signIn.title')}</PageHeading>
        <Notice tone="success">{t('signIn.sent', { email: state.email })}</Notice>
        <p className="p-muted">{t('signIn.sentHelp')}</p>
        <button type="button" className="p-button p-button-text" onClick={() => setState({ kind: 'idle' })}>
          {t('signIn.otherEmail')}
        </button>
      </section>
    );
  }
  return (
    <section className="p-card" aria-labelledby="p-signin-title">
      <PageHeading id="p-signin-title">{t('signIn.title')}</PageHeading>
      <p>{t('signIn.intro')}</p>
      <form noValidate onSubmit={submit} className="p-form">
        <EmailField
          id={emailId}
          value={email}
          onChange={setEmail}
          invalid={Boolean(fieldError)}
          error={fieldError}
        />
        <button type="submit" className="p-button p-button-primary" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('signIn.sending') : t('signIn.submit')}
        </button>
      </form>
      <Notice tone="error">{state.kind === 'failed' ? state.message : null}</Notice>
    </section>
  );
}
