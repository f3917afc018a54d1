import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Count } from '@/firebase/dataApi';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { PageHeader } from './PageHeader';

/** A list screen's title, its server count ('1,000+ registros') and, for who may create, 'Nuevo …'. */
export function ListPageHeader({
  title,
  total,
  newLabel,
  onCreate,
  extraActions,
}: {
  title: string;
  total: Count | null;
  newLabel: string;
  /** Absent when the member may not create. */
  onCreate?: () => void;
  /** Before 'Nuevo …' (the contacts and companies lists' 'Importar CSV' / 'Exportar CSV'). */
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <PageHeader
      title={title}
      subtitle={
        total !== null
          ? t('common.list.count', { count: total.value, shown: formatCount(total, language) })
          : undefined
      }
      actions={
        (extraActions || onCreate) && (
          <>
            {extraActions}
            {onCreate && (
              <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={onCreate}>
                {newLabel}
              </Button>
            )}
          </>
        )
      }
    />
  );
}
