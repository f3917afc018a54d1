import { Navigate, useParams, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { loadNamespaces } from '@/i18n';
import NotFoundPage from '@/features/errors/NotFoundPage';
import RouteErrorPage from '@/features/errors/RouteErrorPage';
import { PlaceholderPage } from './shell/PlaceholderPage';
import { pagePath, SECTIONS } from './sections';
import type { RouteTitleHandle } from './shell/RouteTitle';
import { RootLayout } from './RootLayout';

/** /clientes/:id → /contactos/:id (the old name of contacts). */
function RedirectWithId({ to }: { to: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`${to}/${encodeURIComponent(id)}`} replace />;
}

/** The pages of every section of the registry, each with its title in the route's handle. */
export const PROTECTED_ROUTES: RouteObject[] = SECTIONS.flatMap((section) =>
  section.pages.map((page): RouteObject => {
    const handle: RouteTitleHandle = { title: page.title };
    const load = page.load;
    const namespaces = page.namespaces ?? [];
    return load
      ? {
          path: pagePath(section, page),
          handle,
          lazy: async () => {
            const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
            return { Component: module.default };
          },
        }
      : { path: pagePath(section, page), handle, element: <PlaceholderPage title={page.title} /> };
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
      {
        index: true,
        lazy: async () => ({ Component: (await import('@/features/landing/LandingPage')).default }),
      },
      { path: 'clientes', element: <Navigate to="/contactos" replace /> },
      { path: 'clientes/:id', element: <RedirectWithId to="/contactos" /> },
      { path: 'oportunidades', element: <Navigate to="/deals" replace /> },
      {
        lazy: async () => ({ Component: (await import('./FirebaseRoot')).default }),
        children: [
          {
            path: 'auth',
            lazy: async () => ({ Component: (await import('@/features/auth/AuthPage')).default }),
          },
          {
            path: 'invite/:token',
            lazy: async () => ({
              Component: (await import('@/features/auth/invite/InvitePage')).default,
            }),
          },
          {
            lazy: async () => ({ Component: (await import('./shell/ProtectedArea')).default }),
            children: PROTECTED_ROUTES,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
