import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isLanguage, SUPPORTED_LANGUAGES, type Language } from '@/i18n';

/**
 * ES | EN switch; the choice is remembered in localStorage by the i18n module. Two toggle buttons
 * (aria-pressed) in a labelled group, drawn like MUI's ToggleButtonGroup: the shell and the
 * public pages show it, and MUI's group with its roving focus would add ~4 KB to each of them.
 */
export function LanguageToggle({
  onChange = (language) => void chooseLanguage(language),
}: {
  /** What a choice does: by default the screen's language; signed in, the profile's too. */
  onChange?: (language: Language) => void;
}) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'es';
  return (
    <Box
      role="group"
      aria-label={t('common.language.label')}
      sx={{
        display: 'inline-flex',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      {SUPPORTED_LANGUAGES.map((language, i) => {
        const selected = language === current;
        const short = t(language === 'es' ? 'common.language.esShort' : 'common.language.enShort');
        return (
          <ButtonBase
            key={language}
            aria-pressed={selected}
            // 'ES (Español)': the name starts with what the button shows (WCAG 2.5.3).
            aria-label={t('common.language.button', { short, name: t(`common.language.${language}`) })}
            lang={language}
            onClick={() => {
              if (!selected) onChange(language);
            }}
            sx={{
              px: 1.25,
              py: 0.5,
              fontWeight: 700,
              fontSize: '0.8rem',
              lineHeight: 1.5,
              border: 1,
              borderColor: 'divider',
              // One shared border between the two, as in a button group.
              ...(i > 0 && { ml: '-1px' }),
              borderRadius: i === 0 ? '4px 0 0 4px' : '0 4px 4px 0',
              color: selected ? 'primary.contrastText' : 'text.secondary',
              bgcolor: selected ? 'primary.main' : 'transparent',
              '&:hover': { bgcolor: selected ? 'primary.dark' : 'action.hover' },
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {short}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
