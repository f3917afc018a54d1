// A form's builder (issue 31): its values from a form, its checks (the model's name, consent texts,
// an https redirect, the e-mail asked with consent) and what it saves — every field of the
// contract, what was turned off cleared, and a document the rules accept.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, documentSchemas, FIELD_CONTRACTS, type Form } from '@trato/model';
import {
  DEFAULT_CONSENT_TEXT,
  formBuilderSchema,
  formBuilderValues,
  formWrite,
  type FormBuilderValues,
} from './forms';

const names = { listName: 'Feria', sequenceName: 'Bienvenida' };
const errorsOf = (values: object) => {
  try {
    formBuilderSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    // The first message of each field, as Formik shows it.
    const { inner } = error as { inner: { path: string; message: string }[] };
    return Object.fromEntries(inner.reverse().map((e) => [e.path, e.message]));
  }
};

describe('formBuilderValues', () => {
  it('a new form: name and e-mail required, a message optional, consent offered in both languages', () => {
    const values = formBuilderValues(null);
    expect(values).toMatchObject({
      ...DEFAULT_FORM_FIELDS,
      name: '',
      published: false,
      askConsent: true,
      consentTextEs: DEFAULT_CONSENT_TEXT.es,
      consentTextEn: DEFAULT_CONSENT_TEXT.en,
      doubleOptIn: false,
      afterSend: 'thanks',
      listId: null,
      sequenceId: null,
      notifyUid: null,
    });
  });

  it('an existing form: its choices, a redirect, and the default texts when it asks no consent', () => {
    const form = {
      name: 'Contacto',
      published: true,
      ...DEFAULT_FORM_FIELDS,
      phoneField: 'required',
      doubleOptIn: false,
      consentTextEs: null,
      consentTextEn: null,
      redirectUrl: 'https://acme.hn/gracias',
      listId: 'l1',
    } as Partial<Form<unknown>>;
    expect(formBuilderValues(form)).toMatchObject({
      name: 'Contacto',
      published: true,
      phoneField: 'required',
      askConsent: false,
      consentTextEs: DEFAULT_CONSENT_TEXT.es,
      afterSend: 'redirect',
      redirectUrl: 'https://acme.hn/gracias',
      listId: 'l1',
    });
  });
});

describe('formBuilderSchema', () => {
  const valid = { ...formBuilderValues(null), name: 'Contacto' };

  it('accepts a new form once named', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, name: '  ' })).toEqual({ name: 'errors.required' });
  });

  it('asks the consent texts when consent is asked, and the e-mail with it', () => {
    expect(errorsOf({ ...valid, consentTextEs: ' ', emailField: 'off' })).toEqual({
      consentTextEs: 'errors.required',
      emailField: 'marketing:forms.form.emailForConsent',
    });
    expect(errorsOf({ ...valid, askConsent: false, consentTextEs: '', emailField: 'off' })).toEqual({});
    expect(errorsOf({ ...valid, consentTextEn: 'x'.repeat(1001) })).toEqual({
      consentTextEn: 'errors.tooLong',
    });
  });

  it('a redirect needs a secure address', () => {
    const redirect = { ...valid, afterSend: 'redirect' };
    expect(errorsOf({ ...redirect, redirectUrl: '' })).toEqual({ redirectUrl: 'errors.required' });
    expect(errorsOf({ ...redirect, redirectUrl: 'acme.hn' })).toMatchObject({ redirectUrl: 'errors.url' });
    expect(errorsOf({ ...redirect, redirectUrl: 'http://acme.hn' })).toEqual({
      redirectUrl: 'marketing:forms.form.httpsOnly',
    });
    expect(errorsOf({ ...redirect, redirectUrl: 'https://acme.hn/gracias' })).toEqual({});
    // Thanks: the address is not looked at.
    expect(errorsOf({ ...valid, redirectUrl: 'acme.hn' })).toEqual({});
  });
});

describe('formWrite', () => {
  const values: FormBuilderValues = {
    ...formBuilderValues(null),
    name: ' Contacto web ',
    phoneField: 'optional',
    doubleOptIn: true,
    thankYouEs: ' ¡Gracias! ',
    thankYouEn: '',
    redirectUrl: 'https://acme.hn/stale',
    listId: 'l1',
    sequenceId: 's1',
    notifyUid: 'u2',
  };

  it('writes every field of the contract, names with their ids, a document the rules accept', () => {
    const data = formWrite(values, names);
    expect(data).toEqual({
      name: 'Contacto web',
      published: false,
      ...DEFAULT_FORM_FIELDS,
      phoneField: 'optional',
      consentTextEs: DEFAULT_CONSENT_TEXT.es,
      consentTextEn: DEFAULT_CONSENT_TEXT.en,
      doubleOptIn: true,
      thankYouEs: '¡Gracias!',
      thankYouEn: null,
      // Thanks chosen: no redirect.
      redirectUrl: null,
      listId: 'l1',
      listName: 'Feria',
      sequenceId: 's1',
      sequenceName: 'Bienvenida',
      notifyUid: 'u2',
    });
    const contract = FIELD_CONTRACTS.forms;
    expect(Object.keys(data).sort()).toEqual(
      [...contract.required, ...contract.optional]
        .filter((key) => !['createdAt', 'createdBy', 'updatedAt'].includes(key))
        .sort(),
    );
    expect(documentSchemas.forms.isValidSync(data, { strict: true })).toBe(true);
  });

  it('clears what was turned off: consent (and double opt-in), the thanks for a redirect, the follow-ups', () => {
    const data = formWrite(
      {
        ...values,
        askConsent: false,
        afterSend: 'redirect',
        redirectUrl: ' https://acme.hn/gracias ',
        listId: null,
        sequenceId: '',
        notifyUid: null,
      },
      names,
    );
    expect(data).toMatchObject({
      consentTextEs: null,
      consentTextEn: null,
      doubleOptIn: false,
      thankYouEs: null,
      thankYouEn: null,
      redirectUrl: 'https://acme.hn/gracias',
      listId: null,
      listName: null,
      sequenceId: null,
      sequenceName: null,
      notifyUid: null,
    });
    expect(documentSchemas.forms.isValidSync(data, { strict: true })).toBe(true);
  });
});
