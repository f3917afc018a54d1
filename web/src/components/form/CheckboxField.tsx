import { CheckboxLabel } from './CheckboxLabel';
import { useFieldState } from './fieldState';

/** A yes/no field bound to Formik (e.g. "Es cliente"). */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const { field, helpers } = useFieldState<boolean>(name);
  return (
    <CheckboxLabel
      id={`field-${name}`}
      name={name}
      checked={Boolean(field.value)}
      onChange={(checked) => void helpers.setValue(checked)}
      label={label}
    />
  );
}
