import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { LoginForm } from './LoginForm';
import { RecoveryForm } from './RecoveryForm';
import { SignUpForm } from './SignUpForm';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('LoginForm', () => {
  it('shows the required messages in Spanish and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<LoginForm onSubmit={onSubmit} onForgotPassword={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El email es obligatorio')).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the spec messages in English', async () => {
    await renderWithApp(<LoginForm onSubmit={() => Promise.resolve()} onForgotPassword={() => {}} />, {
      language: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('moves focus to the first invalid field', async () => {
    await renderWithApp(<LoginForm onSubmit={() => Promise.resolve()} onForgotPassword={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
  });

  it('disables the submit with progress while working and never submits twice', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    await renderWithApp(<LoginForm onSubmit={onSubmit} onForgotPassword={() => {}} />);
    type(/^Email/, 'ana@empresa.hn');
    type(/^Contraseña/, 'secreto1');
    const form = screen.getByRole('form', { name: 'Bienvenido a Trato' });
    fireEvent.submit(form);
    const busyButton = await screen.findByRole('button', { name: 'Iniciando sesión...' });
    expect(busyButton).toHaveProperty('disabled', true);
    fireEvent.submit(form);
    fireEvent.click(busyButton);
    await act(async () => {
      pending.resolve();
      await pending.promise;
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@empresa.hn', password: 'secreto1' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toHaveProperty('disabled', false),
    );
  });

  it('opens recovery with what was typed', async () => {
    const onForgotPassword = vi.fn();
    await renderWithApp(<LoginForm onSubmit={() => Promise.resolve()} onForgotPassword={onForgotPassword} />);
    type(/^Email/, 'ana@empresa.hn');
    fireEvent.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    expect(onForgotPassword).toHaveBeenCalledWith('ana@empresa.hn');
  });
});

describe('SignUpForm', () => {
  it('defaults to Administrador with name, username and company fields', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />);
    expect(screen.getByRole('radio', { name: 'Administrador' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText(/^Nombre completo/)).toBeTruthy();
    expect(screen.getByLabelText(/^Usuario/)).toBeTruthy();
    expect(screen.getByLabelText(/^Nombre de la empresa/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Enlace de invitación/)).toBeNull();
  });

  it('forces the username to lowercase letters, digits and underscores as typed', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />);
    type(/^Usuario/, '@Ana.López_99!');
    expect((screen.getByLabelText(/^Usuario/) as HTMLInputElement).value).toBe('analpez_99');
  });

  it('shows every administrator message', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    expect(
      screen.getByText('El usuario debe tener entre 3-20 caracteres (solo letras, números y guiones bajos)'),
    ).toBeTruthy();
    expect(screen.getByText('El nombre de la empresa es obligatorio')).toBeTruthy();
    expect(screen.getByText('El email es obligatorio')).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria')).toBeTruthy();
  });

  it('translates the messages when the language changes', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(
      screen.getByText('Username must be 3-20 characters (letters, numbers and underscores only)'),
    ).toBeTruthy();
  });

  it('asks an Empleado for the invitation link only', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<SignUpForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Empleado' }));
    expect(await screen.findByLabelText(/^Enlace de invitación/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Nombre completo/)).toBeNull();
    expect(screen.queryByLabelText(/^Usuario/)).toBeNull();
    expect(screen.queryByLabelText(/^Nombre de la empresa/)).toBeNull();
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
    expect(screen.getByLabelText(/^Contraseña/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continuar con la invitación' }));
    expect(await screen.findByText('El enlace de invitación es obligatorio')).toBeTruthy();

    type(/^Enlace de invitación/, 'https://app.trato.example/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con la invitación' }));
    expect(await screen.findByText('El enlace de invitación no es válido')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('switching to Empleado after an empty submit keeps what was typed and scolds no untouched field', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />);
    type(/^Email/, 'luis@empresa.hn');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Empleado' }));
    expect(await screen.findByLabelText(/^Enlace de invitación/)).toBeTruthy();
    expect(screen.queryByText('El enlace de invitación es obligatorio')).toBeNull();
    expect(screen.queryByText('La contraseña es obligatoria')).toBeNull();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('luis@empresa.hn');
  });

  it('submits a complete administrator sign-up', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<SignUpForm onSubmit={onSubmit} />);
    type(/^Nombre completo/, 'Ana López');
    type(/^Usuario/, 'Ana_Lopez');
    type(/^Nombre de la empresa/, 'Café Aurora');
    type(/^Email/, 'ana@empresa.hn');
    type(/^Contraseña/, 'secreto1');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        accountType: 'admin',
        username: 'ana_lopez',
        fullName: 'Ana López',
        companyName: 'Café Aurora',
      }),
      // Formik's helpers: where a server refusal of the username is shown.
      expect.objectContaining({ setFieldError: expect.any(Function) }),
    );
  });
});

describe('RecoveryForm', () => {
  it("says 'Ingresa tu email' when empty", async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<RecoveryForm onSubmit={onSubmit} onBack={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Ingresa tu email')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has a back-to-login button and an email-type field', async () => {
    const onBack = vi.fn();
    await renderWithApp(
      <RecoveryForm onSubmit={() => Promise.resolve()} onBack={onBack} initialEmail="ana@empresa.hn" />,
    );
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.value).toBe('ana@empresa.hn');
    fireEvent.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('account type choice', () => {
  it('is a labelled group of two radios', async () => {
    await renderWithApp(<SignUpForm onSubmit={() => Promise.resolve()} />);
    const group = screen.getByRole('radiogroup');
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
  });
});
