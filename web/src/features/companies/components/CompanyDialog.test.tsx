import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writes } from '@/test/dataApiMock';
import { renderWithApp } from '@/test/render';

vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock);

const { CompanyDialog } = await import('@/features/companies/components/CompanyDialog');

const save = (label = 'Guardar') => fireEvent.click(screen.getByRole('button', { name: label }));

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
});

describe('company dialog', () => {
  it('company: name required; the size select shows its placeholder', async () => {
    await renderWithApp(<CompanyDialog open onClose={() => {}} />);
    expect(screen.getByText('1-10, 11-50, etc.')).toBeTruthy();
    save();
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });
});
