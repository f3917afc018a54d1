import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES } from '@/i18n';

interface LanguageToggleProps {
  tone?: 'dark' | 'light';
  size?: 'small' | 'medium';
}

/** ES | EN switch; the choice is remembered in localStorage by the i18n module. */
export function LanguageToggle({ tone = 'dark', size = 'small' }: LanguageToggleProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'es';
  const light = tone === 'light';
  return (
    <ToggleButtonGroup
      value={current}
      exclusive
      size={size}
      aria-label={t('common.language.label')}
      onChange={(_event, value: unknown) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      sx={{
        bgcolor: light ? 'rgba(255,255,255,0.08)' : 'background.paper',
        '& .MuiToggleButton-root': {
          px: 1.25,
          py: 0.5,
          fontWeight: 700,
          fontSize: '0.8rem',
          lineHeight: 1.5,
          color: light ? 'rgba(255,255,255,0.85)' : 'text.secondary',
          borderColor: light ? 'rgba(255,255,255,0.3)' : 'divider',
          '&.Mui-selected': {
            color: light ? 'primary.dark' : 'primary.contrastText',
            bgcolor: light ? '#fff' : 'primary.main',
            '&:hover': { bgcolor: light ? '#fff' : 'primary.dark' },
          },
        },
      }}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          aria-label={t(`common.language.${language}`)}
          lang={language}
        >
          {t(language === 'es' ? 'common.language.esShort' : 'common.language.enShort')}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
