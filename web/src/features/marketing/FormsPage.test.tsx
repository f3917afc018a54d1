// /marketing/formularios (issue 31): the forms a page at a time, each with its state, the fields it
// asks and its list; the empty state's call to action for members who may create forms only.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  rows: [] as Record<string, unknown>[],
  requests: [] as unknown[],
  canCreate: true,
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    usePagedList: (request: unknown) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: state.rows,
        total: { value: state.rows.length, more: false },
      };
    },
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      can: (_resource: string, action: string) => action === 'view' || state.canCreate,
    }),
  };
});

const { default: FormsPage } = await import('./FormsPage');

const page = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/marketing/formularios']}>
      <FormsPage />
    </MemoryRouter>,
    { language },
  );

beforeEach(() => {
  state.rows = [];
  state.requests = [];
  state.canCreate = true;
});

describe('FormsPage', { timeout: 40_000 }, () => {
  it('reads the forms newest first, a page at a time, under the hub’s Formularios tab', async () => {
    await page();
    expect(state.requests).toContainEqual({ id: 'forms.list' });
    expect(screen.getByRole('link', { name: 'Formularios' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Formularios');
  });

  it('empty: says what a form does, and offers to create the first one', async () => {
    await page();
    expect(screen.getByText('Aún no hay formularios')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear primer formulario' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo formulario' })).toBeTruthy();
  });

  it('empty, for a member who may not create forms: no call to action', async () => {
    state.canCreate = false;
    await page();
    expect(screen.getByText('Aún no hay formularios')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear primer formulario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nuevo formulario' })).toBeNull();
  });

  it('a form: published or a draft, the fields it asks, its list', async () => {
    state.rows = [
      {
        id: 'f1',
        name: 'Pide tu demo',
        published: true,
        ...DEFAULT_FORM_FIELDS,
        phoneField: 'required',
        listId: 'l1',
        listName: 'Feria 2026',
        createdAt: null,
      },
      { id: 'f2', name: 'Boletín', published: false, ...DEFAULT_FORM_FIELDS, createdAt: null },
    ];
    await page();
    expect(screen.getAllByText('Pide tu demo').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Publicado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Borrador').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nombre, Email, Teléfono, Mensaje (opcional)').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Feria 2026').length).toBeGreaterThan(0);
  });

  it('in English', async () => {
    await page('en');
    expect(screen.getByText('No forms yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your first form' })).toBeTruthy();
  });
});
