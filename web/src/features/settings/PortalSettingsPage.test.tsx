// /ajustes/portal (issue 34): Ajustes' tab row with 'Portal' selected, the other tabs leading back
// to /ajustes, ?tab=portal leading here, and sellers sent away.
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ isAdmin: true }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    useLiveList: () => ({ status: 'loading', data: null, error: null }),
    useMembership: () => ({ ...dataApiMock.useMembership(), isAdmin: state.isAdmin, organization: null }),
  };
});

const { default: PortalSettingsPage } = await import('./PortalSettingsPage');
const { default: SettingsPage } = await import('./SettingsPage');

async function at(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/ajustes', element: <SettingsPage /> },
      { path: '/ajustes/portal', element: <PortalSettingsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  await renderWithApp(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  state.isAdmin = true;
});

describe('Ajustes → Portal', { timeout: 30_000 }, () => {
  it("shows Ajustes' tabs with Portal selected, and the others lead back to /ajustes", async () => {
    const router = await at('/ajustes/portal');
    expect(screen.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Portal' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Cargando el portal...')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Canales' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/ajustes?tab=canales');
  });

  it('?tab=portal leads to /ajustes/portal', async () => {
    const router = await at('/ajustes?tab=portal');
    expect(router.state.location.pathname).toBe('/ajustes/portal');
  });

  it('sends a seller away', async () => {
    state.isAdmin = false;
    const router = await at('/ajustes/portal');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
