import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formFields, type FormFieldModes } from '@trato/model';

/** 'Publicado' / 'Borrador'. */
export function FormStatusChip({ published }: { published: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <Chip
      size="small"
      variant={published ? 'filled' : 'outlined'}
      color={published ? 'success' : 'default'}
      label={t(published ? 'forms.status.published' : 'forms.status.draft')}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The fields a form asks, in order: 'Nombre, Email, Mensaje (opcional)'. */
export function useFieldsSummary() {
  const { t } = useTranslation('marketing');
  return (form: FormFieldModes) =>
    formFields(form)
      .map(({ key, required }) => {
        const name = t(`forms.fieldNames.${key}`);
        return required ? name : t('forms.optionalField', { name });
      })
      .join(', ');
}
