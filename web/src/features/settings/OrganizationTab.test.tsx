// Ajustes → Organización: name, country and RTN, and (issue 31) 'Enviar marketing solo a contactos
// con consentimiento', saved with them on the organization; admins edit, sellers read.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  update: vi.fn(),
  isAdmin: true,
  organization: {} as Record<string, unknown>,
}));
vi.mock('@/firebase/dataApi', () => ({
  updateOrganization: state.update,
  useMembership: () => ({
    organizationId: 'org1',
    isAdmin: state.isAdmin,
    organization: { id: 'org1', ...state.organization },
  }),
}));

const { OrganizationTab } = await import('./OrganizationTab');

const consentSwitch = () =>
  screen.getByRole<HTMLInputElement>('switch', {
    name: 'Enviar marketing solo a contactos con consentimiento',
  });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

beforeEach(() => {
  state.update.mockReset().mockResolvedValue(undefined);
  state.isAdmin = true;
  state.organization = { name: 'Distribuidora Maya', country: 'Honduras', rtn: null };
});

describe('Ajustes → Organización', { timeout: 30_000 }, () => {
  it('an admin turns on marketing only with consent, saved with the organization', async () => {
    await renderWithApp(<OrganizationTab />);
    expect(consentSwitch().checked).toBe(false);
    expect(
      screen.getByText(
        /Las campañas y las secuencias omiten a los contactos que no dieron su consentimiento/,
      ),
    ).toBeTruthy();
    expect(consentSwitch().getAttribute('aria-describedby')).toBe('marketing-consent-help');
    fireEvent.click(consentSwitch());
    save();
    await waitFor(() =>
      expect(state.update).toHaveBeenCalledWith('org1', {
        name: 'Distribuidora Maya',
        country: 'Honduras',
        rtn: null,
        marketingConsentRequired: true,
      }),
    );
    expect(await screen.findByText('Organización actualizada')).toBeTruthy();
  });

  it('shows it on when stored, and turns it off', async () => {
    state.organization = { ...state.organization, marketingConsentRequired: true };
    await renderWithApp(<OrganizationTab />);
    expect(consentSwitch().checked).toBe(true);
    fireEvent.click(consentSwitch());
    save();
    await waitFor(() =>
      expect(state.update).toHaveBeenCalledWith(
        'org1',
        expect.objectContaining({ marketingConsentRequired: false }),
      ),
    );
  });

  it('keeps saving the name as before (the switch untouched stays off)', async () => {
    await renderWithApp(<OrganizationTab />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Nombre/ }), {
      target: { value: ' Maya S.A. ' },
    });
    save();
    await waitFor(() =>
      expect(state.update).toHaveBeenCalledWith('org1', {
        name: 'Maya S.A.',
        country: 'Honduras',
        rtn: null,
        marketingConsentRequired: false,
      }),
    );
  });

  it('a refused save says why and keeps the choice', async () => {
    state.update.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await renderWithApp(<OrganizationTab />);
    fireEvent.click(consentSwitch());
    save();
    expect(await screen.findByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(consentSwitch().checked).toBe(true);
  });

  it('a seller reads it, and may not change it', async () => {
    state.isAdmin = false;
    state.organization = { ...state.organization, marketingConsentRequired: true };
    await renderWithApp(<OrganizationTab />, { language: 'en' });
    const toggle = screen.getByRole<HTMLInputElement>('switch', {
      name: 'Send marketing only to contacts with consent',
    });
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
