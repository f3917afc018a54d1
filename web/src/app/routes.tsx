import { Navigate, useParams, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { changeLanguage, loadNamespaces, visitorLanguage, type FeatureNamespace } from '@/i18n';
import NotFoundPage from '@/features/errors/NotFoundPage';
import RouteErrorPage from '@/features/errors/RouteErrorPage';
import { ONBOARDING_PATH, pagePath, sectionHref, SECTIONS, type PageModule } from './sections';
import type { RouteTitleHandle } from './shell/RouteTitle';
import { RootLayout } from './RootLayout';

/** /clientes/:id → /contactos/:id (the old name of contacts). */
function RedirectWithId({ to }: { to: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`${to}/${encodeURIComponent(id)}`} replace />;
}

/**
 * A route's `lazy`: the screen's module and the translation namespaces it reads, loaded together,
 * so the screen never renders before its texts (no flash of raw keys).
 */
function lazyPage(load: PageModule, namespaces: readonly FeatureNamespace[] = []): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/** The pages of every section of the registry, each with its title in the route's handle. */
export const PROTECTED_ROUTES: RouteObject[] = SECTIONS.flatMap((section) =>
  section.pages.map((page): RouteObject => {
    const handle: RouteTitleHandle = { title: page.title };
    return { path: pagePath(section, page), handle, lazy: lazyPage(page.load, page.namespaces) };
  }),
);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      // In production "/" is the prerendered static page; the React landing loads only when the
      // app itself navigates to "/" (and in the dev server).
      { index: true, lazy: lazyPage(() => import('@/features/landing/LandingPage'), ['landing']) },
      { path: 'clientes', element: <Navigate to={sectionHref('contacts')} replace /> },
      { path: 'clientes/:id', element: <RedirectWithId to={sectionHref('contacts')} /> },
      { path: 'oportunidades', element: <Navigate to={sectionHref('deals')} replace /> },
      {
        // A form's public page (issue 31): for anyone, outside the Firebase root (no Auth, no
        // Firestore, no shell), in the visitor's language (`?lang`, else the browser's; not stored).
        path: 'f/:formKey',
        lazy: async () => {
          if (typeof window !== 'undefined')
            await changeLanguage(visitorLanguage(window.location.search, window.navigator.language));
          const [module] = await Promise.all([
            import('@/features/publicForm/PublicFormPage'),
            loadNamespaces(['publicForm']),
          ]);
          return { Component: module.default };
        },
      },
      {
        lazy: async () => ({ Component: (await import('./FirebaseRoot')).default }),
        children: [
          { path: 'auth', lazy: lazyPage(() => import('@/features/auth/AuthPage'), ['auth']) },
          {
            // The mail provider's return (spec: /auth/{mail-provider}/callback); checks the session itself.
            path: 'auth/:provider/callback',
            lazy: lazyPage(() => import('@/features/settings/mail/MailCallbackPage'), ['settings']),
          },
          {
            path: 'invite/:token',
            lazy: lazyPage(() => import('@/features/auth/invite/InvitePage'), ['auth']),
          },
          {
            lazy: async () => ({ Component: (await import('./shell/ProtectedArea')).default }),
            children: [
              // A signed-in account without an organization finishes it here (outside the layout).
              {
                path: ONBOARDING_PATH,
                lazy: lazyPage(() => import('@/features/auth/onboarding/OnboardingPage'), ['auth']),
              },
              {
                lazy: async () => ({ Component: (await import('./shell/components/AppLayout')).AppLayout }),
                children: PROTECTED_ROUTES,
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
