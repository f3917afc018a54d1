import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES } from '@/i18n';

interface LanguageToggleProps {
  tone?: 'dark' | 'light';
  size?: 'small' | 'medium';
}

/**
 * ES | EN switch; the choice is remembered in localStorage by the i18n module. Two toggle buttons
 * (aria-pressed) in a labelled group, drawn like MUI's ToggleButtonGroup: the shell and the
 * public pages show it, and MUI's group with its roving focus would add ~4 KB to each of them.
 */
export function LanguageToggle({ tone = 'dark', size = 'small' }: LanguageToggleProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'es';
  const light = tone === 'light';
  const border = light ? 'rgba(255,255,255,0.3)' : 'divider';
  return (
    <Box
      role="group"
      aria-label={t('common.language.label')}
      sx={{
        display: 'inline-flex',
        borderRadius: 1,
        bgcolor: light ? 'rgba(255,255,255,0.08)' : 'background.paper',
      }}
    >
      {SUPPORTED_LANGUAGES.map((language, i) => {
        const selected = language === current;
        return (
          <ButtonBase
            key={language}
            aria-pressed={selected}
            aria-label={t(`common.language.${language}`)}
            lang={language}
            onClick={() => {
              if (!selected) void changeLanguage(language);
            }}
            sx={{
              px: 1.25,
              py: size === 'small' ? 0.5 : 0.875,
              fontWeight: 700,
              fontSize: '0.8rem',
              lineHeight: 1.5,
              border: 1,
              borderColor: border,
              // One shared border between the two, as in a button group.
              ...(i > 0 && { ml: '-1px' }),
              borderRadius: i === 0 ? '4px 0 0 4px' : '0 4px 4px 0',
              color: selected
                ? light
                  ? 'primary.dark'
                  : 'primary.contrastText'
                : light
                  ? 'rgba(255,255,255,0.85)'
                  : 'text.secondary',
              bgcolor: selected ? (light ? '#fff' : 'primary.main') : 'transparent',
              '&:hover': {
                bgcolor: selected ? (light ? '#fff' : 'primary.dark') : 'action.hover',
              },
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {t(language === 'es' ? 'common.language.esShort' : 'common.language.enShort')}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
