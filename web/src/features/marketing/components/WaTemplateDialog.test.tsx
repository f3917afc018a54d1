// 'Nueva plantilla' (issue 33): the name as Graph takes it, the categories explained, 'Insertar
// variable', each variable's source with its fallback or fixed text, the phone-like preview with
// sample values, the model's problems under the fields before sending, createWaTemplate with what
// was typed, and each refusal in words with nothing lost.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({ callFunction: vi.fn(), onClose: vi.fn() }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    callFunction: state.callFunction,
    useMembership: () => ({ ...dataApiMock.useMembership(), profile: { fullName: 'Marta Díaz' } }),
  };
});

const { WaTemplateDialog } = await import('./WaTemplateDialog');

const open = (language: 'es' | 'en' = 'es') =>
  renderWithApp(<WaTemplateDialog organizationId="org1" onClose={state.onClose} />, { language });
const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(box(name), { target: { value } });
const preview = () => screen.getByTestId('wa-template-preview');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
const chooseSource = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const fillGood = () => {
  type(/^Nombre/, 'Bienvenida Cliente');
  type(/^Cuerpo/, 'Hola {{1}}, gracias por escribir a {{2}}.');
};

beforeEach(() => {
  state.callFunction.mockReset();
  state.onClose.mockReset();
});

describe('WaTemplateDialog', { timeout: 40_000 }, () => {
  it('turns the name into lower_snake_case and explains the rule', async () => {
    await open();
    type(/^Nombre/, 'Promo Navidad ÑU');
    expect(box(/^Nombre/).value).toBe('promo_navidad_nu');
    const help = document.getElementById(box(/^Nombre/).getAttribute('aria-describedby')!)!;
    expect(help.textContent).toContain('Solo minúsculas, números y guion bajo');
  });

  it('explains each category and the review', async () => {
    await open();
    const group = screen.getByRole('group', { name: 'Categoría' });
    expect(within(group).getByRole('radio', { name: 'Marketing' })).toHaveProperty('checked', true);
    expect(within(group).getByText(/mensajes que el contacto no pidió/)).toBeTruthy();
    expect(within(group).getByText(/confirmaciones, recordatorios/)).toBeTruthy();
    expect(within(group).getByText(/códigos de verificación/)).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Servicio' }));
    expect(within(group).getByRole('radio', { name: 'Servicio' })).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        /suele tardar unos minutos y como mucho 24 horas. Solo se pueden enviar las aprobadas/,
      ),
    ).toBeTruthy();
  });

  it("'Insertar variable' adds the next number, and each variable gets its source", async () => {
    await open();
    type(/^Cuerpo/, 'Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Insertar {{1}} en el cuerpo' }));
    expect(box(/^Cuerpo/).value).toBe('Hola {{1}}');
    fireEvent.click(screen.getByRole('button', { name: 'Insertar {{2}} en el cuerpo' }));
    expect(box(/^Cuerpo/).value).toBe('Hola {{1}} {{2}}');
    expect(screen.getByTestId('wa-variable-body-1')).toBeTruthy();
    expect(screen.getByTestId('wa-variable-body-2')).toBeTruthy();
    // The header takes one, the body's keep their mapping.
    type(/^Encabezado/, 'Para');
    fireEvent.click(screen.getByRole('button', { name: 'Insertar variable en el encabezado' }));
    expect(box(/^Encabezado/).value).toBe('Para {{1}}');
    expect(screen.getByRole('button', { name: 'Insertar variable en el encabezado' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('combobox', { name: 'Valor de {{1}} del encabezado' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Valor de {{2}} del cuerpo' }).textContent).toBe(
      'Nombre del contacto',
    );
  });

  it('the preview fills the variables with sample values, live', async () => {
    await open();
    expect(preview().textContent).toContain('Escribe el cuerpo para ver el mensaje.');
    type(/^Encabezado/, 'Oferta para {{1}}');
    type(/^Cuerpo/, 'Hola {{1}}, soy {{2}}: {{3}}');
    type(/^Pie/, 'Responde STOP para no recibir más');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir botón' }));
    type(/^Botón 1/, 'Me interesa');
    await chooseSource(/^Valor de \{\{1\}\} del encabezado/, 'Empresa del contacto');
    await chooseSource(/^Valor de \{\{2\}\} del cuerpo/, 'Nombre del miembro que envía');
    await chooseSource(/^Valor de \{\{3\}\} del cuerpo/, 'Texto fijo');
    type(/^Texto fijo de \{\{3\}\}/, '20 % de descuento');
    const shown = preview().textContent;
    expect(shown).toContain('Oferta para Distribuidora Maya');
    expect(shown).toContain('Hola Ana, soy Marta Díaz: 20 % de descuento');
    expect(shown).toContain('Responde STOP para no recibir más');
    expect(shown).toContain('Me interesa');
  });

  it('shows the model’s problems under the fields before sending, and sends nothing', async () => {
    await open();
    type(/^Encabezado/, '{{1}} y {{2}}');
    type(/^Cuerpo/, 'Hola {{2}}');
    type(/^Pie/, 'Pie {{1}}');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir botón' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir botón' }));
    type(/^Botón 1/, 'Sí');
    type(/^Botón 2/, 'sí');
    // Live, before any submit: the numbering of the variables.
    const describedBy = (name: RegExp) =>
      document.getElementById(box(name).getAttribute('aria-describedby')!)!.textContent;
    expect(describedBy(/^Encabezado/)).toBe('El encabezado admite una sola variable, {{1}}.');
    expect(describedBy(/^Cuerpo/)).toBe(
      'Numera las variables del cuerpo en orden, {{1}}, {{2}}…, y usa cada una una sola vez.',
    );
    expect(describedBy(/^Pie/)).toBe('El pie no admite variables.');
    expect(screen.getByText('Los botones no pueden estar vacíos ni repetirse.')).toBeTruthy();
    expect(box(/^Cuerpo/).getAttribute('aria-invalid')).toBe('true');
    // The empty name only once a submit is tried.
    expect(describedBy(/^Nombre/)).toContain('Solo minúsculas');
    submit();
    expect(describedBy(/^Nombre/)).toBe('Escribe un nombre para la plantilla.');
    expect(screen.getByTestId('wa-template-problems').textContent).toContain('Antes de enviarla, corrige:');
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it('a fixed text must be written', async () => {
    await open();
    type(/^Nombre/, 'promo');
    type(/^Cuerpo/, 'Hola {{1}}');
    await chooseSource(/^Valor de \{\{1\}\} del cuerpo/, 'Texto fijo');
    submit();
    expect(await screen.findAllByText('Escribe el texto fijo.')).toBeTruthy();
    expect(state.callFunction).not.toHaveBeenCalled();
  });

  it('submits the template as typed, then closes', async () => {
    state.callFunction.mockResolvedValue({ templateId: 't1', status: 'pending' });
    await open();
    fillGood();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Idioma/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inglés' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Servicio' }));
    type(/^Pie/, ' Trato ');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir botón' }));
    type(/^Botón 1/, ' Sí ');
    await chooseSource(/^Valor de \{\{2\}\} del cuerpo/, 'Empresa del contacto');
    type(/^Si el contacto no tiene el dato \(\{\{2\}\}\)/, 'nuestra tienda');
    submit();
    await waitFor(() =>
      expect(state.callFunction).toHaveBeenCalledWith('createWaTemplate', {
        organizationId: 'org1',
        name: 'bienvenida_cliente',
        language: 'en',
        category: 'utility',
        header: null,
        body: 'Hola {{1}}, gracias por escribir a {{2}}.',
        footer: 'Trato',
        buttons: ['Sí'],
        variables: [
          { source: 'firstName', fallback: '' },
          { source: 'company', fallback: 'nuestra tienda' },
        ],
      }),
    );
    expect(await screen.findByText('Plantilla enviada a revisión')).toBeTruthy();
    expect(state.onClose).toHaveBeenCalled();
  });

  const REFUSALS: [string, Record<string, unknown>, RegExp][] = [
    ['template-exists', {}, /Ya hay una plantilla «bienvenida_cliente» en Español: usa otro nombre/],
    ['template-invalid', { problems: ['body-variables'] }, /Numera las variables del cuerpo/],
    ['template-invalid', {}, /WhatsApp no acepta la plantilla tal como está/],
    ['too-many-templates', {}, /ya tiene el máximo de plantillas/],
    ['not-connected', {}, /No hay un número de WhatsApp conectado que funcione/],
    ['rate-limited', {}, /WhatsApp está limitando las solicitudes/],
    ['no-right', {}, /No tienes permiso para hacer esto/],
  ];
  for (const [reason, extra, words] of REFUSALS)
    it(`a refusal (${reason}${Object.keys(extra).length ? ' with its problems' : ''}) says why and keeps everything`, async () => {
      state.callFunction.mockRejectedValue({
        code: 'functions/failed-precondition',
        details: { reason, ...extra },
      });
      await open();
      fillGood();
      submit();
      const alert = await screen.findByTestId('wa-template-refusal');
      expect(alert.textContent).toMatch(words);
      expect(alert.textContent).toContain('No se pudo enviar la plantilla.');
      expect(box(/^Nombre/).value).toBe('bienvenida_cliente');
      expect(box(/^Cuerpo/).value).toBe('Hola {{1}}, gracias por escribir a {{2}}.');
      expect(state.onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Enviar a revisión' })).toHaveProperty('disabled', false);
    });

  it('in English', async () => {
    await open('en');
    type(/^Name/, 'Hello There');
    expect(box(/^Name/).value).toBe('hello_there');
    expect(screen.getByRole('radio', { name: 'Authentication' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
  });
});
