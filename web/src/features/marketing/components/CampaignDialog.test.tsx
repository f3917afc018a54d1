// The campaign form's 'Tema' (issue 31, the preference centre): none or one of the organization's
// topics, saved as topicId with its name; a topic deleted since stays offered with the name it had.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  topics: { status: 'success', data: [] as unknown[], error: null } as Record<string, unknown>,
  createRecord: vi.fn(),
  updateRecord: vi.fn(),
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const lists = [{ id: 'l1', name: 'Clientes', kind: 'static' }];
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    updateRecord: state.updateRecord,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    searchRequest: () => null,
    useLiveList: (request: { id: string } | null) =>
      request?.id === 'topics.list'
        ? state.topics
        : { status: 'success', data: request?.id === 'lists.list' ? lists : [], error: null },
    useDocument: () => ({ status: 'success', data: null, error: null }),
  };
});

const { CampaignDialog } = await import('./CampaignDialog');

const CAMPAIGNS = { parentPath: 'organizations/org1', collection: 'campaigns' };
const topics = [
  { id: 't1', name: 'Promociones' },
  { id: 't2', name: 'Boletín' },
];
const draft = {
  id: 'c1',
  name: 'Lanzamiento',
  listId: 'l1',
  listName: 'Clientes',
  subject: 'Hola',
  body: 'Texto',
  status: 'draft',
  scheduledAt: null,
  createdBy: 'u1',
};

async function open(campaign: Record<string, unknown> | null = null, language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  await renderWithApp(
    <CampaignDialog organizationId="org1" campaign={campaign as never} onClose={onClose} />,
    { language },
  );
  return onClose;
}
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
async function choose(select: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
const topicPicker = () => screen.getByRole('combobox', { name: /^Tema/ }) as HTMLInputElement;
async function pickTopic(option: string) {
  fireEvent.mouseDown(topicPicker());
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
/** 'Sin tema': the picker's clear button (shown while it has the focus). */
function clearTopic() {
  fireEvent.focus(topicPicker());
  fireEvent.click(screen.getByRole('button', { name: 'Quitar el tema' }));
}

beforeEach(() => {
  state.topics = { status: 'success', data: topics, error: null };
  state.createRecord.mockReset().mockResolvedValue('c9');
  state.updateRecord.mockReset().mockResolvedValue(undefined);
});

describe('CampaignDialog: the topic', { timeout: 40_000 }, () => {
  it('a new campaign with a topic: its id and name are saved', async () => {
    const onClose = await open();
    expect(topicPicker().value).toBe('');
    expect(topicPicker().placeholder).toBe('Sin tema');
    type(/^Nombre/, 'Ofertas de marzo');
    await choose(/^Lista/, 'Clientes · Estática');
    await pickTopic('Promociones');
    type(/^Asunto/, 'Solo este mes');
    type(/^Cuerpo/, 'Hola {{nombre}}');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(CAMPAIGNS, {
      name: 'Ofertas de marzo',
      listId: 'l1',
      listName: 'Clientes',
      subject: 'Solo este mes',
      body: 'Hola {{nombre}}',
      topicId: 't1',
      topicName: 'Promociones',
      status: 'draft',
      scheduledAt: null,
    });
  });

  it('a new campaign without a topic writes none', async () => {
    const onClose = await open();
    type(/^Nombre/, 'General');
    await choose(/^Lista/, 'Clientes · Estática');
    type(/^Asunto/, 'Hola');
    type(/^Cuerpo/, 'Texto');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const data = state.createRecord.mock.calls[0]![1] as Record<string, unknown>;
    expect(data).not.toHaveProperty('topicId');
    expect(data).not.toHaveProperty('topicName');
  });

  it('editing: another topic, or none (both null)', async () => {
    await open({ ...draft, topicId: 't1', topicName: 'Promociones' });
    expect(topicPicker().value).toBe('Promociones');
    await pickTopic('Boletín');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(state.updateRecord).toHaveBeenCalled());
    expect(state.updateRecord.mock.calls[0]![2]).toMatchObject({ topicId: 't2', topicName: 'Boletín' });

    clearTopic();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(state.updateRecord).toHaveBeenCalledTimes(2));
    expect(state.updateRecord.mock.calls[1]![2]).toMatchObject({ topicId: null, topicName: null });
  });

  it('a topic deleted since stays offered, and kept with the name it had', async () => {
    await open({ ...draft, topicId: 't9', topicName: 'Eventos' });
    expect(topicPicker().value).toBe('Eventos (eliminado)');
    type(/^Nombre/, 'Lanzamiento 2');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(state.updateRecord).toHaveBeenCalled());
    expect(state.updateRecord.mock.calls[0]![2]).toMatchObject({
      name: 'Lanzamiento 2',
      topicId: 't9',
      topicName: 'Eventos',
    });
  });

  it('says what a topic does, and when there are none or they cannot be read', async () => {
    const first = await renderWithApp(
      <CampaignDialog organizationId="org1" campaign={null} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Quienes dejaron este tema no recibirán estos emails.')).toBeTruthy();
    first.unmount();
    state.topics = { status: 'success', data: [], error: null };
    const none = await renderWithApp(
      <CampaignDialog organizationId="org1" campaign={null} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Aún no hay temas: créalos con «Temas» en Campañas.')).toBeTruthy();
    none.unmount();
    state.topics = { status: 'error', data: null, error: { code: 'unavailable', message: 'offline' } };
    await open();
    expect(screen.getByText('No se pudieron cargar los temas.')).toBeTruthy();
  });

  it('in English', async () => {
    await open(null, 'en');
    expect((screen.getByRole('combobox', { name: /^Topic/ }) as HTMLInputElement).placeholder).toBe(
      'No topic',
    );
  });
});
