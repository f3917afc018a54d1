import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TabBar } from '@/components/TabBar';
import type { SettingsTab } from '../utils/settingsTabs';

/** Ajustes' title and its tab row (the tab panel below is `settings-panel`). */
export function SettingsHeader({
  tab,
  tabs,
  onSelect,
}: {
  tab: SettingsTab;
  tabs: SettingsTab[];
  onSelect: (tab: SettingsTab) => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 2 }}>
        {tc('app.pages.settings')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <TabBar
          value={tab}
          onChange={onSelect}
          label={t('tabs.label')}
          tabs={tabs.map((key) => ({
            value: key,
            label: t(`tabs.${key}`),
            id: `settings-tab-${key}`,
            controls: 'settings-panel',
          }))}
        />
      </Box>
    </>
  );
}
