import * as yup from 'yup';
import { LIMITS } from '@trato/model';
import { parseInviteToken } from './inviteToken';
import { USERNAME_PATTERN } from './username';

/** Validation messages are i18n keys, translated when shown (so they follow a language switch). */
export const VALIDATION = {
  emailRequired: 'auth.validation.emailRequired',
  emailInvalid: 'auth.validation.emailInvalid',
  passwordRequired: 'auth.validation.passwordRequired',
  passwordMin: 'auth.validation.passwordMin',
  nameRequired: 'auth.validation.nameRequired',
  companyRequired: 'auth.validation.companyRequired',
  username: 'auth.validation.username',
  inviteRequired: 'auth.validation.inviteRequired',
  inviteInvalid: 'auth.validation.inviteInvalid',
  resetEmail: 'auth.validation.resetEmail',
} as const;

export type ValidationKey = (typeof VALIDATION)[keyof typeof VALIDATION];

/** Firebase Auth refuses shorter passwords; say so before the round trip. */
export const PASSWORD_MIN_LENGTH = 6;

export type AccountType = 'admin' | 'employee';
export const DEFAULT_ACCOUNT_TYPE: AccountType = 'admin';

export interface LoginValues {
  email: string;
  password: string;
}

export interface SignUpValues {
  accountType: AccountType;
  email: string;
  password: string;
  fullName: string;
  username: string;
  companyName: string;
  inviteLink: string;
}

export interface RecoveryValues {
  email: string;
}

export const initialLoginValues: LoginValues = { email: '', password: '' };
export const initialSignUpValues: SignUpValues = {
  accountType: DEFAULT_ACCOUNT_TYPE,
  email: '',
  password: '',
  fullName: '',
  username: '',
  companyName: '',
  inviteLink: '',
};
export const initialRecoveryValues: RecoveryValues = { email: '' };

// Formik turns empty strings into undefined before validating, so every field
// has a '' default and "missing" is always reported by `required`.
/** Full name as the profile keeps it (onboarding, invitation, Perfil). */
export const fullNameField = () =>
  yup.string().trim().default('').required(VALIDATION.nameRequired).max(LIMITS.fullName, 'errors.tooLong');

/** A username to reserve: 3-20 lower-case letters, digits or underscores. */
export const usernameField = () =>
  yup.string().default('').required(VALIDATION.username).matches(USERNAME_PATTERN, VALIDATION.username);

const email = () =>
  yup.string().trim().default('').required(VALIDATION.emailRequired).email(VALIDATION.emailInvalid);

export const loginSchema: yup.ObjectSchema<LoginValues> = yup.object({
  email: email(),
  password: yup.string().default('').required(VALIDATION.passwordRequired),
});

const isAdmin = (type: unknown) => type === 'admin';
const isEmployee = (type: unknown) => type === 'employee';

export const signUpSchema: yup.ObjectSchema<SignUpValues> = yup.object({
  accountType: yup.mixed<AccountType>().oneOf(['admin', 'employee']).required(),
  email: email(),
  password: yup
    .string()
    .default('')
    .required(VALIDATION.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin),
  fullName: yup
    .string()
    .trim()
    .default('')
    .when('accountType', { is: isAdmin, then: (schema) => schema.required(VALIDATION.nameRequired) }),
  username: yup
    .string()
    .default('')
    .when('accountType', {
      is: isAdmin,
      then: (schema) => schema.required(VALIDATION.username).matches(USERNAME_PATTERN, VALIDATION.username),
    }),
  companyName: yup
    .string()
    .trim()
    .default('')
    .when('accountType', { is: isAdmin, then: (schema) => schema.required(VALIDATION.companyRequired) }),
  inviteLink: yup
    .string()
    .trim()
    .default('')
    .when('accountType', {
      is: isEmployee,
      then: (schema) =>
        schema
          .required(VALIDATION.inviteRequired)
          .test('invite-token', VALIDATION.inviteInvalid, (value) => parseInviteToken(value ?? '') !== null),
    }),
});

export const recoverySchema: yup.ObjectSchema<RecoveryValues> = yup.object({
  email: yup.string().trim().default('').required(VALIDATION.resetEmail).email(VALIDATION.emailInvalid),
});
