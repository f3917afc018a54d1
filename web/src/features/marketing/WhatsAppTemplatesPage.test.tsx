// /marketing/whatsapp (issue 33): the WhatsApp templates live by name — state in words (a
// rejection with its reason), language, category, created; empty, loading and failed states;
// 'Actualizar estados' (syncWaTemplates), 'Eliminar' after a confirmation (deleteWaTemplate),
// 'Nueva plantilla' for members who may create; the notice when no number is connected.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  list: { status: 'success', data: [], error: null } as Record<string, unknown>,
  channel: { status: 'success', data: { status: 'connected' }, error: null } as Record<string, unknown>,
  requests: [] as unknown[],
  rights: { create: true, delete: true } as Record<string, boolean>,
  admin: true,
  callFunction: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    orgRecordPath: (orgId: string, c: string, id: string) => `organizations/${orgId}/${c}/${id}`,
    useLiveList: (request: unknown) => {
      state.requests.push(request);
      return state.list;
    },
    useDocument: () => state.channel,
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      isAdmin: state.admin,
      can: (_resource: string, action: string) => action === 'view' || Boolean(state.rights[action]),
    }),
  };
});

const { default: WhatsAppTemplatesPage } = await import('./WhatsAppTemplatesPage');

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const template = (id: string, patch: Record<string, unknown>) => ({
  id,
  name: id,
  language: 'es',
  category: 'marketing',
  header: null,
  body: `Hola {{1}}, soy ${id}`,
  footer: null,
  buttons: [],
  variables: [{ source: 'firstName', fallback: '' }],
  status: 'approved',
  rejectedReason: null,
  graphId: 'g',
  createdAt: at('2026-11-20T15:00:00Z'),
  createdBy: 'u1',
  updatedAt: at('2026-11-20T15:00:00Z'),
  ...patch,
});
const TEMPLATES = [
  template('bienvenida', {}),
  template('promo_navidad', { status: 'rejected', rejectedReason: 'INVALID_FORMAT', language: 'en' }),
  template('recordatorio', { status: 'pending', category: 'utility' }),
  template('oferta', { status: 'paused' }),
  template('vieja', { status: 'disabled' }),
];

const page = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter initialEntries={['/marketing/whatsapp']}>
      <WhatsAppTemplatesPage />
    </MemoryRouter>,
    { language },
  );
const item = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  state.list = { status: 'success', data: TEMPLATES, error: null };
  state.channel = { status: 'success', data: { status: 'connected' }, error: null };
  state.requests = [];
  state.rights = { create: true, delete: true };
  state.admin = true;
  state.callFunction.mockReset();
});

describe('WhatsAppTemplatesPage', { timeout: 40_000 }, () => {
  it('lists the templates live by name under the hub’s tab, each state in words', async () => {
    await page();
    expect(state.requests).toContainEqual({ id: 'waTemplates.list' });
    expect(screen.getByRole('link', { name: 'Plantillas WhatsApp' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plantillas WhatsApp');
    expect(screen.getAllByText(/suele tardar unos minutos y como mucho 24 horas/)).toBeTruthy();
    expect(item('bienvenida').textContent).toContain('Aprobada');
    expect(item('bienvenida').textContent).toContain('Español · Marketing · Creada el 20 nov 2026');
    expect(item('promo_navidad').textContent).toContain('Rechazada');
    expect(item('promo_navidad').textContent).toContain('Inglés');
    expect(item('promo_navidad').textContent).toContain('Motivo del rechazo: formato no válido');
    expect(item('recordatorio').textContent).toContain('En revisión');
    expect(item('recordatorio').textContent).toContain('Servicio');
    expect(item('oferta').textContent).toContain('En pausa');
    expect(item('oferta').textContent).toContain('por ahora no se puede enviar');
    expect(item('vieja').textContent).toContain('Desactivada');
    expect(screen.queryByTestId('wa-channel-notice')).toBeNull();
  });

  it('in English', async () => {
    await page('en');
    expect(item('recordatorio').textContent).toContain('In review');
    expect(item('promo_navidad').textContent).toContain('Rejection reason: invalid format');
    expect(screen.getByRole('button', { name: 'Refresh statuses' })).toBeTruthy();
  });

  it('empty, loading and failed', async () => {
    state.list = { status: 'success', data: [], error: null };
    const view = await page();
    expect(screen.getByText('Aún no hay plantillas')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nueva plantilla' })).toHaveLength(2);
    state.list = { status: 'loading', data: null, error: null };
    view.rerender(
      <MemoryRouter>
        <WhatsAppTemplatesPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Cargando plantillas...')).toBeTruthy();
    state.list = { status: 'error', data: null, error: { code: 'permission-denied', message: 'x' } };
    view.rerender(
      <MemoryRouter>
        <WhatsAppTemplatesPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('No se pudieron cargar las plantillas.')).toBeTruthy();
  });

  it("'Actualizar estados' asks the platform and says how many changed", async () => {
    state.callFunction.mockResolvedValue({ updated: 2 });
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar estados' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('syncWaTemplates', { organizationId: 'org1' }),
    );
    expect(await screen.findByText('2 plantillas cambiaron de estado.')).toBeTruthy();
  });

  it('a refused update says why', async () => {
    state.callFunction.mockRejectedValue({
      code: 'functions/failed-precondition',
      details: { reason: 'not-connected' },
    });
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar estados' }));
    expect(await screen.findByText(/No hay un número de WhatsApp conectado que funcione/)).toBeTruthy();
  });

  it('deletes after a confirmation', async () => {
    state.callFunction.mockResolvedValue({ deleted: true });
    await page();
    fireEvent.click(within(item('oferta')).getByRole('button', { name: 'Eliminar la plantilla oferta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar plantilla?' });
    expect(dialog.textContent).toContain('«oferta»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('deleteWaTemplate', {
        organizationId: 'org1',
        templateId: 'oferta',
      }),
    );
    expect(await screen.findByText('Plantilla eliminada')).toBeTruthy();
  });

  it('members without marketing.create or marketing.delete see the list only', async () => {
    state.rights = {};
    await page();
    expect(screen.queryByRole('button', { name: 'Nueva plantilla' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar la plantilla/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actualizar estados' })).toBeTruthy();
  });

  it('no number connected: says so, with the way to Ajustes → Canales for admins', async () => {
    state.channel = { status: 'success', data: null, error: null };
    const view = await page();
    const notice = screen.getByTestId('wa-channel-notice');
    expect(notice.textContent).toContain('Aún no hay un número de WhatsApp conectado');
    expect(within(notice).getByRole('link', { name: 'Ir a Ajustes → Canales' }).getAttribute('href')).toBe(
      '/ajustes?tab=canales',
    );
    state.admin = false;
    state.channel = { status: 'success', data: { status: 'broken' }, error: null };
    view.rerender(
      <MemoryRouter>
        <WhatsAppTemplatesPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('wa-channel-notice').textContent).toContain('Pídeselo a un administrador.');
  });

  it("'Nueva plantilla' opens the form", async () => {
    await page();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    expect(await screen.findByRole('dialog', { name: 'Nueva plantilla de WhatsApp' })).toBeTruthy();
  });
});
