import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** 'Eliminar' at the left of an edit dialog's actions. */
export function DeleteAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button color="error" onClick={onClick}>
      {t('common.actions.delete')}
    </Button>
  );
}
