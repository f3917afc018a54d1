import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface RecordTab {
  key: string;
  label: ReactNode;
  /** Rendered only while its tab is open (its queries run only then). */
  render: () => ReactNode;
}

/** A detail page's tabs; the open one is in the address (?tab=notas), the first by default. */
export function RecordTabs({ tabs, label }: { tabs: RecordTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  const select = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <Box>
      <Tabs
        value={current.key}
        onChange={(_event, key: string) => select(key)}
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={`tab-${tab.key}`}
            aria-controls={`tabpanel-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`tabpanel-${current.key}`} aria-labelledby={`tab-${current.key}`}>
        {current.render()}
      </Box>
    </Box>
  );
}
