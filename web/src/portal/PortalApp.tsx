import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language, PortalView } from '@trato/model';
import { callPortal } from './firebase/callables';
import { listPortalTickets } from './firebase/data';
import { signOutOfPortal, watchPortalUser, type PortalUser } from './firebase/session';
import { errorCode, errorMessageKey, errorReason, isAccessDenied } from './errors';
import { createPortalI18n, usePortalT } from './i18n';
import { currentLanguage, rememberLanguage } from './language';
import { PortalContext, type PortalContextValue, type PortalSession } from './context';
import { linkProps, navigate, usePortalRoute, type PortalRoute } from './routing';
import { Loading, MessageScreen } from './components/ui';
import { SignInScreen } from './screens/SignInScreen';
import { LandingScreen } from './screens/LandingScreen';
import { TicketsScreen } from './screens/TicketsScreen';
import { TicketScreen } from './screens/TicketScreen';
import { NewTicketScreen } from './screens/NewTicketScreen';
import { DocumentsScreen } from './screens/DocumentsScreen';

type SiteState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; site: PortalView };
type AuthState = { kind: 'unknown' } | { kind: 'out' } | { kind: 'in'; user: PortalUser };
type SessionState =
  | { kind: 'idle' }
  | { kind: 'opening'; uid: string }
  | { kind: 'open'; session: PortalSession }
  | { kind: 'noAccess' }
  | { kind: 'revoked' }
  | { kind: 'failed'; uid: string; message: string };

const NO_SITE_REASONS = new Set(['portal-not-found', 'portal-disabled', 'slug-invalid']);

/** The customer portal: one page, its screens chosen by the address (routing.ts). */
export function PortalApp() {
  const [i18n] = useState(() => createPortalI18n(currentLanguage()));
  return (
    <I18nextProvider i18n={i18n}>
      <Portal onLanguage={(language) => void i18n.changeLanguage(language)} />
    </I18nextProvider>
  );
}

function Portal({ onLanguage }: { onLanguage: (language: Language) => void }) {
  const { t, language } = usePortalT();
  const route = usePortalRoute();
  const slug = route.slug;
  const [site, setSite] = useState<SiteState>({ kind: 'loading' });
  const [auth, setAuth] = useState<AuthState>({ kind: 'unknown' });
  const [session, setSession] = useState<SessionState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // The site, by the address's slug (getPortal: anyone may ask).
  useEffect(() => {
    if (!slug) return;
    let live = true;
    setSite({ kind: 'loading' });
    callPortal('getPortal', { slug }).then(
      (view) => live && setSite({ kind: 'ready', site: view }),
      (error) => {
        if (!live) return;
        const reason = errorReason(error);
        if ((reason && NO_SITE_REASONS.has(reason)) || errorCode(error) === 'not-found')
          setSite({ kind: 'missing' });
        else setSite({ kind: 'failed', message: t(errorMessageKey(error)) });
      },
    );
    return () => {
      live = false;
    };
    // t changes with the language: the site is not asked again for that.
  }, [slug, attempt]);

  // The site's languages limit the page's (the first is its default).
  const siteLanguages = site.kind === 'ready' ? site.site.languages : null;
  useEffect(() => {
    if (!siteLanguages) return;
    const chosen = currentLanguage(siteLanguages);
    if (chosen !== language) onLanguage(chosen);
  }, [siteLanguages, language, onLanguage]);

  useEffect(() => watchPortalUser((user) => setAuth(user ? { kind: 'in', user } : { kind: 'out' })), []);

  // Signed in, on every start (and after the link's landing): openPortalSession — it activates the
  // access, notes the visit and says who the customer is. One call per user at a time; its answer
  // counts only while that user is still the one signed in.
  const uid = auth.kind === 'in' ? auth.user.uid : null;
  const onLanding = route.name === 'landing';
  const signedInUid = useRef<string | null>(null);
  useEffect(() => {
    signedInUid.current = uid;
  }, [uid]);
  const opening = useRef<string | null>(null);
  const needsSession = session.kind === 'idle' || (session.kind === 'open' && session.session.uid !== uid);
  useEffect(() => {
    if (!slug || !uid || onLanding || site.kind !== 'ready' || !needsSession) return;
    if (opening.current === uid) return;
    opening.current = uid;
    setSession({ kind: 'opening', uid });
    const current = () => signedInUid.current === uid;
    callPortal('openPortalSession', { slug })
      .then(
        (info) => {
          if (current()) setSession({ kind: 'open', session: { ...info, uid } });
        },
        async (error) => {
          if (!current()) return;
          const reason = errorReason(error);
          if (isAccessDenied(error) || reason === 'email-unverified' || reason === 'no-email') {
            setSession({ kind: 'noAccess' });
            await signOutOfPortal();
          } else if (errorCode(error) === 'unauthenticated') {
            setSession({ kind: 'idle' });
            await signOutOfPortal();
          } else setSession({ kind: 'failed', uid, message: t(errorMessageKey(error)) });
        },
      )
      .finally(() => {
        if (opening.current === uid) opening.current = null;
      });
  }, [slug, uid, onLanding, site.kind, needsSession, t]);

  const openSession = session.kind === 'open' ? session.session : null;
  const checkAccess = useCallback(
    async (error: unknown): Promise<boolean> => {
      if (!openSession) return false;
      if (errorCode(error) === 'unauthenticated') {
        setSession({ kind: 'idle' });
        await signOutOfPortal();
        return true;
      }
      if (!isAccessDenied(error)) return false;
      // Refused: revoked, or only this record is not theirs? Their own tickets tell.
      try {
        await listPortalTickets(openSession.organizationId, 'contact', openSession.contactId, null, 1);
        return false;
      } catch (probe) {
        if (!isAccessDenied(probe)) return false;
      }
      setSession({ kind: 'revoked' });
      await signOutOfPortal().catch(() => undefined);
      return true;
    },
    [openSession],
  );

  const signOut = async () => {
    setSession({ kind: 'idle' });
    await signOutOfPortal();
    if (slug) navigate({ name: 'home', slug });
  };

  const context = useMemo<PortalContextValue | null>(
    () =>
      openSession && slug && site.kind === 'ready'
        ? { slug, site: site.site, session: openSession, checkAccess }
        : null,
    [openSession, slug, site, checkAccess],
  );

  const siteName = site.kind === 'ready' ? site.site.name : null;
  useEffect(() => {
    document.title = siteName ? t('app.titleOf', { name: siteName }) : t('app.title');
  }, [siteName, t]);

  const backToStart = (
    <button
      type="button"
      className="p-button p-button-primary"
      onClick={() => {
        setSession({ kind: 'idle' });
        if (slug) navigate({ name: 'home', slug });
      }}
    >
      {t('access.backToStart')}
    </button>
  );

  let content;
  if (!slug || site.kind === 'missing')
    content = <MessageScreen title={t('site.missing')} body={t('site.missingBody')} />;
  else if (site.kind === 'loading') content = <Loading label={t('app.loading')} />;
  else if (site.kind === 'failed')
    content = (
      <MessageScreen
        tone="error"
        title={t('site.failed')}
        body={site.message}
        action={
          <button
            type="button"
            className="p-button p-button-primary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('app.retry')}
          </button>
        }
      />
    );
  else if (session.kind === 'revoked')
    content = (
      <MessageScreen
        tone="error"
        title={t('access.revoked')}
        body={t('access.revokedBody')}
        action={backToStart}
      />
    );
  else if (session.kind === 'noAccess')
    content = (
      <MessageScreen
        tone="error"
        title={t('access.noAccess')}
        body={t('access.noAccessBody')}
        action={backToStart}
      />
    );
  else if (route.name === 'landing') content = <LandingScreen slug={slug} />;
  else if (auth.kind === 'unknown') content = <Loading label={t('app.loading')} />;
  else if (auth.kind === 'out') content = <SignInScreen slug={slug} language={language} />;
  else if (session.kind === 'failed')
    content = (
      <MessageScreen
        tone="error"
        title={t('access.sessionFailed')}
        body={session.message}
        action={
          <button
            type="button"
            className="p-button p-button-primary"
            onClick={() => setSession({ kind: 'idle' })}
          >
            {t('app.retry')}
          </button>
        }
      />
    );
  else if (!context) content = <Loading label={t('app.loading')} />;
  else content = <SignedIn route={route} />;

  return (
    <div className="p-app">
      <a className="p-skip" href="#p-main">
        {t('app.skip')}
      </a>
      <header className="p-header">
        <div className="p-header-row">
          <div className="p-brand">
            {site.kind === 'ready' && site.site.logo ? (
              <img src={site.site.logo} alt={t('app.logo', { name: site.site.name })} className="p-logo" />
            ) : null}
            <span className="p-brand-name">{siteName ?? t('app.title')}</span>
          </div>
          <LanguageSwitch
            offered={siteLanguages ?? ['es', 'en']}
            onChange={(next) => {
              rememberLanguage(next);
              onLanguage(next);
            }}
          />
        </div>
        {context ? <Nav route={route} slug={context.slug} onSignOut={signOut} /> : null}
      </header>
      <main id="p-main" tabIndex={-1} className="p-main">
        {context ? <PortalContext.Provider value={context}>{content}</PortalContext.Provider> : content}
      </main>
    </div>
  );
}

function LanguageSwitch({
  offered,
  onChange,
}: {
  offered: readonly Language[];
  onChange: (l: Language) => void;
}) {
  const { t, language } = usePortalT();
  if (offered.length < 2) return null;
  return (
    <div className="p-lang" role="group" aria-label={t('app.language')}>
      {offered.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="p-lang-option"
          aria-pressed={option === language}
          aria-label={
            option === language
              ? t(`app.languages.${option}`)
              : t('app.switchTo', { language: t(`app.languages.${option}`) })
          }
          onClick={() => option !== language && onChange(option)}
        >
          {option.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function Nav({ route, slug, onSignOut }: { route: PortalRoute; slug: string; onSignOut: () => void }) {
  const { t } = usePortalT();
  const inTickets = route.name === 'home' || route.name === 'ticket' || route.name === 'newTicket';
  return (
    <nav className="p-nav" aria-label={t('app.nav')}>
      <a {...linkProps({ name: 'home', slug })} aria-current={inTickets ? 'page' : undefined}>
        {t('app.tickets')}
      </a>
      <a
        {...linkProps({ name: 'documents', slug })}
        aria-current={route.name === 'documents' ? 'page' : undefined}
      >
        {t('app.documents')}
      </a>
      <button type="button" className="p-nav-signout" onClick={onSignOut}>
        {t('app.signOut')}
      </button>
    </nav>
  );
}

function SignedIn({ route }: { route: PortalRoute }) {
  const { t } = usePortalT();
  switch (route.name) {
    case 'home':
      return <TicketsScreen />;
    case 'newTicket':
      return <NewTicketScreen />;
    case 'ticket':
      return <TicketScreen key={route.ticketId} ticketId={route.ticketId} />;
    case 'documents':
      return <DocumentsScreen />;
    default:
      return (
        <MessageScreen
          title={t('errors.notFound')}
          action={
            <a className="p-button p-button-primary" {...linkProps({ name: 'home', slug: route.slug ?? '' })}>
              {t('ticket.back')}
            </a>
          }
        />
      );
  }
}
