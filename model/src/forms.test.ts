import { describe, expect, it } from 'vitest';

import {
  checkFormValues,
  consentFromForm,
  DEFAULT_FORM_FIELDS,
  formEmbedSnippet,
  formFields,
  formText,
  hasMarketingConsent,
  parsePublicFormKey,
  publicFormKey,
  FORM_FIELD_PROPS,
  type FormFieldModes,
} from './forms.js';
import { FORM_FIELD_PROP_KEYS } from './fields.js';

const ALL: FormFieldModes = {
  emailField: 'required',
  phoneField: 'optional',
  companyNameField: 'optional',
  jobTitleField: 'off',
  cityField: 'optional',
  countryField: 'off',
  messageField: 'optional',
};

describe('a form’s fields', () => {
  it('the contracts name the same mode keys', () => {
    expect([...FORM_FIELD_PROP_KEYS]).toEqual(FORM_FIELD_PROPS);
  });

  it('asks the name first, then the fields not off, in their order', () => {
    expect(formFields(DEFAULT_FORM_FIELDS)).toEqual([
      { key: 'name', required: true },
      { key: 'email', required: true },
      { key: 'message', required: false },
    ]);
    expect(formFields(ALL).map((f) => f.key)).toEqual([
      'name',
      'email',
      'phone',
      'companyName',
      'city',
      'message',
    ]);
  });
});

describe('checkFormValues', () => {
  it('trims, lower-cases the e-mail, and drops empty and unasked fields', () => {
    expect(
      checkFormValues(ALL, {
        name: '  Ana López ',
        email: ' Ana@Ejemplo.HN ',
        phone: '   ',
        jobTitle: 'CEO',
        city: 'Tegucigalpa',
        extra: 'x',
      }),
    ).toEqual({ ok: true, values: { name: 'Ana López', email: 'ana@ejemplo.hn', city: 'Tegucigalpa' } });
  });

  it('refuses a missing required field, an address that is not one, and a value too long', () => {
    expect(checkFormValues(ALL, { name: ' ', email: 'no-at-sign', city: 'x'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'required', email: 'email', city: 'tooLong' },
    });
    // Length in code points (an emoji is one), as the rules count.
    expect(checkFormValues(ALL, { name: '😀'.repeat(200), email: 'a@b.hn' }).ok).toBe(true);
    expect(checkFormValues(ALL, { name: 42, email: 'a@b.hn' })).toEqual({
      ok: false,
      errors: { name: 'required' },
    });
  });
});

describe('the public key', () => {
  it('joins and splits the organization and form ids', () => {
    const key = publicFormKey('Org123', 'Form456');
    expect(key).toBe('Org123-Form456');
    expect(parsePublicFormKey(key)).toEqual({ organizationId: 'Org123', formId: 'Form456' });
    for (const bad of ['', 'Org123', 'a-b-c', '../x-y', 'a/b-c', 42, null, `${'a'.repeat(65)}-b`])
      expect(parsePublicFormKey(bad)).toBeNull();
  });

  it('embeds as an iframe with the title escaped', () => {
    expect(formEmbedSnippet('https://app.trato.hn', 'o-f', 'A "quote" <b>')).toBe(
      '<iframe src="https://app.trato.hn/f/o-f?embed=1" title="A &#34;quote&#34; &#60;b&#62;" width="100%" height="640" style="border:0;max-width:560px" loading="lazy"></iframe>',
    );
  });

  it('speaks the visitor’s language, or the other one when only it is written', () => {
    expect(formText('Hola', 'Hello', 'en')).toBe('Hello');
    expect(formText('Hola', '  ', 'en')).toBe('Hola');
    expect(formText(null, undefined, 'es')).toBeNull();
  });
});

describe('consent', () => {
  it('lets marketing go to everyone unless the organization requires consent, then only to granted', () => {
    expect(hasMarketingConsent(false, null)).toBe(true);
    expect(hasMarketingConsent(undefined, 'withdrawn')).toBe(true);
    expect(hasMarketingConsent(true, 'granted')).toBe(true);
    for (const status of [null, undefined, 'pending', 'withdrawn'] as const)
      expect(hasMarketingConsent(true, status)).toBe(false);
  });

  it('records what a form’s ticked box means', () => {
    expect(consentFromForm(false, true, false, null)).toBeNull();
    expect(consentFromForm(true, false, false, null)).toBeNull();
    expect(consentFromForm(true, true, false, null)).toBe('granted');
    expect(consentFromForm(true, true, true, undefined)).toBe('pending');
    expect(consentFromForm(true, true, true, 'withdrawn')).toBe('pending');
    expect(consentFromForm(true, true, false, 'granted')).toBeNull();
  });
});
