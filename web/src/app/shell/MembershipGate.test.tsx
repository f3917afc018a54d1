import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Membership } from '@/firebase/dataApi';
import { renderWithApp } from '@/test/render';
import { ONBOARDING_PATH } from '../sections';
import { MembershipGate } from './MembershipGate';

let membership: Partial<Membership>;
vi.mock('@/firebase/dataApi', () => ({ useMembership: () => membership }));
vi.mock('@/components/useSignOut', () => ({ useSignOut: () => ({ signOut: vi.fn(), busy: false }) }));

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}${location.search}`}</p>;
}

async function renderAt(path: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(
    [
      {
        element: <MembershipGate />,
        children: [
          { path: ONBOARDING_PATH, element: <Where name="onboarding" /> },
          { path: '/dashboard', element: <Where name="shell" /> },
          { path: '/contactos', element: <Where name="shell" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await renderWithApp(<RouterProvider router={router} />);
  return router;
}

describe('MembershipGate', () => {
  beforeEach(() => {
    membership = { status: 'ready', isSuperadmin: false };
  });

  it('sends an account without an organization to the onboarding step, remembering where it went', async () => {
    membership = { status: 'noOrganization', isSuperadmin: false };
    const router = await renderAt('/contactos?q=ana');
    expect((await screen.findByTestId('where')).textContent).toBe('onboarding /onboarding');
    expect(router.state.location.state).toEqual({ from: '/contactos?q=ana' });
  });

  it('lets an account without an organization stay on the onboarding step', async () => {
    membership = { status: 'noOrganization', isSuperadmin: false };
    await renderAt(ONBOARDING_PATH);
    expect((await screen.findByTestId('where')).textContent).toBe('onboarding /onboarding');
  });

  it('sends a member away from the onboarding step, to where they were going', async () => {
    await renderAt({ pathname: ONBOARDING_PATH, state: { from: '/contactos?q=ana' } });
    expect((await screen.findByTestId('where')).textContent).toBe('shell /contactos?q=ana');
  });

  it('sends a member away from the onboarding step, to the dashboard by default', async () => {
    await renderAt(ONBOARDING_PATH);
    expect((await screen.findByTestId('where')).textContent).toBe('shell /dashboard');
  });

  it('shows a member the shell', async () => {
    await renderAt('/contactos');
    expect((await screen.findByTestId('where')).textContent).toBe('shell /contactos');
  });

  it('lets a superadmin without an organization into the shell', async () => {
    membership = { status: 'noOrganization', isSuperadmin: true };
    await renderAt('/dashboard');
    expect((await screen.findByTestId('where')).textContent).toBe('shell /dashboard');
  });

  it('waits while the membership loads', async () => {
    membership = { status: 'loading', isSuperadmin: false };
    await renderAt('/dashboard');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByText('Cargando tu organización...')).toBeTruthy();
  });
});
