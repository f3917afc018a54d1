// 'Inscribir contactos' when part of the enrolment is refused (issue 28): the others are enrolled
// and said so, the refused ones stay chosen with the reason, nothing is lost.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ enrollContacts: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    useLiveList: () => ({
      status: 'success',
      data: [
        { id: 'c1', name: 'Ana Pérez' },
        { id: 'c2', name: 'Luis Ruiz' },
        { id: 'c3', name: 'Marta Gómez' },
      ],
      error: null,
    }),
    enrollContacts: state.enrollContacts,
  };
});

const { EnrollDialog } = await import('./EnrollDialog');

async function open(onClose = vi.fn()) {
  await renderWithApp(<EnrollDialog organizationId="org1" sequenceId="seq1" onClose={onClose} />);
  for (const name of ['Ana Pérez', 'Luis Ruiz', 'Marta Gómez']) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Buscar contacto' }));
    fireEvent.click(await screen.findByRole('option', { name }));
  }
  expect(screen.getByText('Contactos elegidos (3)')).toBeTruthy();
  return onClose;
}
const chips = () =>
  within(screen.getByRole('dialog'))
    .queryAllByRole('button', { name: /^(Ana|Luis|Marta)/ })
    .map((chip) => chip.textContent);

beforeEach(() => state.enrollContacts.mockReset());

describe('EnrollDialog', { timeout: 20_000 }, () => {
  it('a partial refusal: the others enrolled, the refused one stays chosen with the reason', async () => {
    state.enrollContacts.mockResolvedValue({
      enrolled: ['c1'],
      already: ['c2'],
      failed: ['c3'],
      error: Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }),
    });
    const onClose = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Inscribir' }));
    await waitFor(() =>
      expect(state.enrollContacts).toHaveBeenCalledWith('org1', 'seq1', ['c1', 'c2', 'c3']),
    );
    const refused = await screen.findByTestId('enroll-refused');
    expect(refused.textContent).toBe(
      'No se pudo inscribir 1 contactoSiguen elegidos para volver a intentarlo. Motivo: No tienes permiso para hacer esto.',
    );
    expect(chips()).toEqual(['Marta Gómez']);
    expect(screen.getByText('Contactos elegidos (1)')).toBeTruthy();
    expect(await screen.findByText('1 contacto inscrito')).toBeTruthy();
    expect(screen.getByText('1 ya estaba en la secuencia')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Inscribir' })).not.toHaveProperty('disabled', true);
  });

  it('everything enrolled: it says how many and closes', async () => {
    state.enrollContacts.mockResolvedValue({
      enrolled: ['c1', 'c2', 'c3'],
      already: [],
      failed: [],
      error: null,
    });
    const onClose = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Inscribir' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('3 contactos inscritos')).toBeTruthy();
  });
});
