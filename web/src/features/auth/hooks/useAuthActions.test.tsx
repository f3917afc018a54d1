import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SignUpForm } from '../components/SignUpForm';
import { useAuthActions } from './useAuthActions';

const callFunction = vi.fn();
const signUp = vi.fn();
vi.mock('@/firebase/callables', () => ({ callFunction: (...args: unknown[]) => callFunction(...args) }));
vi.mock('@/firebase', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/firebase')>()),
  useAuthApi: () => ({ signUp }),
}));

function SignUp() {
  const actions = useAuthActions();
  return <SignUpForm onSubmit={actions.signUp} />;
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function submitSignUp(language: 'es' | 'en' = 'es') {
  await renderWithApp(
    <MemoryRouter>
      <SignUp />
    </MemoryRouter>,
    { language },
  );
  const es = language === 'es';
  type(es ? /^Nombre completo/ : /^Full name/, 'Ana López');
  type(es ? /^Usuario/ : /^Username/, 'ana_lopez');
  type(es ? /^Nombre de la empresa/ : /^Company name/, 'Café Aurora');
  type(/^Email/, 'ana@empresa.hn');
  type(es ? /^Contraseña/ : /^Password/, 'secreto1');
  fireEvent.click(screen.getByRole('button', { name: es ? 'Crear cuenta' : 'Create account' }));
}

describe('sign-up when the server refuses the username', () => {
  beforeEach(() => {
    callFunction.mockReset();
    signUp.mockReset();
  });

  it('too many checks from the network (rate-limited): said on the username field, nothing created', async () => {
    callFunction.mockRejectedValue({
      code: 'functions/resource-exhausted',
      message: 'Too many username checks from this network; try again in a minute.',
      details: { reason: 'rate-limited' },
    });
    await submitSignUp();
    const text = 'Demasiadas comprobaciones de usuario desde tu red. Espera un minuto e inténtalo de nuevo.';
    const field = screen.getByLabelText(/^Usuario/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(text);
    expect(callFunction).toHaveBeenCalledWith('checkUsername', { username: 'ana_lopez' });
    expect(signUp).not.toHaveBeenCalled();
  });

  it('in English too', async () => {
    callFunction.mockRejectedValue({
      code: 'functions/resource-exhausted',
      details: { reason: 'rate-limited' },
    });
    await submitSignUp('en');
    const field = screen.getByLabelText(/^Username/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Too many username checks from your network. Wait a minute and try again.',
    );
  });

  it('a taken username is said on the field', async () => {
    callFunction.mockResolvedValue({ available: false });
    await submitSignUp();
    const field = screen.getByLabelText(/^Usuario/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Ese usuario ya está en uso. Elige otro.',
    );
    expect(signUp).not.toHaveBeenCalled();
  });
});
