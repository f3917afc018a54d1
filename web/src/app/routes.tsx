import { Navigate, useParams, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import NotFoundPage from '@/features/errors/NotFoundPage';
import RouteErrorPage from '@/features/errors/RouteErrorPage';
import LandingPage from '@/features/landing/LandingPage';
import { PlaceholderPage, type PageKey } from '@/features/shell/PlaceholderPage';
import { RootLayout } from './RootLayout';

/** /clientes/:id → /contactos/:id (the old name of contacts). */
function RedirectWithId({ to }: { to: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`${to}/${encodeURIComponent(id)}`} replace />;
}

const page = (path: string, key: PageKey): RouteObject => ({ path, element: <PlaceholderPage page={key} /> });

/** Paths of the signed-in area (spec §2) — every one is behind the access guard. */
export const PROTECTED_ROUTES: RouteObject[] = [
  page('dashboard', 'dashboard'),
  page('empresas', 'empresas'),
  page('empresas/:id', 'empresa'),
  page('contactos', 'contactos'),
  page('contactos/:id', 'contacto'),
  page('deals', 'deals'),
  page('tareas', 'tareas'),
  page('reuniones', 'reuniones'),
  page('marketing', 'marketing'),
  page('documentos', 'documentos'),
  page('tickets', 'tickets'),
  page('tickets/nuevo', 'ticketNuevo'),
  page('tickets/:id', 'ticket'),
  page('tickets/:id/editar', 'ticketEditar'),
  {
    path: 'ajustes',
    lazy: async () => ({ Component: (await import('@/features/settings/SettingsPage')).default }),
  },
  {
    path: 'subscription',
    lazy: async () => ({ Component: (await import('@/features/subscription/SubscriptionPage')).default }),
  },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('@/features/admin/AdminPage')).default }),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <LandingPage /> },
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
              Component: (await import('@/features/invite/InvitePage')).default,
            }),
          },
          {
            lazy: async () => ({ Component: (await import('@/features/shell/ProtectedArea')).default }),
            children: PROTECTED_ROUTES,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
