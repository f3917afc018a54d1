import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '@/firebase/dataApi';
import { formatCount } from '@/i18n/format';
import type { Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';

/** "1–25 de 120", "1–25 de 1,000+" (a capped count), or "de más de 25" while counting. */
export function rangeLabel(
  list: Pick<PagedList<unknown>, 'page' | 'pageSize' | 'rows' | 'total'>,
  language: Language,
  t: (
    key: 'common.list.range' | 'common.list.rangeUnknown',
    values: Record<string, number | string>,
  ) => string,
): string {
  const from = list.rows.length ? list.page * list.pageSize + 1 : 0;
  const to = list.page * list.pageSize + list.rows.length;
  return list.total === null
    ? t('common.list.rangeUnknown', { from, to })
    : t('common.list.range', { from, to, total: formatCount(list.total, language) });
}

/** The range and previous / next page buttons under a list: DataList's table and cards, timelines. */
export function Pager({ list }: { list: PagedList<unknown> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {rangeLabel(list, language, t)}
      </Typography>
      <IconButton onClick={list.previous} disabled={!list.hasPrevious} aria-label={t('common.list.previous')}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <IconButton onClick={list.next} disabled={!list.hasNext} aria-label={t('common.list.next')}>
        <ChevronRightRoundedIcon />
      </IconButton>
    </Stack>
  );
}
