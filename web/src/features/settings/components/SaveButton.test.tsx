// Settings are saved online only (issue 35): offline the save is off and says why; it comes back
// with the connection.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SaveButton } from './SaveButton';

const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Guardar cambios' });

afterEach(() => vi.restoreAllMocks());

describe('SaveButton', () => {
  it('offline: off, with "Necesitas conexión para esto"; back on with the connection', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderWithApp(<SaveButton busy={false} />);
    expect(button().disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('Necesitas conexión para esto');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(button().disabled).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('online: off while saving or with nothing changed', async () => {
    const { rerender } = await renderWithApp(<SaveButton busy={false} disabled />);
    expect(button().disabled).toBe(true);
    rerender(<SaveButton busy />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Guardando...' }).disabled).toBe(true);
  });
});
