import * as yup from 'yup';
import { VALIDATION, fullNameField, usernameField } from '@/components/form/rules';
import { PASSWORD_MIN_LENGTH } from '../../utils/schemas';

/** What the invitation page does with a refusal from getInvitation / acceptInvitation. */
export interface InviteFailure {
  /** i18n key of the toast's text (with its namespace: `auth:…`, also the field's error). */
  key: string;
  /** Toast title key (`auth:…`): the spec's invitation messages are titles themselves. */
  title: string;
  /** Leave for / (the invitation cannot be used). */
  leave: boolean;
  /** A form field to mark. */
  field?: 'username';
}

/** Maps a callable refusal (code + details.reason) to the spec's messages. null = unexpected. */
export function inviteFailure(code: string | null, reason: string | null): InviteFailure | null {
  if (reason === 'expired') return { title: 'auth:invite.errors.expired', key: '', leave: true };
  if (reason === 'used' || reason === 'invalid' || code === 'not-found') {
    return { title: 'auth:invite.errors.invalid', key: '', leave: true };
  }
  if (reason === 'username-taken') {
    return {
      title: 'auth:toasts.error',
      key: 'auth:onboarding.usernameTaken',
      leave: false,
      field: 'username',
    };
  }
  if (reason === 'wrong-email')
    return { title: 'auth:toasts.error', key: 'auth:invite.errors.wrongEmail', leave: false };
  if (reason === 'organization-limit') {
    return { title: 'auth:toasts.error', key: 'auth:invite.errors.organizationLimit', leave: false };
  }
  return null;
}

export interface AcceptValues {
  fullName: string;
  username: string;
  password: string;
}

export const acceptSchema: yup.ObjectSchema<AcceptValues> = yup.object({
  fullName: fullNameField(),
  username: usernameField(),
  password: yup
    .string()
    .default('')
    .required(VALIDATION.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin),
});
