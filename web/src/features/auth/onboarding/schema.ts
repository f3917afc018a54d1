import type { FormikErrors } from 'formik';
import { LIMITS, USERNAME_PATTERN } from '@trato/model';
import type { ValidationKey } from '@/components/form/rules';

export interface OnboardingValues {
  fullName: string;
  username: string;
  companyName: string;
}

// The keys of components/form/rules' VALIDATION, spelled out (and checked against it by type):
// importing the module itself would bring yup along.
const NAME_REQUIRED: ValidationKey = 'auth.validation.nameRequired';
const USERNAME: ValidationKey = 'auth.validation.username';
const COMPANY_REQUIRED: ValidationKey = 'auth.validation.companyRequired';
const TOO_LONG = 'errors.tooLong';

/**
 * Finishing an organization: the Administrador sign-up fields beyond email and password, with the
 * rules and messages of components/form/rules (fullNameField, usernameField) and of the sign-up's
 * company name. Formik's `validate`, not a yup schema: the shell loads this step (in place of the
 * app, for accounts without an organization), so what it imports weighs on every signed-in
 * route, and nothing else there needs yup (~12 KB gzip).
 */
export function validateOnboarding(values: OnboardingValues): FormikErrors<OnboardingValues> {
  const errors: FormikErrors<OnboardingValues> = {};
  const fullName = values.fullName.trim();
  if (!fullName) errors.fullName = NAME_REQUIRED;
  else if (fullName.length > LIMITS.fullName) errors.fullName = TOO_LONG;
  if (!USERNAME_PATTERN.test(values.username)) errors.username = USERNAME;
  const companyName = values.companyName.trim();
  if (!companyName) errors.companyName = COMPANY_REQUIRED;
  else if (companyName.length > LIMITS.orgName) errors.companyName = TOO_LONG;
  return errors;
}
