/** Validation rules shared by the account forms (sign-up, onboarding, invitation, Perfil) and Equipo. */
import * as yup from 'yup';
import { LIMITS, USERNAME_PATTERN } from '@trato/model';

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

// Formik turns empty strings into undefined before validating, so every field
// has a '' default and "missing" is always reported by `required`.
/** Full name as the profile keeps it (onboarding, invitation, Perfil). */
export const fullNameField = () =>
  yup.string().trim().default('').required(VALIDATION.nameRequired).max(LIMITS.fullName, 'errors.tooLong');

/** A username to reserve: 3-20 lower-case letters, digits or underscores. */
export const usernameField = () =>
  yup.string().default('').required(VALIDATION.username).matches(USERNAME_PATTERN, VALIDATION.username);
