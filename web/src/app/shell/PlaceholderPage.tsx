import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PageTitleKey } from '../sections';

/** A titled page of the registry whose screen is built in a later issue. */
export function PlaceholderPage({ title }: { title: PageTitleKey }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        {t(`app.pages.${title}`)}
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
