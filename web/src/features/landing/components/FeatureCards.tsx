import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import ContactsRoundedIcon from '@mui/icons-material/ContactsRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FeatureKey = 'contacts' | 'tasks' | 'automation';

const FEATURES: { key: FeatureKey; icon: ReactNode; tint: string; color: string }[] = [
  { key: 'contacts', icon: <ContactsRoundedIcon />, tint: 'rgba(67,56,202,0.1)', color: '#4338CA' },
  { key: 'tasks', icon: <TaskAltRoundedIcon />, tint: 'rgba(15,118,110,0.1)', color: '#0F766E' },
  { key: 'automation', icon: <AutoAwesomeRoundedIcon />, tint: 'rgba(190,24,93,0.09)', color: '#BE185D' },
];

export function FeatureCards() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="funciones"
      aria-labelledby="features-title"
      sx={{ py: { xs: 7, md: 11 }, scrollMarginTop: 72 }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography
            id="features-title"
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mb: 1.5 }}
          >
            {t('features.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '1.1rem' }}>
            {t('features.subtitle')}
          </Typography>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            gap: 3,
          }}
        >
          {FEATURES.map((feature) => (
            <Box component="li" key={feature.key} sx={{ display: 'flex' }}>
              <Card
                sx={{
                  flex: 1,
                  transition: 'transform .2s, box-shadow .2s',
                  '&:hover': { transform: 'translateY(-3px)' },
                }}
              >
                <CardContent sx={{ p: { xs: 3, md: 3.5 } }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: 3,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: feature.tint,
                      color: feature.color,
                      mb: 2.5,
                    }}
                  >
                    {feature.icon}
                  </Box>
                  <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                    {t(`features.${feature.key}.title`)}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>
                    {t(`features.${feature.key}.body`)}
                  </Typography>
                </CardContent>
              </Card>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
