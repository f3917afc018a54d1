import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  can: true,
  rows: [] as Record<string, unknown>[],
  requests: [] as unknown[],
  updateRecord: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    updateRecord: state.updateRecord,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    usePagedList: (request: unknown) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: state.rows,
        total: { value: state.rows.length, more: false },
      };
    },
    useMembership: () => ({ ...dataApiMock.useMembership(), can: () => state.can }),
  };
});

const { default: TasksPage } = await import('./TasksPage');

const task = (id: string, title: string) => ({
  id,
  title,
  status: 'pending',
  dueDate: null,
  contactName: id === 't1' ? 'José Pérez' : null,
  companyName: null,
  description: null,
});

const page = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/tareas']}>
      <TasksPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  state.can = true;
  state.rows = [task('t1', 'Llamar a José'), task('t2', 'Enviar propuesta')];
  state.requests = [];
  state.updateRecord.mockReset();
});

describe('/tareas', () => {
  it('lists pending tasks through the declared query, with the client or -', async () => {
    await page();
    expect(screen.getByRole('heading', { name: 'Tareas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nueva Tarea' })).toBeTruthy();
    expect(screen.getByText('José Pérez')).toBeTruthy();
    expect(state.requests.at(-1)).toMatchObject({ id: 'tasks.pending', values: { status: 'pending' } });
  });

  it('completes a task at once and toasts', async () => {
    state.updateRecord.mockResolvedValue(undefined);
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar «Llamar a José» como completada' }));
    expect(screen.queryByText('Llamar a José')).toBeNull();
    expect(state.updateRecord).toHaveBeenCalledWith(
      expect.objectContaining({ collection: 'tasks' }),
      't1',
      { status: 'completed' },
      expect.objectContaining({ id: 't1' }),
    );
    expect(await screen.findByText('Tarea completada')).toBeTruthy();
  });

  it('brings the task back and toasts when completing fails', async () => {
    let fail: (error: Error) => void = () => {};
    state.updateRecord.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar «Enviar propuesta» como completada' }));
    expect(screen.queryByText('Enviar propuesta')).toBeNull();
    fail(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    expect(await screen.findByText('No se pudo completar la tarea')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Enviar propuesta')).toBeTruthy());
  });

  it('shows no create, complete or row actions to a member who may only view', async () => {
    state.can = false;
    await page();
    expect(screen.getByText('Llamar a José')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva Tarea' })).toBeNull();
    expect(screen.queryByRole('button', { name: /como completada/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Acciones de/ })).toBeNull();
  });

  it('empty: offers the first task only to who may create', async () => {
    state.rows = [];
    await page();
    expect(screen.getByText('No hay tareas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear primera tarea' })).toBeTruthy();
  });
});
