// 'Temas' (issue 31, the preference centre): the organization's topics by name, adding one (name
// and description as the model's contract allows), editing, deleting after a confirmation that
// says what it changes, at most TOPICS_MAX, and only what the member may do.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOPICS_MAX } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  topics: { status: 'success', data: [] as unknown[], error: null } as Record<string, unknown>,
  can: (() => true) as (resource: string, action: string) => boolean,
  requests: [] as unknown[],
  createRecord: vi.fn(),
  updateRecord: vi.fn(),
  deleteRecord: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    updateRecord: state.updateRecord,
    deleteRecord: state.deleteRecord,
    orgRequest: (orgId: string, id: string) => ({ orgId, id }),
    useLiveList: (request: unknown, limit: number) => {
      state.requests.push([request, limit]);
      return state.topics;
    },
    useMembership: () => ({ ...dataApiMock.useMembership(), can: state.can }),
  };
});

const { TopicsDialog } = await import('./TopicsDialog');

const TOPICS = { parentPath: 'organizations/org1', collection: 'topics' };
const promos = { id: 't1', name: 'Promociones', description: 'Ofertas y descuentos' };
const news = { id: 't2', name: 'Boletín', description: null };
const loaded = (data: unknown[]) => ({ status: 'success', data, error: null });

async function open(language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  await renderWithApp(<TopicsDialog organizationId="org1" onClose={onClose} />, { language });
  return onClose;
}
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const form = () => screen.getByRole('dialog', { name: /tema$/ });

beforeEach(() => {
  state.topics = loaded([promos, news]);
  state.can = () => true;
  state.requests = [];
  state.createRecord.mockReset().mockResolvedValue('t3');
  state.updateRecord.mockReset().mockResolvedValue(undefined);
  state.deleteRecord.mockReset().mockResolvedValue(undefined);
});

describe('TopicsDialog', { timeout: 40_000 }, () => {
  it('lists the topics by name, at most TOPICS_MAX, and says what they are for', async () => {
    await open();
    expect(state.requests[0]).toEqual([{ orgId: 'org1', id: 'topics.list' }, TOPICS_MAX]);
    expect(screen.getByRole('dialog', { name: 'Temas' })).toBeTruthy();
    expect(
      screen.getByText(
        'Tus contactos pueden elegir qué temas recibir desde el enlace de baja de cada email.',
      ),
    ).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Temas' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['PromocionesOfertas y descuentos', 'Boletín']);
  });

  it('loading, empty and failed states', async () => {
    state.topics = { status: 'loading', data: null, error: null };
    const { unmount } = await renderWithApp(<TopicsDialog organizationId="org1" onClose={vi.fn()} />);
    expect(screen.getByText('Cargando temas...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir tema' })).toHaveProperty('disabled', true);
    unmount();

    state.topics = loaded([]);
    const empty = await renderWithApp(<TopicsDialog organizationId="org1" onClose={vi.fn()} />);
    expect(screen.getByText(/Aún no hay temas/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir tema' })).toHaveProperty('disabled', false);
    empty.unmount();

    state.topics = {
      status: 'error',
      data: null,
      error: { code: 'permission-denied', message: 'denied' },
    };
    await renderWithApp(<TopicsDialog organizationId="org1" onClose={vi.fn()} />);
    expect(screen.getByText('No se pudieron cargar los temas.')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
  });

  it('adds a topic: its name trimmed, its description', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir tema' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo tema' })).toBeTruthy();
    type(/^Nombre/, ' Eventos ');
    type(/^Descripción/, 'Invitaciones a ferias');
    fireEvent.click(within(form()).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(state.createRecord).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(TOPICS, {
      name: 'Eventos',
      description: 'Invitaciones a ferias',
    });
    expect(await screen.findByText('Tema creado')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo tema' })).toBeNull());
    // The topics' dialog stays.
    expect(screen.getByRole('dialog', { name: 'Temas' })).toBeTruthy();
  });

  it('refuses a topic without a name, or a name or description too long', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir tema' }));
    await screen.findByRole('dialog', { name: 'Nuevo tema' });
    fireEvent.click(within(form()).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    type(/^Nombre/, 'x'.repeat(101));
    type(/^Descripción/, 'y'.repeat(301));
    fireEvent.click(within(form()).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(screen.getAllByText('El texto es demasiado largo')).toHaveLength(2));
    type(/^Nombre/, 'x'.repeat(100));
    type(/^Descripción/, 'y'.repeat(300));
    fireEvent.click(within(form()).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(state.createRecord).toHaveBeenCalledTimes(1));
    expect(state.createRecord.mock.calls[0]![1]).toEqual({
      name: 'x'.repeat(100),
      description: 'y'.repeat(300),
    });
  });

  it('a refused save keeps the form with what was typed, and says why', async () => {
    state.createRecord.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir tema' }));
    await screen.findByRole('dialog', { name: 'Nuevo tema' });
    type(/^Nombre/, 'Eventos');
    fireEvent.click(within(form()).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Error al crear el tema')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Eventos');
    expect(screen.getByRole('dialog', { name: 'Nuevo tema' })).toBeTruthy();
  });

  it('edits a topic: its name and description', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Editar el tema Promociones' }));
    await screen.findByRole('dialog', { name: 'Editar tema' });
    expect((screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Promociones');
    type(/^Nombre/, 'Ofertas');
    type(/^Descripción/, '');
    fireEvent.click(within(form()).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(state.updateRecord).toHaveBeenCalled());
    expect(state.updateRecord).toHaveBeenCalledWith(
      TOPICS,
      't1',
      { name: 'Ofertas', description: null },
      promos,
    );
    expect(await screen.findByText('Tema guardado')).toBeTruthy();
  });

  it('deletes a topic after saying what it changes', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el tema Boletín' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar tema?' });
    expect(confirm.textContent).toContain(
      'Se eliminará «Boletín». Las campañas y secuencias que lo tienen conservan su nombre, pero tus contactos ya no podrán elegir si lo reciben.',
    );
    expect(state.deleteRecord).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(state.deleteRecord).toHaveBeenCalledWith(TOPICS, 't2'));
    expect(await screen.findByText('Tema eliminado')).toBeTruthy();
  });

  it('at the limit: says so and adds no more', async () => {
    state.topics = loaded(
      Array.from({ length: TOPICS_MAX }, (_, i) => ({ id: `t${i}`, name: `Tema ${i}`, description: null })),
    );
    await open();
    expect(
      screen.getByText(`Llegaste al máximo de ${TOPICS_MAX} temas: elimina uno para añadir otro.`),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir tema' })).toHaveProperty('disabled', true);
  });

  it('shows only what the member may do', async () => {
    state.can = (_resource, action) => action === 'view' || action === 'edit';
    const editor = await renderWithApp(<TopicsDialog organizationId="org1" onClose={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: /^Editar el tema/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Añadir tema' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar el tema/ })).toBeNull();
    editor.unmount();

    state.can = (_resource, action) => action === 'view';
    await open();
    expect(within(screen.getByRole('list', { name: 'Temas' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Editar el tema/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir tema' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('in English', async () => {
    const onClose = await open('en');
    expect(screen.getByRole('dialog', { name: 'Topics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add topic' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
