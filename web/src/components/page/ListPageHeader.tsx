import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
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
}: {
  title: string;
  total: Count | null;
  newLabel: string;
  /** Absent when the member may not create. */
  onCreate?: () => void;
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
        onCreate && (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={onCreate}>
            {newLabel}
          </Button>
        )
      }
    />
  );
}
