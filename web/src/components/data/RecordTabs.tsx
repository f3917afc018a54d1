import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabBar } from '@/components/TabBar';

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
      <Box sx={{ mb: 2.5 }}>
        <TabBar
          value={current.key}
          onChange={select}
          label={label}
          tabs={tabs.map((tab) => ({
            value: tab.key,
            label: tab.label,
            id: `tab-${tab.key}`,
            controls: `tabpanel-${tab.key}`,
          }))}
        />
      </Box>
      <Box role="tabpanel" id={`tabpanel-${current.key}`} aria-labelledby={`tab-${current.key}`}>
        {current.render()}
      </Box>
    </Box>
  );
}
