// A campaign's buttons follow its status and the member's rights (issue 31), and each writes its move.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { can, uniformPermissions, type CampaignStatus, type MemberLike } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  uid: 'author1',
  member: null as unknown,
  moveCampaign: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    useMembership: () => ({
      organizationId: 'org1',
      uid: state.uid,
      member: state.member,
      isAdmin: (state.member as MemberLike).role === 'admin',
      can: (resource: never, action: never) => can(state.member as MemberLike, resource, action),
    }),
  };
});
vi.mock('@/firebase/marketing', () => ({ moveCampaign: state.moveCampaign }));

const { CampaignActionsBar } = await import('./CampaignActionsBar');

const admin = { role: 'admin', permissions: {} };
const marketer = { role: 'seller', permissions: uniformPermissions(true) };
const viewer = { role: 'seller', permissions: {} };

const campaign = (status: CampaignStatus) => ({
  id: 'cmp1',
  name: 'Lanzamiento',
  listId: 'l1',
  listName: 'Clientes',
  subject: 'Hola',
  body: 'Hola {{nombre}}',
  status,
  scheduledAt: null,
  createdBy: 'author1',
});

async function show(status: CampaignStatus, as: { uid: string; member: unknown }, runStarted = false) {
  state.uid = as.uid;
  state.member = as.member;
  await renderWithApp(
    <MemoryRouter>
      <CampaignActionsBar
        organizationId="org1"
        campaign={campaign(status) as never}
        runStarted={runStarted}
      />
    </MemoryRouter>,
  );
  return screen.queryAllByRole('button').map((button) => button.textContent);
}

const author = { uid: 'author1', member: marketer };
const colleague = { uid: 'seller2', member: marketer };

beforeEach(() => {
  state.moveCampaign.mockReset().mockResolvedValue(undefined);
});

describe('CampaignActionsBar', { timeout: 30_000 }, () => {
  it('a draft, for its author: Editar, Enviar ahora, Programar, Cancelar, Eliminar', async () => {
    expect(await show('draft', author)).toEqual([
      'Editar',
      'Enviar ahora',
      'Programar',
      'Cancelar',
      'Eliminar',
    ]);
  });

  it("someone else's draft: a colleague only cancels it; an admin also deletes it", async () => {
    expect(await show('draft', colleague)).toEqual(['Cancelar']);
  });

  it('an admin deletes a sent campaign that is not theirs', async () => {
    expect(await show('sent', { uid: 'admin1', member: admin })).toEqual(['Eliminar']);
  });

  it('scheduled: back to draft for its author; pause and cancel for any marketer', async () => {
    expect(await show('scheduled', author)).toEqual(['Volver a borrador', 'Pausar', 'Cancelar']);
  });

  it('sending, for a colleague: Pausar and Cancelar', async () => {
    expect(await show('sending', colleague)).toEqual(['Pausar', 'Cancelar']);
  });

  it('a member who may only view sees no action', async () => {
    expect(await show('draft', { uid: 'author1', member: viewer })).toEqual([]);
    expect(await show('paused', { uid: 'v2', member: viewer })).toEqual([]);
  });

  it('resuming a paused campaign that had started goes back to sending', async () => {
    expect(await show('paused', author, true)).toEqual(['Reanudar', 'Cancelar']);
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    await waitFor(() =>
      expect(state.moveCampaign).toHaveBeenCalledWith('org1', expect.objectContaining({ id: 'cmp1' }), {
        status: 'sending',
      }),
    );
    expect(await screen.findByText('Campaña reanudada')).toBeTruthy();
  });

  it('resuming one that never started goes back to scheduled', async () => {
    await show('paused', author, false);
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    await waitFor(() =>
      expect(state.moveCampaign).toHaveBeenCalledWith('org1', expect.anything(), { status: 'scheduled' }),
    );
  });

  it('cancel asks first, then writes canceled', async () => {
    await show('sending', colleague);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Cancelar la campaña?')).toBeTruthy();
    expect(state.moveCampaign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar campaña' }));
    await waitFor(() =>
      expect(state.moveCampaign).toHaveBeenCalledWith('org1', expect.anything(), { status: 'canceled' }),
    );
  });

  it("a refused pause says why, in the member's language", async () => {
    state.moveCampaign.mockRejectedValue({ code: 'permission-denied', message: 'Missing permissions' });
    await show('sending', colleague);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Error al cambiar la campaña')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });
});
