// A form's page (issue 31): its public address and embed code with their copy buttons, published
// or not with a switch, its settings, and — for members who see contacts — its submissions: a
// server count and each with its contact, whether it was new, and the consent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS, formEmbedSnippet } from '@trato/model';
import { formatCount } from '@/i18n/format';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  form: null as Record<string, unknown> | null,
  submissions: [] as Record<string, unknown>[],
  requests: [] as unknown[],
  counted: [] as unknown[],
  rights: { contacts: true, edit: true },
  updateRecord: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    updateRecord: state.updateRecord,
    orgRecordPath: (orgId: string, collection: string, id: string) =>
      `organizations/${orgId}/${collection}/${id}`,
    orgRequest: (_orgId: string, id: string, values?: unknown) => ({ id, values }),
    useDocument: () => ({ status: 'success', data: state.form, error: null }),
    useLiveList: () => ({ status: 'success', data: [{ id: 'u2', fullName: 'Luis Mejía' }], error: null }),
    usePagedList: (request: unknown) => {
      state.requests.push(request);
      return {
        ...dataApiMock.usePagedList(),
        rows: request ? state.submissions : [],
        total: { value: state.submissions.length, more: false },
      };
    },
    useCount: (request: unknown) => {
      state.counted.push(request);
      return request ? { value: 1234, more: false } : null;
    },
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      can: (resource: string, action: string) =>
        resource === 'contacts' ? state.rights.contacts : action === 'view' || state.rights.edit,
    }),
  };
});

const { default: FormPage } = await import('./FormPage');

const FORM = {
  id: 'form1',
  name: 'Pide tu demo',
  published: false,
  ...DEFAULT_FORM_FIELDS,
  consentTextEs: 'Acepto',
  consentTextEn: 'I agree',
  doubleOptIn: true,
  redirectUrl: 'https://acme.hn/gracias',
  listId: 'l1',
  listName: 'Feria 2026',
  sequenceId: null,
  notifyUid: 'u2',
  createdAt: null,
};
const at = (iso: string) => ({ toMillis: () => Date.parse(iso) });

async function visit(language: 'es' | 'en' = 'es') {
  const router = createMemoryRouter([{ path: '/marketing/formularios/:id', element: <FormPage /> }], {
    initialEntries: ['/marketing/formularios/form1'],
  });
  return renderWithApp(<RouterProvider router={router} />, { language });
}

beforeEach(() => {
  state.form = { ...FORM };
  state.submissions = [
    {
      id: 's1',
      formId: 'form1',
      contactId: 'c1',
      contactName: 'Ana Pérez',
      createdContact: true,
      consent: true,
      createdAt: at('2026-11-20T15:00:00Z'),
    },
    {
      id: 's2',
      formId: 'form1',
      contactId: 'c2',
      contactName: 'José Díaz',
      createdContact: false,
      consent: null,
      createdAt: at('2026-11-19T15:00:00Z'),
    },
  ];
  state.requests = [];
  state.counted = [];
  state.rights = { contacts: true, edit: true };
  state.updateRecord.mockReset().mockResolvedValue(undefined);
});

describe('FormPage', { timeout: 40_000 }, () => {
  it('its public address and embed code, each with a copy button; Abrir in a new tab', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await visit();
    const address = `${window.location.origin}/f/org1-form1`;
    expect((screen.getByLabelText('Dirección pública') as HTMLInputElement).value).toBe(address);
    expect((screen.getByLabelText('Insertar en tu web') as HTMLTextAreaElement).value).toBe(
      formEmbedSnippet(window.location.origin, 'org1-form1', 'Pide tu demo'),
    );
    const open = screen.getByRole('link', { name: 'Abrir el formulario en una pestaña nueva' });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual([address, '_blank']);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar dirección' }));
    expect(await screen.findByText('Copiado al portapapeles')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls.map(([text]) => text)).toEqual([
      address,
      formEmbedSnippet(window.location.origin, 'org1-form1', 'Pide tu demo'),
    ]);
  });

  it('publishes with its switch', async () => {
    await visit();
    expect(
      screen.getByText('Borrador: su dirección dice «no disponible» hasta que lo publiques.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    await waitFor(() => expect(state.updateRecord).toHaveBeenCalled());
    const [target, id, patch] = state.updateRecord.mock.calls[0]!;
    expect([target, id, patch]).toEqual([
      { parentPath: 'organizations/org1', collection: 'forms' },
      'form1',
      { published: true },
    ]);
    expect(await screen.findByText('Formulario publicado')).toBeTruthy();
  });

  it('its settings in words', async () => {
    await visit();
    expect(screen.getByText('Nombre, Email, Mensaje (opcional)')).toBeTruthy();
    expect(screen.getByText('Redirige a https://acme.hn/gracias')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Feria 2026' }).getAttribute('href')).toBe(
      '/marketing/listas/l1',
    );
    expect(screen.getByText('Luis Mejía')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });

  it('its submissions: a server count, each with its contact, what it did and the consent', async () => {
    await visit();
    expect(state.counted).toContainEqual({ id: 'submissions.countByForm', values: { formId: 'form1' } });
    expect(state.requests).toContainEqual({ id: 'submissions.byForm', values: { formId: 'form1' } });
    expect(screen.getByTestId('submission-count').textContent).toBe(
      `Envíos: ${formatCount({ value: 1234, more: false }, 'es')}`,
    );
    const ana = screen.getAllByRole('link', { name: 'Ana Pérez' })[0]!;
    expect(ana.getAttribute('href')).toBe('/contactos/c1');
    expect(screen.getAllByText('Contacto nuevo').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Contacto actualizado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sí').length).toBeGreaterThan(0);
    // Not asked: a dash, read out in words.
    expect(screen.getAllByText('No se pidió').length).toBeGreaterThan(0);
  });

  it('for a member who may not see contacts: no submissions are read; no Editar without the right', async () => {
    state.rights = { contacts: false, edit: false };
    await visit();
    expect(
      screen.getByText('No tienes permiso para ver contactos: no puedes ver los envíos de este formulario.'),
    ).toBeTruthy();
    expect(state.requests.every((request) => request === null)).toBe(true);
    expect(state.counted.every((request) => request === null)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Publicado' })).toHaveProperty('disabled', true);
  });

  it('a form that is gone', async () => {
    state.form = null;
    await visit();
    expect(screen.getByText('Formulario no encontrado')).toBeTruthy();
  });
});
