import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { sectionHref } from '@/app/sections';
import { tabSx } from '@/components/TabBar';

const PAGES = [
  { key: 'sequences', href: sectionHref('marketing') },
  { key: 'lists', href: sectionHref('marketing', { page: 'listas' }) },
  { key: 'campaigns', href: sectionHref('marketing', { page: 'campanas' }) },
  { key: 'forms', href: sectionHref('marketing', { page: 'formularios' }) },
  { key: 'whatsapp', href: sectionHref('marketing', { page: 'whatsapp' }) },
] as const;

/** Which of the hub's pages a path is under (a list's, a campaign's, a form's page: under its list). */
export function hubPageOf(pathname: string): (typeof PAGES)[number]['key'] {
  const under = PAGES.slice(1).find((page) => pathname === page.href || pathname.startsWith(`${page.href}/`));
  return under?.key ?? 'sequences';
}

/**
 * The marketing hub's row, 'Secuencias | Listas | Campañas | Formularios | Plantillas WhatsApp': links (each page has its
 * address), drawn as the record pages' tabs (components/TabBar.tsx `tabSx`), the open one marked as
 * the current page. Scrolls sideways on a narrow phone.
 */
export function MarketingTabs() {
  const { t } = useTranslation('marketing');
  const current = hubPageOf(useLocation().pathname);
  return (
    <Box
      component="nav"
      aria-label={t('hub.label')}
      sx={{
        display: 'flex',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        borderBottom: 1,
        borderColor: 'divider',
        mb: { xs: 2, sm: 3 },
      }}
    >
      {PAGES.map((page) => {
        const selected = page.key === current;
        return (
          <ButtonBase
            key={page.key}
            component={RouterLink}
            to={page.href}
            aria-current={selected ? 'page' : undefined}
            sx={(theme) => tabSx(theme, selected)}
          >
            {t(`hub.${page.key}`)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
