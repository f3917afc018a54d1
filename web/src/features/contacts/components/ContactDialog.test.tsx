import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writes } from '@/test/dataApiMock';
import { renderWithApp } from '@/test/render';

vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock);

const { ContactDialog } = await import('@/features/contacts/components/ContactDialog');

const save = (label = 'Guardar') => fireEvent.click(screen.getByRole('button', { name: label }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input,textarea' }), {
    target: { value },
  });

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
});

describe('contact dialog', () => {
  it('asks for the name and a valid e-mail before sending anything', async () => {
    await renderWithApp(<ContactDialog onClose={() => {}} />);
    type('Email', 'jose@');
    save();
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it('creates the contact owned by its author, empty texts as null', async () => {
    writes.createRecord.mockResolvedValue('c1');
    const onClose = vi.fn();
    await renderWithApp(<ContactDialog onClose={onClose} />);
    type('Nombre', 'José Núñez');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [target, data] = writes.createRecord.mock.calls[0];
    expect(target).toEqual({ parentPath: 'organizations/org1', collection: 'contacts' });
    expect(data).toMatchObject({
      name: 'José Núñez',
      ownerId: 'u1',
      lifecycleStage: 'lead',
      status: 'active',
      companyName: null,
    });
    expect(await screen.findByText('Cliente creado')).toBeTruthy();
  });

  it('keeps what was typed when the save is refused, and says why in Spanish', async () => {
    writes.createRecord.mockRejectedValue({
      code: 'permission-denied',
      message: 'Missing or insufficient permissions.',
    });
    const onClose = vi.fn();
    await renderWithApp(<ContactDialog onClose={onClose} />);
    type('Nombre', 'José Núñez');
    save();
    expect(await screen.findByText('No tienes permiso para hacer esto.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(
      (screen.getByLabelText('Nombre', { exact: false, selector: 'input' }) as HTMLInputElement).value,
    ).toBe('José Núñez');
    expect(screen.queryByText('Missing or insufficient permissions.')).toBeNull();
  });

  it('says it in English too', async () => {
    await renderWithApp(<ContactDialog onClose={() => {}} />, { language: 'en' });
    save('Save');
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });
});
