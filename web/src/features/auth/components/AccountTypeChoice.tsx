import BadgeRoundedIcon from '@mui/icons-material/BadgeRounded';
import GroupAddRoundedIcon from '@mui/icons-material/GroupAddRounded';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../utils/schemas';

const OPTIONS: {
  value: AccountType;
  icon: ReactNode;
  label: 'admin' | 'employee';
  hint: 'adminHint' | 'employeeHint';
}[] = [
  { value: 'admin', icon: <BadgeRoundedIcon />, label: 'admin', hint: 'adminHint' },
  { value: 'employee', icon: <GroupAddRoundedIcon />, label: 'employee', hint: 'employeeHint' },
];

/** Administrador (default) or Empleado, as two selectable cards backed by real radio buttons. */
export function AccountTypeChoice({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('auth');
  const [field] = useField<AccountType>('accountType');
  const { values, resetForm } = useFormikContext<Record<string, unknown>>();
  // Switching type shows other fields: keep what was typed, but start the new form unscolded
  // (errors of an earlier empty submit must not land on fields never touched).
  const choose = (value: AccountType) => resetForm({ values: { ...values, accountType: value } });
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {t('signup.accountType')}
      </FormLabel>
      <RadioGroup
        name="accountType"
        value={field.value}
        onChange={(_event, value) => choose(value as AccountType)}
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25 }}
      >
        {OPTIONS.map((option) => {
          const selected = field.value === option.value;
          const id = `account-type-${option.value}`;
          return (
            <Box
              key={option.value}
              component="label"
              htmlFor={id}
              sx={{
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                p: 1.5,
                pr: 4,
                borderRadius: 3,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'rgba(67,56,202,0.05)' : 'background.paper',
                cursor: disabled ? 'default' : 'pointer',
                transition: 'border-color .15s, background-color .15s',
                '&:hover': { borderColor: disabled ? undefined : 'primary.light' },
                '&:focus-within': { outline: '3px solid rgba(99,102,241,0.35)', outlineOffset: 1 },
              }}
            >
              <Box
                sx={{ color: selected ? 'primary.main' : 'text.secondary', display: 'flex' }}
                aria-hidden="true"
              >
                {option.icon}
              </Box>
              <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }} id={`${id}-label`}>
                {t(`signup.${option.label}`)}
              </Typography>
              <Typography
                variant="caption"
                sx={{ color: 'text.secondary', lineHeight: 1.35 }}
                id={`${id}-hint`}
              >
                {t(`signup.${option.hint}`)}
              </Typography>
              <Radio
                id={id}
                value={option.value}
                size="small"
                slotProps={{ input: { 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-hint` } }}
                sx={{ position: 'absolute', top: 4, right: 4 }}
              />
            </Box>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
