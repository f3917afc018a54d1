import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFoundPage from '@/features/errors/NotFoundPage';
import RouteErrorPage from '@/features/errors/RouteErrorPage';
import LandingPage from '@/features/landing/LandingPage';
import i18n, { LANGUAGE_STORAGE_KEY } from '@/i18n';
import { renderWithApp } from '@/test/render';
import { PROTECTED_ROUTES } from './routes';

function Boom(): never {
  throw new Error('kaboom');
}

const testRoutes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'boom', element: <Boom /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

async function renderAt(path: string, language: 'es' | 'en' = 'es') {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  return renderWithApp(<RouterProvider router={router} />, { language });
}

describe('pages', () => {
  it('404 says so in Spanish and English with a link home', async () => {
    await renderAt('/no/existe');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('¡Ups! Página no encontrada');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Page not found');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('a route that throws shows the router error page', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      await renderAt('/boom', 'en');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
      expect(screen.getByText('kaboom')).toBeTruthy();
    } finally {
      console.error = original;
    }
  });

  it('landing toggles the language, the html lang and the stored choice', async () => {
    await renderAt('/');
    expect(document.documentElement.lang).toBe('es');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'EN (English)' }));
    });
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Close more deals with a CRM your team will actually use',
    );
  });

  it('landing links every call-to-action to /auth', async () => {
    await renderAt('/');
    const hrefs = screen
      .getAllByRole('link')
      .filter((link) => /Iniciar sesión|Comenzar prueba gratis/.test(link.textContent ?? ''))
      .map((link) => link.getAttribute('href'));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefs)).toEqual(new Set(['/auth']));
  });
});

describe('protected routes table', () => {
  it("covers every path of the spec, /admin/:organizationId (issue 30), the marketing lists, campaigns and forms (issue 31) and the e-mails of contacts and companies (issue 32), the WhatsApp inbox, a contact's WhatsApp and the templates (issue 33), a contact's portal access and Ajustes → Portal (issue 34)", () => {
    expect(PROTECTED_ROUTES.map((route) => `/${route.path}`).sort()).toEqual(
      [
        '/dashboard',
        '/empresas',
        '/empresas/:id',
        '/empresas/:id/emails',
        '/contactos',
        '/contactos/:id',
        '/contactos/:id/consentimiento',
        '/contactos/:id/emails',
        '/contactos/:id/whatsapp',
        '/contactos/:id/portal',
        '/conversaciones',
        '/conversaciones/:id',
        '/deals',
        '/tareas',
        '/reuniones',
        '/marketing',
        '/marketing/listas',
        '/marketing/listas/:id',
        '/marketing/campanas',
        '/marketing/campanas/:id',
        '/marketing/formularios',
        '/marketing/formularios/:id',
        '/marketing/whatsapp',
        '/documentos',
        '/tickets',
        '/tickets/nuevo',
        '/tickets/:id',
        '/tickets/:id/editar',
        '/ajustes',
        '/ajustes/portal',
        '/subscription',
        '/debug/db',
        '/admin',
        '/admin/:organizationId',
      ].sort(),
    );
  });
});
