import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  emptyTemplate,
  finishTemplateName,
  nextVariable,
  previewTemplate,
  syncVariables,
  templateInput,
  toTemplateName,
  variableSlots,
  type TemplateFormValues,
} from './waTemplateForm';
import { templateRefusal } from './waTemplateErrors';

const values = (patch: Partial<TemplateFormValues> = {}): TemplateFormValues => ({
  ...emptyTemplate('es'),
  name: 'bienvenida',
  body: 'Hola {{1}}',
  variables: [{ source: 'firstName', fallback: '' }],
  ...patch,
});

describe('template names', () => {
  it('lower_snake_case as typed, accents folded', () => {
    expect(toTemplateName('Promo Navidad 2026')).toBe('promo_navidad_2026');
    expect(toTemplateName('Confirmación  de   PEDIDO')).toBe('confirmacion_de_pedido');
    expect(toTemplateName('  ¡Hola! ')).toBe('hola_');
    expect(toTemplateName('a-b.c')).toBe('a_b_c');
    expect(finishTemplateName('hola_')).toBe('hola');
  });
});

describe('variables', () => {
  it('slots: the header’s {{1}} first, then the body’s, none for a part numbered wrongly', () => {
    expect(variableSlots({ header: 'Hola {{1}}', body: '{{1}} y {{2}}' })).toEqual([
      { part: 'header', n: 1 },
      { part: 'body', n: 1 },
      { part: 'body', n: 2 },
    ]);
    expect(variableSlots({ header: '', body: '{{2}}' })).toEqual([]);
  });

  it('the mapping follows the texts, each slot keeping its source', () => {
    const before = {
      header: '',
      body: 'Hola {{1}}, {{2}}',
      variables: [
        { source: 'firstName' as const, fallback: 'cliente' },
        { source: 'company' as const, fallback: '' },
      ],
    };
    // A header variable is added before the body's: the body's keep theirs.
    expect(syncVariables(before, { header: 'Para {{1}}', body: before.body })).toEqual([
      { source: 'firstName', fallback: '' },
      { source: 'firstName', fallback: 'cliente' },
      { source: 'company', fallback: '' },
    ]);
    expect(syncVariables(before, { header: '', body: 'Hola {{1}}' })).toEqual([
      { source: 'firstName', fallback: 'cliente' },
    ]);
  });

  it('the next variable of a text', () => {
    expect(nextVariable('')).toBe('{{1}}');
    expect(nextVariable('Hola {{1}}, tu pedido {{2}}')).toBe('{{3}}');
  });
});

describe('checkTemplate', () => {
  it('a good template has no problem', () => {
    expect(checkTemplate(values()).all).toEqual([]);
  });

  it('the model’s problems and the limits, per field', () => {
    const check = checkTemplate(
      values({
        name: '',
        header: '{{1}} {{2}}',
        body: 'Hola {{2}}',
        footer: 'Pie {{1}}',
        buttons: ['Sí', 'sí', 'x'.repeat(26)],
        variables: [],
      }),
    );
    expect(check.name).toBe('name-required');
    expect(check.header).toBe('header-variables');
    expect(check.body).toBe('body-variables');
    expect(check.footer).toBe('footer-variables');
    expect(check.buttons).toBe('buttons');
    expect(check.buttonItems).toEqual([null, null, 'button-long']);
    expect(check.all).toEqual([
      'name-required',
      'header-variables',
      'body-variables',
      'footer-variables',
      'button-long',
      'buttons',
    ]);
  });

  it('lengths, an empty body, an empty fixed text, a mapping that does not fit', () => {
    const check = checkTemplate(
      values({
        header: 'x'.repeat(61),
        body: '',
        footer: 'x'.repeat(61),
        variables: [{ source: 'literal', fallback: ' ' }],
      }),
    );
    expect(check.header).toBe('header-long');
    expect(check.body).toBe('body-required');
    expect(check.footer).toBe('footer-long');
    expect(check.variableItems).toEqual(['literal-empty']);
    expect(check.variables).toBe('variables-count');
    expect(checkTemplate(values({ body: 'x'.repeat(1025), variables: [] })).body).toBe('body-long');
  });
});

describe('what is sent and shown', () => {
  it('templateInput trims and nulls the optional parts', () => {
    expect(
      templateInput(values({ name: 'hola_', header: '  ', footer: ' Trato ', buttons: [' Sí '] })),
    ).toEqual({
      name: 'hola',
      language: 'es',
      category: 'marketing',
      header: null,
      body: 'Hola {{1}}',
      footer: 'Trato',
      buttons: ['Sí'],
      variables: [{ source: 'firstName', fallback: '' }],
    });
  });

  it('the preview fills header and body with the sample values', () => {
    expect(
      previewTemplate(
        {
          header: 'Para {{1}}',
          body: 'Hola {{1}}, de {{2}}: {{3}}',
          footer: 'Trato',
          buttons: ['Sí', ''],
          variables: [
            { source: 'company', fallback: '' },
            { source: 'firstName', fallback: '' },
            { source: 'senderName', fallback: '' },
            { source: 'literal', fallback: '20 % de descuento' },
          ],
        },
        { fullName: 'Ana López', company: 'Maya', senderName: 'Carlos' },
      ),
    ).toEqual({
      header: 'Para Maya',
      body: 'Hola Ana, de Carlos: 20 % de descuento',
      footer: 'Trato',
      buttons: ['Sí'],
    });
  });

  it('reads a refusal: its reason, the refused field, the problems', () => {
    expect(
      templateRefusal({ details: { reason: 'template-invalid', problems: ['body-variables', 3] } }),
    ).toEqual({ key: 'reasons.template-invalid', field: null, problems: ['body-variables'] });
    expect(templateRefusal({ details: { reason: 'invalid-input', field: 'body' } }).field).toBe('body');
    expect(templateRefusal({ code: 'functions/internal' }).key).toBe('errors.server.unknown');
  });
});
