import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { PageTitleKey } from '../sections';

/** What a route of the registry carries: its page title (app.pages.*). */
export interface RouteTitleHandle {
  title: PageTitleKey;
}

function isTitleHandle(handle: unknown): handle is RouteTitleHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The deepest matched route's title, or null outside the registry. */
export function useRouteTitleKey(): PageTitleKey | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isTitleHandle(handle)) return handle.title;
  }
  return null;
}

/**
 * Sets the tab title from the registry (announced by screen readers on navigation). Rendered
 * before the page, so a page that sets a more specific title (a record's name) wins.
 */
export function RouteTitle() {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  const title = key ? `${t(`app.pages.${key}`)} — Trato` : 'Trato';
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
