// The shell's controls say what they show (WCAG 2.5.3 Label in Name, issue 28): the top bar's
// search box, its dialog, the user menu and the language buttons, in both languages.
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Membership } from '@/firebase/dataApi';
import i18n from '@/i18n';
import { labelInNameViolations } from '@/test/labelInName';
import { renderWithApp } from '@/test/render';
import { AppLayout } from './AppLayout';

const membership: Partial<Membership> = {
  status: 'ready',
  uid: 'u1',
  email: 'ana@trato.demo',
  profile: { id: 'u1', fullName: 'Ana López' } as Membership['profile'],
  organizationId: 'org1',
  organization: { id: 'org1', name: 'Distribuidora Maya' } as Membership['organization'],
  isAdmin: true,
  isSuperadmin: false,
  can: () => true,
  organizations: [
    { id: 'org1', name: 'Distribuidora Maya', role: 'admin', subscription: null },
    { id: 'org2', name: 'Café Copán', role: 'seller', subscription: null },
  ],
  switchOrganization: vi.fn(),
};
vi.mock('@/firebase/dataApi', () => ({
  useMembership: () => membership,
  useOrgId: () => membership.organizationId,
  useSubscription: () => ({ status: 'success', live: true, error: null }),
  useLanguageChoice: () => vi.fn(),
  firstMatches: vi.fn(),
  orgRequest: () => null,
}));
vi.mock('@/app/shell/notifications/useNotifications', () => ({
  useNotifications: () => ({ status: 'success', items: [], now: Date.now(), hide() {} }),
}));
vi.mock('@/components/useSignOut', () => ({ useSignOut: () => ({ signOut: vi.fn(), busy: false }) }));

async function renderShell(language: 'es' | 'en') {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '/dashboard', element: <p>Dashboard</p> }] }],
    { initialEntries: ['/dashboard'] },
  );
  await renderWithApp(<RouterProvider router={router} />, { language });
}

describe.each(['es', 'en'] as const)('the shell in %s', (language) => {
  it("the top bar's search box is named by the text it shows", async () => {
    await renderShell(language);
    const placeholder = i18n.t('app.search.placeholder');
    const box = screen.getByRole('button', { name: placeholder });
    expect(box.textContent).toContain(placeholder);
    expect(labelInNameViolations(document.body)).toEqual([]);
  });

  it("the organization switcher lists the person's organizations and opens another", async () => {
    await renderShell(language);
    fireEvent.click(
      screen.getByRole('button', {
        name: i18n.t('app.organizations.switcher', { name: 'Distribuidora Maya' }),
      }),
    );
    const panel = await screen.findByRole('dialog', { name: i18n.t('app.organizations.title') });
    const options = within(panel).getAllByTestId('organization-option');
    expect(options.map((option) => option.getAttribute('aria-current'))).toEqual(['true', null]);
    expect(options[1]!.textContent).toContain(i18n.t('enums.role.seller'));
    expect(within(panel).getByRole('button', { name: i18n.t('app.organizations.new') })).toBeTruthy();
    expect(labelInNameViolations(document.body)).toEqual([]);
    fireEvent.click(options[1]!);
    expect(membership.switchOrganization).toHaveBeenCalledWith('org2');
    expect(
      await screen.findByText(i18n.t('app.organizations.switched', { name: 'Café Copán' })),
    ).toBeTruthy();
  });

  it('its search dialog, user menu and language buttons too', async () => {
    await renderShell(language);
    fireEvent.click(screen.getByRole('button', { name: /ana@trato\.demo/ }));
    const menu = await screen.findByRole('dialog');
    expect(within(menu).getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(labelInNameViolations(document.body)).toEqual([]);
    fireEvent.keyDown(menu, { key: 'Escape' });

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    // The dialog's module loads on first use.
    const input = await screen.findByRole(
      'combobox',
      { name: i18n.t('app.search.placeholder') },
      { timeout: 10_000 },
    );
    expect(input.getAttribute('placeholder')).toBe(i18n.t('app.search.placeholder'));
    expect(labelInNameViolations(document.body)).toEqual([]);
  });
});
