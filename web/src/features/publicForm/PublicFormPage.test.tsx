// A form's public page (issue 31): its fields from getPublicForm with their labels, marks and
// autofill; the model's check before sending; the server's refusals under the fields or above the
// button, in the visitor's language, with what was typed kept; the honeypot hidden from people; the
// thanks, the double opt-in's confirmation, or the redirect.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicFormView } from '@trato/model';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  getPublicForm: vi.fn(),
  submitForm: vi.fn(),
  leaveTo: vi.fn(),
}));

vi.mock('@/firebase/publicFunctions', () => ({
  getPublicForm: state.getPublicForm,
  submitForm: state.submitForm,
}));
vi.mock('./utils/publicForm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./utils/publicForm')>()),
  leaveTo: state.leaveTo,
}));

const { default: PublicFormPage } = await import('./PublicFormPage');

const KEY = 'org1-form1';
const VIEW: PublicFormView = {
  organizationName: 'Distribuidora Maya',
  name: 'Pide tu demo',
  fields: [
    { key: 'name', required: true },
    { key: 'email', required: true },
    { key: 'phone', required: false },
    { key: 'companyName', required: false },
    { key: 'jobTitle', required: false },
    { key: 'city', required: false },
    { key: 'country', required: false },
    { key: 'message', required: false },
  ],
  consentText: 'Acepto recibir emails de marketing.',
};
const callable = (code: string, details?: unknown) =>
  Object.assign(new Error(code), { code: `functions/${code}`, details });

async function visit(search = '?lang=es', language: 'es' | 'en' = 'es', key = KEY) {
  const router = createMemoryRouter([{ path: '/f/:formKey', element: <PublicFormPage /> }], {
    initialEntries: [`/f/${key}${search}`],
  });
  return renderWithApp(<RouterProvider router={router} />, { language });
}
const box = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(box(name), { target: { value } });
const send = (label = 'Enviar') => fireEvent.click(screen.getByRole('button', { name: label }));

beforeEach(() => {
  state.getPublicForm.mockReset().mockResolvedValue(VIEW);
  state.submitForm
    .mockReset()
    .mockResolvedValue({ thankYou: null, redirectUrl: null, confirmationSent: false });
  state.leaveTo.mockReset();
});

describe('PublicFormPage', { timeout: 40_000 }, () => {
  it('shows the organization, the form and its fields, typed for autofill and phones', async () => {
    await visit();
    expect(screen.getByRole('status').textContent).toBe('Cargando formulario...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pide tu demo' })).toBeTruthy();
    expect(state.getPublicForm).toHaveBeenCalledWith({ formKey: KEY, language: 'es' });
    expect(screen.getByText('Distribuidora Maya')).toBeTruthy();
    const expected: [RegExp, string, string, boolean][] = [
      [/^Nombre/, 'text', 'name', true],
      [/^Email/, 'email', 'email', true],
      [/^Teléfono/, 'tel', 'tel', false],
      [/^Empresa/, 'text', 'organization', false],
      [/^Cargo/, 'text', 'organization-title', false],
      [/^Ciudad/, 'text', 'address-level2', false],
      [/^País/, 'text', 'country-name', false],
    ];
    for (const [name, inputType, autofill, required] of expected) {
      const input = box(name);
      expect([input.type, input.getAttribute('autocomplete'), input.required], String(name)).toEqual([
        inputType,
        autofill,
        required,
      ]);
    }
    expect(box(/^Mensaje/).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Acepto recibir emails de marketing.' })).toBeTruthy();
    expect(screen.getByText('Los campos marcados con * son obligatorios.')).toBeTruthy();
  });

  it('has a honeypot named website that people never meet', async () => {
    const { container } = await visit();
    await screen.findByRole('heading', { level: 1 });
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toBeTruthy();
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    // Out of the accessibility tree: no textbox by that name.
    expect(screen.queryByRole('textbox', { name: /campo vacío/ })).toBeNull();
  });

  it('checks the values before sending: required, an address, too long — and moves to the first', async () => {
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Email/, 'ana@');
    type(/^Ciudad/, 'x'.repeat(101));
    send();
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Escribe un email válido, p. ej. nombre@empresa.com')).toBeTruthy();
    expect(screen.getByText('El texto es demasiado largo')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa los 3 campos marcados.');
    expect(document.activeElement).toBe(box(/^Nombre/));
    expect(box(/^Nombre/).getAttribute('aria-invalid')).toBe('true');
    expect(state.submitForm).not.toHaveBeenCalled();
  });

  it('sends the clean values, the consent and the honeypot; thanks with the default text', async () => {
    const { container } = await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, ' Ana Pérez ');
    type(/^Email/, 'ANA@acme.hn');
    type(/^Mensaje/, 'Quiero una demo');
    fireEvent.click(screen.getByRole('checkbox'));
    send();
    expect(await screen.findByRole('heading', { name: '¡Gracias!' })).toBeTruthy();
    expect(state.submitForm).toHaveBeenCalledWith({
      formKey: KEY,
      language: 'es',
      values: { name: 'Ana Pérez', email: 'ana@acme.hn', message: 'Quiero una demo' },
      consent: true,
      website: '',
    });
    expect(screen.getByText('Hemos recibido tus datos.')).toBeTruthy();
    expect(screen.queryByText('Te enviamos un correo para confirmar tu suscripción.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '¡Gracias!' }));
    expect(container.querySelector('form')).toBeNull();
  });

  it("the form's own thanks, and the double opt-in's e-mail to confirm", async () => {
    state.submitForm.mockResolvedValue({
      thankYou: 'Te llamaremos mañana.',
      redirectUrl: null,
      confirmationSent: true,
    });
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, 'Ana');
    type(/^Email/, 'ana@acme.hn');
    send();
    expect(await screen.findByText('Te llamaremos mañana.')).toBeTruthy();
    expect(screen.getByText('Te enviamos un correo para confirmar tu suscripción.')).toBeTruthy();
  });

  it('goes to the redirect address when the form has one', async () => {
    state.submitForm.mockResolvedValue({
      thankYou: null,
      redirectUrl: 'https://acme.hn/gracias',
      confirmationSent: false,
    });
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, 'Ana');
    type(/^Email/, 'ana@acme.hn');
    send();
    await waitFor(() => expect(state.leaveTo).toHaveBeenCalledWith('https://acme.hn/gracias'));
  });

  it('shows the fields the server refused under each, keeping what was typed', async () => {
    state.submitForm.mockRejectedValue(
      callable('invalid-argument', {
        reason: 'invalid-values',
        fields: { email: 'email', phone: 'tooLong' },
      }),
    );
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, 'Ana');
    // Values the page lets through, refused by the server.
    type(/^Email/, 'ana@acme.invalid');
    type(/^Teléfono/, '9999-9999');
    send();
    expect(await screen.findByText('Escribe un email válido, p. ej. nombre@empresa.com')).toBeTruthy();
    expect(screen.getByText('El texto es demasiado largo')).toBeTruthy();
    expect(state.submitForm).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(box(/^Email/));
    expect([box(/^Nombre/).value, box(/^Email/).value, box(/^Teléfono/).value]).toEqual([
      'Ana',
      'ana@acme.invalid',
      '9999-9999',
    ]);
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', false);
  });

  it.each([
    [
      'resource-exhausted',
      { reason: 'rate-limited' },
      'Se enviaron demasiados formularios desde tu red. Espera unos minutos y vuelve a intentarlo.',
    ],
    [
      'resource-exhausted',
      { reason: 'form-busy' },
      'Este formulario está recibiendo demasiados envíos ahora mismo. Inténtalo más tarde.',
    ],
    ['not-found', undefined, 'Este formulario no está disponible.'],
    ['failed-precondition', { reason: 'subscription-inactive' }, 'Este formulario no está disponible.'],
    ['unavailable', undefined, 'No se pudo enviar. Revisa tu conexión e inténtalo de nuevo.'],
  ])('a refusal (%s %o) says why and keeps the values', async (code, details, text) => {
    state.submitForm.mockRejectedValue(callable(code, details));
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, 'Ana');
    type(/^Email/, 'ana@acme.hn');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect([box(/^Nombre/).value, box(/^Email/).value]).toEqual(['Ana', 'ana@acme.hn']);
  });

  it('shows the progress while sending, one submission at a time', async () => {
    let finish: (value: unknown) => void = () => undefined;
    state.submitForm.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await visit();
    await screen.findByRole('heading', { level: 1 });
    type(/^Nombre/, 'Ana');
    type(/^Email/, 'ana@acme.hn');
    send();
    const busy = await screen.findByRole('button', { name: 'Enviando...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(busy.closest('form')!);
    expect(state.submitForm).toHaveBeenCalledTimes(1);
    await act(async () => finish({ thankYou: null, redirectUrl: null, confirmationSent: false }));
    expect(await screen.findByRole('heading', { name: '¡Gracias!' })).toBeTruthy();
  });

  it('a form that is not available, or an address that is not one', async () => {
    state.getPublicForm.mockRejectedValue(callable('not-found'));
    await visit();
    expect(await screen.findByRole('heading', { name: 'Este formulario no está disponible' })).toBeTruthy();
    await visit('?lang=es', 'es', 'not a key');
    expect(state.getPublicForm).toHaveBeenCalledTimes(1);
  });

  it('a load that failed offers to try again', async () => {
    state.getPublicForm.mockRejectedValueOnce(callable('unavailable'));
    await visit();
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar el formulario' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pide tu demo' })).toBeTruthy();
  });

  it("in the visitor's language: ?lang=en asks the form and its texts in English", async () => {
    state.getPublicForm.mockResolvedValue({ ...VIEW, consentText: null });
    await visit('?lang=en&embed=1', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pide tu demo' })).toBeTruthy();
    expect(state.getPublicForm).toHaveBeenCalledWith({ formKey: KEY, language: 'en' });
    expect(box(/^Job title/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    // Embedded: the host page shows through.
    expect(document.body.style.background).toBe('transparent');
    send('Send');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });
});
