import * as yup from 'yup';
import { LIMITS, USERNAME_PATTERN } from '@trato/model';
import { VALIDATION } from '@/features/auth/utils/schemas';

export interface OnboardingValues {
  fullName: string;
  username: string;
  companyName: string;
}

/** Finishing an organization: the Administrador sign-up fields beyond email and password. */
export const onboardingSchema: yup.ObjectSchema<OnboardingValues> = yup.object({
  fullName: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.nameRequired)
    .max(LIMITS.fullName, 'errors.tooLong'),
  username: yup
    .string()
    .default('')
    .required(VALIDATION.username)
    .matches(USERNAME_PATTERN, VALIDATION.username),
  companyName: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.companyRequired)
    .max(LIMITS.orgName, 'errors.tooLong'),
});
