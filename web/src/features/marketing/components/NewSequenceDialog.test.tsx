// The sequence's form (issue 31): 'Nueva Secuencia' and its owner's 'Editar secuencia', with the
// optional 'Tema' — saved as topicId with its name, or nothing when none.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ createRecord: vi.fn(), updateRecord: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  const topics = [
    { id: 't1', name: 'Promociones' },
    { id: 't2', name: 'Boletín' },
  ];
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    updateRecord: state.updateRecord,
    useLiveList: () => ({ status: 'success', data: topics, error: null }),
    enrollmentsTarget: () => null,
  };
});

const { NewSequenceDialog } = await import('./NewSequenceDialog');

const SEQUENCES = { parentPath: 'organizations/org1', collection: 'sequences' };
const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
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
  state.createRecord.mockReset().mockResolvedValue('s9');
  state.updateRecord.mockReset().mockResolvedValue(undefined);
});

describe('NewSequenceDialog', { timeout: 40_000 }, () => {
  it('a new sequence with a topic: created inactive with the topic and its name', async () => {
    const onCreated = vi.fn();
    await renderWithApp(<NewSequenceDialog organizationId="org1" onClose={vi.fn()} onCreated={onCreated} />);
    type(/^Nombre/, 'Noticias');
    await pickTopic('Boletín');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('s9'));
    expect(state.createRecord).toHaveBeenCalledWith(SEQUENCES, {
      name: 'Noticias',
      description: null,
      topicId: 't2',
      topicName: 'Boletín',
      isActive: false,
    });
  });

  it('a new sequence without a topic writes none', async () => {
    const onCreated = vi.fn();
    await renderWithApp(<NewSequenceDialog organizationId="org1" onClose={vi.fn()} onCreated={onCreated} />);
    type(/^Nombre/, 'Bienvenida');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(state.createRecord).toHaveBeenCalledWith(SEQUENCES, {
      name: 'Bienvenida',
      description: null,
      isActive: false,
    });
  });

  it('editing: the name, the description and the topic', async () => {
    const sequence = {
      id: 's1',
      name: 'Bienvenida',
      description: 'Para clientes nuevos',
      isActive: true,
      topicId: 't1',
      topicName: 'Promociones',
      createdBy: 'u1',
    };
    const onClose = vi.fn();
    await renderWithApp(
      <NewSequenceDialog organizationId="org1" sequence={sequence as never} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Editar secuencia' })).toBeTruthy();
    expect(topicPicker().value).toBe('Promociones');
    type(/^Nombre/, 'Bienvenida 2026');
    clearTopic();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(state.updateRecord).toHaveBeenCalledWith(
      SEQUENCES,
      's1',
      { name: 'Bienvenida 2026', description: 'Para clientes nuevos', topicId: null, topicName: null },
      sequence,
    );
    expect(await screen.findByText('Secuencia guardada')).toBeTruthy();
  });
});
