// 'Nuevo formulario' (issue 31): the builder writes the form's fields as the rules take them
// (static lists only, names kept with ids, what is turned off cleared), refuses what cannot work,
// and a failed save keeps the dialog with what was typed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS, type Form, type WithId } from '@trato/model';
import { renderWithApp } from '@/test/render';
import { DEFAULT_CONSENT_TEXT } from '../utils/forms';

const state = vi.hoisted(() => ({ createRecord: vi.fn(), updateRecord: vi.fn() }));

const ROWS: Record<string, object[]> = {
  'lists.list': [
    { id: 'l1', name: 'Feria 2026', kind: 'static' },
    { id: 'l2', name: 'Leads de Tegucigalpa', kind: 'segment' },
  ],
  'sequences.list': [
    { id: 's1', name: 'Bienvenida', isActive: true },
    { id: 's2', name: 'Reactivación', isActive: false },
  ],
  'members.list': [
    { id: 'u1', fullName: 'Ana López' },
    { id: 'u2', fullName: 'Luis Mejía' },
  ],
};

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    updateRecord: state.updateRecord,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    useLiveList: (request: { id: string } | null) => ({
      status: 'success',
      data: request ? (ROWS[request.id] ?? []) : null,
      error: null,
    }),
  };
});

const { FormBuilderDialog } = await import('./FormBuilderDialog');

const FORMS = { parentPath: 'organizations/org1', collection: 'forms' };

async function open(form: WithId<Form> | null = null, onClose = vi.fn(), language: 'es' | 'en' = 'es') {
  await renderWithApp(<FormBuilderDialog organizationId="org1" form={form} onClose={onClose} />, {
    language,
  });
  return onClose;
}
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
async function choose(select: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
const options = async (select: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
};

beforeEach(() => {
  state.createRecord.mockReset().mockResolvedValue('f1');
  state.updateRecord.mockReset().mockResolvedValue(undefined);
});

describe('FormBuilderDialog', { timeout: 40_000 }, () => {
  it('a new form: its fields, consent, follow-ups and publication, as the rules take them', async () => {
    const onClose = await open();
    // The name is always asked, and shown so.
    expect(screen.getByRole('combobox', { name: /^Nombre/ }).getAttribute('aria-disabled')).toBe('true');
    type(/^Nombre/, ' Contacto web ');
    await choose(/^Teléfono/, 'Obligatorio');
    await choose(/^Mensaje/, 'No se pide');
    fireEvent.click(screen.getByLabelText('Doble opt-in'));
    type(/^Agradecimiento \(español\)/, '¡Gracias! Te escribimos pronto.');
    // Static lists only; a paused sequence says so.
    expect(await options(/^Añadir a la lista/)).toEqual(['Ninguna', 'Feria 2026']);
    expect(await options(/^Inscribir en la secuencia/)).toEqual([
      'Ninguna',
      'Bienvenida',
      'Reactivación (pausada)',
    ]);
    await choose(/^Añadir a la lista/, 'Feria 2026');
    await choose(/^Inscribir en la secuencia/, 'Bienvenida');
    await choose(/^Avisar a/, 'Luis Mejía');
    fireEvent.click(screen.getByLabelText('Publicado'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(FORMS, {
      name: 'Contacto web',
      published: true,
      ...DEFAULT_FORM_FIELDS,
      phoneField: 'required',
      messageField: 'off',
      consentTextEs: DEFAULT_CONSENT_TEXT.es,
      consentTextEn: DEFAULT_CONSENT_TEXT.en,
      doubleOptIn: true,
      thankYouEs: '¡Gracias! Te escribimos pronto.',
      thankYouEn: null,
      redirectUrl: null,
      listId: 'l1',
      listName: 'Feria 2026',
      sequenceId: 's1',
      sequenceName: 'Bienvenida',
      notifyUid: 'u2',
    });
    expect(await screen.findByText('Formulario creado')).toBeTruthy();
  });

  it('refuses a form without a name, consent without the e-mail, a redirect that is not https', async () => {
    const onClose = await open();
    await choose(/^Email/, 'No se pide');
    await choose(/^Qué ve el visitante/, 'Otra página (redirigir)');
    expect(screen.queryByRole('textbox', { name: /^Agradecimiento/ })).toBeNull();
    type(/^Dirección de la página/, 'http://acme.hn/gracias');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Para pedir consentimiento, el formulario debe pedir el email')).toBeTruthy();
    expect(screen.getByText('Usa una dirección segura (https://...)')).toBeTruthy();
    expect(state.createRecord).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('editing: turning consent off clears its texts; a redirect clears the thanks', async () => {
    const form = {
      id: 'f9',
      name: 'Feria',
      published: true,
      ...DEFAULT_FORM_FIELDS,
      consentTextEs: 'Acepto',
      consentTextEn: 'I agree',
      doubleOptIn: true,
      thankYouEs: 'Gracias',
      thankYouEn: 'Thanks',
      redirectUrl: null,
      listId: 'gone',
      listName: 'Lista antigua',
      sequenceId: null,
      sequenceName: null,
      notifyUid: null,
    } as unknown as WithId<Form>;
    const onClose = await open(form);
    expect(
      (screen.getByRole('textbox', { name: /^Texto de la casilla \(español\)/ }) as HTMLTextAreaElement)
        .value,
    ).toBe('Acepto');
    // A list deleted since stays chosen, marked.
    expect(screen.getByRole('combobox', { name: /^Añadir a la lista/ }).textContent).toBe(
      'Lista antigua (eliminada)',
    );
    fireEvent.click(screen.getByLabelText('Pedir consentimiento'));
    expect(screen.queryByLabelText('Doble opt-in')).toBeNull();
    await choose(/^Qué ve el visitante/, 'Otra página (redirigir)');
    type(/^Dirección de la página/, 'https://acme.hn/gracias');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [target, id, patch, current] = state.updateRecord.mock.calls[0]!;
    expect([target, id, current]).toEqual([FORMS, 'f9', form]);
    expect(patch).toMatchObject({
      consentTextEs: null,
      consentTextEn: null,
      doubleOptIn: false,
      thankYouEs: null,
      thankYouEn: null,
      redirectUrl: 'https://acme.hn/gracias',
      listId: 'gone',
      listName: 'Lista antigua',
    });
    expect(await screen.findByText('Formulario guardado')).toBeTruthy();
  });

  it('a refused save keeps the dialog with what was typed, and says why', async () => {
    state.createRecord.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    const onClose = await open();
    type(/^Nombre/, 'Contacto');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Error al crear el formulario')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Contacto');
  });

  it('in English', async () => {
    await open(null, vi.fn(), 'en');
    expect(screen.getByRole('heading', { name: 'New form' })).toBeTruthy();
    expect(screen.getByLabelText('Ask for consent')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Job title/ }).textContent).toBe('Not asked');
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });
});
