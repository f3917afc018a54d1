import { describe, expect, it } from 'vitest';
import { validateYupSchema, yupToFormErrors } from 'formik';
import type * as yup from 'yup';
import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import { initialSignUpValues, loginSchema, recoverySchema, signUpSchema, type SignUpValues } from './schemas';
import { VALIDATION } from '@/components/form/rules';

/** Field → message, exactly as Formik computes them (it turns '' into undefined first). */
async function errorsOf(schema: yup.AnySchema, values: object): Promise<Record<string, string>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>;
  }
}

const admin = (overrides: Partial<SignUpValues> = {}): SignUpValues => ({
  ...initialSignUpValues,
  email: 'ana@empresa.hn',
  password: 'secreto1',
  fullName: 'Ana López',
  username: 'ana_lopez',
  companyName: 'Café Aurora',
  ...overrides,
});

describe('validation messages', () => {
  it('are the spec wording in both languages', () => {
    expect(en.auth.validation.emailRequired).toBe('Email is required');
    expect(en.auth.validation.passwordRequired).toBe('Password is required');
    expect(en.auth.validation.nameRequired).toBe('Name is required');
    expect(en.auth.validation.companyRequired).toBe('Company name is required');
    expect(es.auth.validation.emailRequired).toBe('El email es obligatorio');
    expect(es.auth.validation.passwordRequired).toBe('La contraseña es obligatoria');
    expect(es.auth.validation.nameRequired).toBe('El nombre es obligatorio');
    expect(es.auth.validation.companyRequired).toBe('El nombre de la empresa es obligatorio');
    expect(es.auth.validation.username).toBe(
      'El usuario debe tener entre 3-20 caracteres (solo letras, números y guiones bajos)',
    );
    expect(en.auth.validation.username).toBe(
      'Username must be 3-20 characters (letters, numbers and underscores only)',
    );
    expect(es.auth.validation.resetEmail).toBe('Ingresa tu email');
  });

  it('every key used by the schemas exists in the catalogues', () => {
    for (const key of Object.values(VALIDATION)) {
      const field = key.split('.').pop() as keyof typeof es.auth.validation;
      expect(es.auth.validation[field], key).toBeTruthy();
      expect(en.auth.validation[field], key).toBeTruthy();
    }
  });
});

describe('loginSchema', () => {
  it('requires email and password', async () => {
    expect(await errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: VALIDATION.emailRequired,
      password: VALIDATION.passwordRequired,
    });
  });

  it('rejects a malformed email', async () => {
    expect(await errorsOf(loginSchema, { email: 'ana@', password: 'x' })).toEqual({
      email: VALIDATION.emailInvalid,
    });
  });

  it('accepts valid credentials (spaces around the email are fine)', async () => {
    expect(await errorsOf(loginSchema, { email: ' ana@empresa.hn ', password: 'x' })).toEqual({});
  });
});

describe('signUpSchema — Administrador', () => {
  it('is the default account type', () => {
    expect(initialSignUpValues.accountType).toBe('admin');
  });

  it('requires every field of an administrator', async () => {
    expect(await errorsOf(signUpSchema, initialSignUpValues)).toEqual({
      email: VALIDATION.emailRequired,
      password: VALIDATION.passwordRequired,
      fullName: VALIDATION.nameRequired,
      username: VALIDATION.username,
      companyName: VALIDATION.companyRequired,
    });
  });

  it('does not ask an administrator for an invitation link', async () => {
    expect(await errorsOf(signUpSchema, admin())).toEqual({});
  });

  it('checks the username length and characters', async () => {
    expect(await errorsOf(signUpSchema, admin({ username: 'ab' }))).toEqual({
      username: VALIDATION.username,
    });
    expect(await errorsOf(signUpSchema, admin({ username: 'a'.repeat(21) }))).toEqual({
      username: VALIDATION.username,
    });
    expect(await errorsOf(signUpSchema, admin({ username: 'Ana-Lopez' }))).toEqual({
      username: VALIDATION.username,
    });
    expect(await errorsOf(signUpSchema, admin({ username: 'abc' }))).toEqual({});
    expect(await errorsOf(signUpSchema, admin({ username: 'a'.repeat(20) }))).toEqual({});
    // Firestore's reserved ids (__x__) would crash the reservation on the server.
    expect(await errorsOf(signUpSchema, admin({ username: '__proto__' }))).toEqual({
      username: VALIDATION.username,
    });
  });

  it('treats a name of only spaces as missing', async () => {
    expect(await errorsOf(signUpSchema, admin({ fullName: '   ', companyName: ' ' }))).toEqual({
      fullName: VALIDATION.nameRequired,
      companyName: VALIDATION.companyRequired,
    });
  });

  it('asks for a password Firebase will accept', async () => {
    expect(await errorsOf(signUpSchema, admin({ password: '12345' }))).toEqual({
      password: VALIDATION.passwordMin,
    });
  });
});

describe('signUpSchema — Empleado', () => {
  const employee = (overrides: Partial<SignUpValues> = {}): SignUpValues => ({
    ...initialSignUpValues,
    accountType: 'employee',
    email: 'luis@empresa.hn',
    password: 'secreto1',
    inviteLink: 'https://app.trato.example/invite/abcdef123456',
    ...overrides,
  });

  it('requires the invitation link but not the administrator fields', async () => {
    expect(await errorsOf(signUpSchema, employee({ inviteLink: '' }))).toEqual({
      inviteLink: VALIDATION.inviteRequired,
    });
  });

  it('rejects a link without a token', async () => {
    expect(
      await errorsOf(signUpSchema, employee({ inviteLink: 'https://app.trato.example/dashboard' })),
    ).toEqual({
      inviteLink: VALIDATION.inviteInvalid,
    });
  });

  it('still requires email and password', async () => {
    expect(await errorsOf(signUpSchema, employee({ email: '', password: '' }))).toEqual({
      email: VALIDATION.emailRequired,
      password: VALIDATION.passwordRequired,
    });
  });

  it('accepts a complete employee sign-up', async () => {
    expect(await errorsOf(signUpSchema, employee())).toEqual({});
  });
});

describe('recoverySchema', () => {
  it("says 'Ingresa tu email' when the email is empty", async () => {
    expect(await errorsOf(recoverySchema, { email: '' })).toEqual({ email: VALIDATION.resetEmail });
    expect(await errorsOf(recoverySchema, { email: '   ' })).toEqual({ email: VALIDATION.resetEmail });
  });

  it('rejects a malformed email', async () => {
    expect(await errorsOf(recoverySchema, { email: 'ana' })).toEqual({ email: VALIDATION.emailInvalid });
  });
});
