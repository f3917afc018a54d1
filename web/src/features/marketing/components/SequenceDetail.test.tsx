// The selected sequence speaks with its owner's voice (issue 28): it says whose Gmail sends it,
// and only the owner sees the step controls; others see it read-only, pause it, duplicate it and,
// as admins, delete it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { can, uniformPermissions, type MemberLike } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  uid: 'seller1',
  member: null as unknown,
  owner: null as unknown,
  steps: [] as Record<string, unknown>[],
  /** More of the sequence (its topic). */
  extra: {} as Record<string, unknown>,
  writeRecords: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    useMembership: () => ({
      organizationId: 'org1',
      uid: state.uid,
      member: state.member,
      can: (resource: never, action: never) => can(state.member as MemberLike, resource, action),
    }),
    // The owner's member document, or the caller's (connected) mailbox.
    useDocument: (path: string) => ({
      status: 'success',
      data: path.includes('/members/') ? state.owner : { status: 'connected' },
      error: null,
    }),
    useLiveList: () => ({ status: 'success', data: state.steps, error: null }),
    useCount: () => null,
    writeRecords: state.writeRecords,
    newRecordId: () => 'copy1',
    enrollmentsTarget: (orgId: string, sequenceId: string) => ({
      parentPath: `organizations/${orgId}/sequences/${sequenceId}`,
      collection: 'enrollments',
    }),
  };
});

const { SequenceDetail } = await import('./SequenceDetail');

const admin = { role: 'admin', permissions: {}, fullName: 'Ana López' };
const seller = { role: 'seller', permissions: uniformPermissions(true), fullName: 'Luis Vendedor' };
const viewer = { role: 'seller', permissions: {}, fullName: 'Vera Vista' };
const sequence = (createdBy: string) => ({
  id: 'seq1',
  name: 'Bienvenida',
  description: 'Para clientes nuevos',
  isActive: false,
  createdBy,
  createdAt: null,
  updatedAt: null,
  ...state.extra,
});
const step = {
  id: 'st1',
  stepOrder: 1,
  type: 'email',
  subject: 'Hola {{nombre}}',
  body: 'Gracias',
  delayDays: 0,
};

function show(as: { uid: string; member: unknown }, createdBy: string, language: 'es' | 'en' = 'es') {
  state.uid = as.uid;
  state.member = as.member;
  const onDuplicated = vi.fn();
  return renderWithApp(
    <MemoryRouter>
      <SequenceDetail
        organizationId="org1"
        sequence={sequence(createdBy) as never}
        onDeleted={() => {}}
        onDuplicated={onDuplicated}
      />
    </MemoryRouter>,
    { language },
  ).then(() => onDuplicated);
}

beforeEach(() => {
  state.extra = {};
  state.owner = admin;
  state.steps = [step];
  state.writeRecords.mockReset().mockResolvedValue(undefined);
});

describe('SequenceDetail: whose voice', () => {
  it("a seller with every marketing right sees the admin's sequence read-only, pauses it and duplicates it", async () => {
    const onDuplicated = await show({ uid: 'seller1', member: seller }, 'admin1');
    expect(screen.getByTestId('sequence-sender').textContent).toBe('Enviada desde el Gmail de Ana López');
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Solo Ana López puede cambiar los pasos, el nombre y la descripción: los emails salen de su Gmail. ' +
        'Duplícala para tener tu propia versión.',
    );
    expect(screen.getByText('Hola {{nombre}}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agregar Paso' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar el paso 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar la secuencia Bienvenida' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Activar' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Duplicar' }));
    await waitFor(() => expect(onDuplicated).toHaveBeenCalledWith('copy1'));
    const [writes] = state.writeRecords.mock.calls[0]!;
    expect(writes.map((w: { kind: string; id?: string; data: object }) => [w.kind, w.id, w.data])).toEqual([
      [
        'create',
        'copy1',
        { name: 'Copia de Bienvenida', description: 'Para clientes nuevos', isActive: false },
      ],
      [
        'create',
        undefined,
        { stepOrder: 1, type: 'email', subject: 'Hola {{nombre}}', body: 'Gracias', delayDays: 0 },
      ],
    ]);
    expect(await screen.findByText('Secuencia duplicada')).toBeTruthy();
  });

  it('the owner sees their own voice and every step control', async () => {
    state.owner = seller;
    await show({ uid: 'seller1', member: seller }, 'seller1');
    expect(screen.getByTestId('sequence-sender').textContent).toBe('Enviada desde tu Gmail');
    expect(screen.queryByTestId('read-only-note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Agregar Paso' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar el paso 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar la secuencia Bienvenida' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Duplicar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
  });

  it('its topic (issue 31) shows in the header; none, nothing', async () => {
    state.extra = { topicId: 't1', topicName: 'Promociones' };
    await show({ uid: 'seller1', member: seller }, 'admin1');
    expect(screen.getByTestId('sequence-topic').textContent).toBe('Tema: Promociones');
    cleanup();
    state.extra = {};
    await show({ uid: 'seller1', member: seller }, 'admin1');
    expect(screen.queryByTestId('sequence-topic')).toBeNull();
  });

  it("en: an admin deletes a seller's sequence but does not write its steps", async () => {
    state.owner = seller;
    await show({ uid: 'admin1', member: admin }, 'seller1', 'en');
    expect(screen.getByTestId('sequence-sender').textContent).toBe("Sent from Luis Vendedor's Gmail");
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Only Luis Vendedor can change the steps, the name and the description: the emails go out from ' +
        'their Gmail. Duplicate it to have your own version.',
    );
    expect(screen.getByRole('button', { name: 'Delete the sequence Bienvenida' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Step' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete step 1' })).toBeNull();
  });

  it('a viewer may not duplicate; an owner who left is a former member', async () => {
    state.owner = null;
    await show({ uid: 'viewer1', member: viewer }, 'gone1');
    expect(screen.getByTestId('sequence-sender').textContent).toBe(
      'Enviada desde el Gmail de un antiguo miembro',
    );
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Solo un antiguo miembro puede cambiar los pasos, el nombre y la descripción: los emails salen de su Gmail.',
    );
    for (const name of ['Duplicar', 'Activar', 'Agregar Paso'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
