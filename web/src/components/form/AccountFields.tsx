import AlternateEmailRoundedIcon from '@mui/icons-material/AlternateEmailRounded';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { normalizeUsernameInput, USERNAME_MAX_LENGTH } from '@trato/model';
import { FormTextField } from './FormTextField';

/** The Formik `fullName` field of sign-up, onboarding, the invitation page and Perfil. */
export function FullNameField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      name="fullName"
      label={t('auth.fields.fullName')}
      autoComplete="name"
      required
      disabled={disabled}
    />
  );
}

/**
 * The Formik `username` field of sign-up, onboarding and the invitation page: lower-cased and
 * filtered as typed; the input accepts a few extra characters so the filter, not the browser,
 * decides what is kept from a paste.
 */
export function UsernameField({
  disabled,
  placeholder = true,
}: {
  disabled: boolean;
  placeholder?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormTextField
      name="username"
      label={t('auth.fields.username')}
      placeholder={placeholder ? t('auth.fields.usernamePlaceholder') : undefined}
      helperText={t('auth.fields.usernameHelp')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      disabled={disabled}
      transform={normalizeUsernameInput}
      slotProps={{
        htmlInput: { maxLength: USERNAME_MAX_LENGTH + 10 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <AlternateEmailRoundedIcon fontSize="small" aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
