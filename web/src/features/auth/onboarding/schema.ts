import * as yup from 'yup';
import { LIMITS } from '@trato/model';
import { VALIDATION, fullNameField, usernameField } from '@/components/form/rules';

export interface OnboardingValues {
  fullName: string;
  username: string;
  companyName: string;
}

/** Finishing an organization: the Administrador sign-up fields beyond email and password. */
export const onboardingSchema: yup.ObjectSchema<OnboardingValues> = yup.object({
  fullName: fullNameField(),
  username: usernameField(),
  companyName: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.companyRequired)
    .max(LIMITS.orgName, 'errors.tooLong'),
});
