import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { useToast, type ToastOptions } from './index';

function Trigger({ options }: { options: ToastOptions[] }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => options.forEach((option) => toast(option))}>
      go
    </button>
  );
}

describe('ToastProvider', () => {
  it('shows title and description politely for normal toasts', async () => {
    await renderWithApp(
      <Trigger options={[{ title: 'Email enviado', description: 'Revisa tu correo', variant: 'success' }]} />,
    );
    fireEvent.click(screen.getByText('go'));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Email enviado');
    expect(toast.textContent).toContain('Revisa tu correo');
  });

  it('announces destructive toasts as alerts', async () => {
    await renderWithApp(
      <Trigger
        options={[{ title: 'Error', description: 'Email o contraseña incorrectos', variant: 'destructive' }]}
      />,
    );
    fireEvent.click(screen.getByText('go'));
    const toast = await screen.findByRole('alert');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(toast.textContent).toContain('Email o contraseña incorrectos');
  });

  it('shows queued toasts one after another and can be closed', async () => {
    await renderWithApp(<Trigger options={[{ title: 'Primero' }, { title: 'Segundo' }]} />);
    await act(async () => {
      fireEvent.click(screen.getByText('go'));
    });
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Segundo'), {
      timeout: 3000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull(), { timeout: 3000 });
  });
});
