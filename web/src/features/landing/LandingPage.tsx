import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { FeatureCards } from './components/FeatureCards';
import { Hero } from './components/Hero';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { PricingSection } from './components/PricingSection';

/** Public marketing page at "/". Kept free of Firebase so it loads fast. */
export default function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('meta.title'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <SkipLink />
      <LandingHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Hero />
        <FeatureCards />
        <PricingSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
