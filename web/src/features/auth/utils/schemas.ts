import * as yup from 'yup';
import { parseInviteToken } from './inviteToken';
import { USERNAME_PATTERN } from '@trato/model';
import { VALIDATION } from '@/components/form/rules';

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
