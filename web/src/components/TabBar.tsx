import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarItem<K extends string> {
  value: K;
  label: ReactNode;
  /** The tab's id (its panel is labelled by it). */
  id: string;
  /** The id of the panel the tab shows. */
  controls: string;
}

/** One tab's look (also the marketing hub's links, drawn as tabs): the open one underlined. */
export function tabSx(theme: Theme, selected: boolean, fullWidth = false) {
  return {
    ...theme.typography.button,
    flex: fullWidth ? 1 : 'none',
    minHeight: 48,
    minWidth: 90,
    px: 2,
    whiteSpace: 'nowrap',
    color: selected ? 'primary.main' : 'text.secondary',
    borderBottom: 2,
    borderColor: selected ? 'primary.main' : 'transparent',
    // The underline sits on the row's own border.
    mb: '-1px',
    '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  } as const;
}

/**
 * A row of tabs with MUI's look (the theme's button text, a primary underline on the open one) and
 * the ARIA tabs pattern: one Tab stop, arrow keys, Home and End move between tabs and open them.
 * Scrolls sideways on a phone. MUI's Tabs measures and animates its indicator and scroll buttons
 * (~5.5 KB of gzip); the record pages could not carry it within their 450 KB (issue 29).
 */
export function TabBar<K extends string>({
  tabs,
  value,
  onChange,
  label,
  fullWidth,
}: {
  tabs: TabBarItem<K>[];
  value: K;
  onChange: (value: K) => void;
  label: string;
  /** The tabs share the row equally (the sign-in card). */
  fullWidth?: boolean;
}) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onChange(tabs[target].value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      sx={{
        display: 'flex',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            id={tab.id}
            aria-selected={selected}
            aria-controls={tab.controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            sx={(theme) => tabSx(theme, selected, fullWidth)}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
