// /contactos/{id}/portal (issue 34): the contact's portal access in each of its states with its
// dates, inviting (and its refusals in words, with Ajustes → Portal for admins), revoking after a
// confirmation, and the documents shared with the contact with 'Dejar de compartir'.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { accessActions, accessState, currentAccess } from './utils/portalAccess';

const state = vi.hoisted(() => ({
  callFunction: vi.fn(),
  stopSharing: vi.fn(),
  can: (() => true) as (resource: string, action: string) => boolean,
  isAdmin: true,
  contact: null as Record<string, unknown> | null,
  accesses: [] as Record<string, unknown>[],
  shares: [] as Record<string, unknown>[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    orgRecordPath: (orgId: string, collection: string, id: string) => `${orgId}/${collection}/${id}`,
    useDocument: () => ({ status: 'success', data: state.contact, error: null }),
    useLiveList: (request: { id: string }) => ({
      status: 'success',
      data: request.id === 'portalAccess.byContact' ? state.accesses : state.shares,
      error: null,
    }),
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can, isAdmin: state.isAdmin }),
  };
});
vi.mock('@/firebase/portal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase/portal')>()),
  stopSharing: state.stopSharing,
}));

const { default: PortalAccessPage } = await import('./PortalAccessPage');

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const MARIA = { id: 'c1', name: 'María Hernández', email: 'maria@cafecopan.hn' };
const access = (extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  contactId: 'c1',
  companyId: null,
  email: 'maria@cafecopan.hn',
  contactName: 'María Hernández',
  status: 'invited',
  scope: 'contact',
  language: 'es',
  invitedBy: 'u1',
  invitedAt: at('2026-11-20T15:00:00Z'),
  activatedAt: null,
  lastVisitAt: null,
  revokedAt: null,
  revokedBy: null,
  ...extra,
});

const page = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/contactos/c1/portal']}>
      <Routes>
        <Route path="/contactos/:id/portal" element={<PortalAccessPage />} />
      </Routes>
    </MemoryRouter>,
    { language },
  );
const stateChip = () => screen.getByTestId('portal-access-state').textContent;

beforeEach(() => {
  state.callFunction.mockReset();
  state.stopSharing.mockReset();
  state.can = () => true;
  state.isAdmin = true;
  state.contact = MARIA;
  state.accesses = [];
  state.shares = [];
});

describe('access rules', () => {
  it('picks the access that speaks for the contact, and what can be done about it', () => {
    const revoked = access({ id: 'old', status: 'revoked', invitedAt: at('2026-11-01T00:00:00Z') });
    const active = access({ id: 'new', status: 'active' });
    expect(currentAccess([revoked, active] as unknown as Parameters<typeof currentAccess>[0])?.id).toBe(
      'new',
    );
    expect(currentAccess([])).toBeNull();
    expect(accessState(null)).toBe('none');
    expect(accessActions('none')).toEqual({ invite: 'invite', revoke: false });
    expect(accessActions('invited')).toEqual({ invite: 'resend', revoke: true });
    expect(accessActions('active')).toEqual({ invite: 'resend', revoke: true });
    expect(accessActions('revoked')).toEqual({ invite: 'invite', revoke: false });
  });
});

describe('/contactos/{id}/portal', { timeout: 40_000 }, () => {
  it("'Sin acceso': invites the contact", async () => {
    state.callFunction.mockResolvedValue({ uid: 'p1', status: 'invited' });
    await page();
    expect(screen.getByRole('heading', { level: 1, name: 'Portal de clientes' })).toBeTruthy();
    expect(stateChip()).toBe('Sin acceso');
    expect(screen.queryByRole('button', { name: 'Revocar acceso' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Invitar al portal' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('invitePortalContact', {
        organizationId: 'org1',
        contactId: 'c1',
      }),
    );
    expect(await screen.findByText('Invitación enviada a maria@cafecopan.hn')).toBeTruthy();
  });

  it("'Invitado' with its date offers 'Reenviar invitación'", async () => {
    state.accesses = [access()];
    await page();
    expect(stateChip()).toBe('Invitado');
    expect(screen.getByRole('button', { name: 'Reenviar invitación' })).toBeTruthy();
    expect(screen.getByText('Invitado', { selector: 'dt' }).nextElementSibling!.textContent).toMatch(
      /20 nov 2026/,
    );
  });

  it("'Activo': revokes after a confirmation", async () => {
    state.accesses = [
      access({
        status: 'active',
        activatedAt: at('2026-11-21T10:00:00Z'),
        lastVisitAt: at('2026-11-25T10:00:00Z'),
      }),
    ];
    state.callFunction.mockResolvedValue({ revoked: true });
    await page();
    expect(stateChip()).toBe('Activo');
    expect(screen.getByText('Última visita', { selector: 'dt' }).nextElementSibling!.textContent).toMatch(
      /25 nov 2026/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revocar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar el acceso?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revocar acceso' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('revokePortalAccess', {
        organizationId: 'org1',
        contactId: 'c1',
      }),
    );
    expect(await screen.findByText('Acceso revocado')).toBeTruthy();
  });

  it("'Revocado', in English", async () => {
    state.accesses = [access({ status: 'revoked', revokedAt: at('2026-11-26T10:00:00Z') })];
    await page('en');
    expect(stateChip()).toBe('Revoked');
    expect(screen.getByRole('button', { name: 'Invite to the portal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke access' })).toBeNull();
  });

  it("says 'portal-disabled' in words, with Ajustes → Portal for an admin only", async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      message: 'off',
      details: { reason: 'portal-disabled' },
    });
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Invitar al portal' }));
    expect(await screen.findByText('El portal está desactivado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Ajustes → Portal' }).getAttribute('href')).toBe(
      '/ajustes/portal',
    );
  });

  it('a contact without e-mail cannot be invited', async () => {
    state.contact = { ...MARIA, email: null };
    await page();
    expect(
      screen.getByText('Este contacto no tiene e-mail: añádelo en su ficha para invitarlo.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invitar al portal' })).toHaveProperty('disabled', true);
  });

  it('lists the shared documents and stops sharing one', async () => {
    state.shares = [
      {
        id: 'c1_f1',
        contactId: 'c1',
        contactName: 'María Hernández',
        targetType: 'folder',
        targetId: 'f1',
        targetName: 'Contratos',
        createdAt: at('2026-11-22T10:00:00Z'),
        createdBy: 'u1',
      },
    ];
    state.stopSharing.mockResolvedValue(undefined);
    state.can = (resource, action) => !(resource === 'contacts' && action === 'edit');
    await page();
    expect(screen.queryByRole('button', { name: 'Invitar al portal' })).toBeNull();
    const [share] = screen.getAllByTestId('portal-share');
    expect(share!.textContent).toContain('Carpeta');
    expect(within(share!).getByRole('link', { name: 'Contratos' }).getAttribute('href')).toBe(
      '/documentos?folder=f1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir «Contratos»' }));
    await waitFor(() => expect(state.stopSharing).toHaveBeenCalledWith('org1', 'c1_f1'));
    expect(await screen.findByText('Ya no se comparte «Contratos»')).toBeTruthy();
  });

  it('says when nothing is shared', async () => {
    await page();
    expect(
      screen.getByText('No has compartido documentos con este contacto. Compártelos desde Documentos.'),
    ).toBeTruthy();
  });
});
