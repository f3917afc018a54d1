import * as yup from 'yup';
import { LIMITS, ROLES, type Role } from '@trato/model';
import { VALIDATION } from '@/components/form/rules';
import type { FullPermissionMap } from './permissionMatrix';

export interface InviteValues {
  email: string;
  role: Role;
  permissions: FullPermissionMap;
}

export const inviteSchema = yup.object({
  email: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.emailRequired)
    .max(LIMITS.email, 'errors.tooLong')
    .email(VALIDATION.emailInvalid),
  role: yup
    .mixed<Role>()
    .oneOf([...ROLES])
    .required(),
});

/** Spec section 5: the send button is disabled while the email is empty or a send is running. */
export function canSendInvite(email: string, sending: boolean): boolean {
  return email.trim().length > 0 && !sending;
}
