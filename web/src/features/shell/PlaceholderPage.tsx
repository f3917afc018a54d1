import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import type en from '@/i18n/en.json';

export type PageKey = keyof typeof en.app.pages;

/** A titled page of the signed-in area whose screen is built in a later issue. */
export function PlaceholderPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const title = t(`app.pages.${page}`);
  useDocumentTitle(`${title} — Trato`);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        {title}
      </Typography>
      {id && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }} data-testid="record-id">
          {t('app.placeholder.recordId', { id })}
        </Typography>
      )}
      <Card sx={{ mt: 3 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
          <ConstructionRoundedIcon color="primary" aria-hidden="true" />
          <Typography sx={{ color: 'text.secondary' }}>{t('app.placeholder.body')}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
