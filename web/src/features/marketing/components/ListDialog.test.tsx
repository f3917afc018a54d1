// 'Nueva lista' (issue 31): the criteria editor writes the segment's criteria (every key, null for
// any; 'Creado hasta' includes its day; the e-mail consent among them), a static list none, and a
// failed save keeps the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ createRecord: vi.fn(), updateRecord: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    updateRecord: state.updateRecord,
    // Tegucigalpa: UTC−6 all year, so a day starts at 06:00 UTC.
    useDatePreferences: () => ({ timeZone: 'America/Tegucigalpa', hour12: false }),
  };
});

const { ListDialog } = await import('./ListDialog');

const LISTS = { parentPath: 'organizations/org1', collection: 'lists' };

async function open(list: Parameters<typeof ListDialog>[0]['list'] = null, onClose = vi.fn()) {
  await renderWithApp(<ListDialog organizationId="org1" list={list} onClose={onClose} />);
  return onClose;
}
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
async function choose(select: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

beforeEach(() => {
  state.createRecord.mockReset().mockResolvedValue('l1');
  state.updateRecord.mockReset().mockResolvedValue(undefined);
});

describe('ListDialog', { timeout: 40_000 }, () => {
  it('a segment: the criteria chosen, the others null, the dates as whole days', async () => {
    const onClose = await open();
    type(/^Nombre/, 'Clientes de Tegucigalpa');
    expect(screen.queryByRole('group', { name: 'Criterios' })).toBeNull();
    await choose(/^Tipo/, 'Segmento');
    expect(screen.getByRole('group', { name: 'Criterios' })).toBeTruthy();
    await choose(/^Etapa del ciclo de vida/, 'Cliente');
    await choose(/^Es cliente/, 'Sí');
    await choose(/^Dirección de e-mail/, 'Con e-mail');
    await choose(/^Consentimiento de e-mail/, 'Con consentimiento');
    type(/^Ciudad/, ' Tegucigalpa ');
    type(/^Creado desde/, '01/03/2026');
    type(/^Creado hasta/, '31/03/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(LISTS, {
      name: 'Clientes de Tegucigalpa',
      description: null,
      kind: 'segment',
      lifecycleStage: 'customer',
      contactStatus: null,
      isCustomer: true,
      companyId: null,
      ownerId: null,
      city: 'Tegucigalpa',
      country: null,
      emailConsent: 'granted',
      hasEmail: true,
      createdFrom: new Date('2026-03-01T06:00:00Z'),
      // The day after the last one: 31 March is included.
      createdTo: new Date('2026-04-01T06:00:00Z'),
    });
    expect(await screen.findByText('Lista creada')).toBeTruthy();
  });

  it('a static list: no criteria to edit, none written', async () => {
    const onClose = await open();
    type(/^Nombre/, 'Feria 2026');
    type(/^Descripción/, 'Visitantes del stand');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(LISTS, {
      name: 'Feria 2026',
      description: 'Visitantes del stand',
      kind: 'static',
    });
  });

  it('refuses an end date before the start date', async () => {
    const onClose = await open();
    type(/^Nombre/, 'Marzo');
    await choose(/^Tipo/, 'Segmento');
    type(/^Creado desde/, '31/03/2026');
    type(/^Creado hasta/, '01/03/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial')).toBeTruthy();
    expect(state.createRecord).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('editing a segment: its kind is fixed, and clearing a criterion writes null', async () => {
    const list = {
      id: 'l9',
      name: 'Leads',
      kind: 'segment',
      lifecycleStage: 'lead',
      city: 'León',
      emailConsent: 'withdrawn',
    } as unknown as Parameters<typeof ListDialog>[0]['list'];
    const onClose = await open(list);
    expect(screen.getByRole('combobox', { name: /^Tipo/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('combobox', { name: /^Consentimiento de e-mail/ }).textContent).toBe('Retirado');
    type(/^Ciudad/, '');
    await choose(/^Consentimiento de e-mail/, 'Cualquiera');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, id, patch] = state.updateRecord.mock.calls[0]!;
    expect(id).toBe('l9');
    expect(patch).not.toHaveProperty('kind');
    expect(patch).toMatchObject({ name: 'Leads', lifecycleStage: 'lead', city: null, emailConsent: null });
  });

  it('a refused save keeps the dialog with what was typed, and says why', async () => {
    state.createRecord.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    const onClose = await open();
    type(/^Nombre/, 'VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Error al crear la lista')).toBeTruthy();
    expect(screen.getByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('VIP');
  });
});
