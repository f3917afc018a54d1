import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useFieldState } from './fieldState';

/** A yes/no field bound to Formik (e.g. "Es cliente"). */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const { field, helpers } = useFieldState<boolean>(name);
  return (
    <FormControlLabel
      control={
        <Checkbox
          id={`field-${name}`}
          name={name}
          checked={Boolean(field.value)}
          onChange={(event) => void helpers.setValue(event.target.checked)}
        />
      }
      label={label}
    />
  );
}
