import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { LANGUAGE_STORAGE_KEY, type FeatureNamespace } from '@/i18n';
import { routes } from './routes';
import { SECTIONS } from './sections';

/** Forgets the feature namespaces, so a route's lazy() must load what it needs itself. */
function unloadNamespaces() {
  for (const [language, namespaces] of Object.entries(i18n.store.data)) {
    for (const namespace of Object.keys(namespaces)) {
      if (namespace !== 'translation') i18n.removeResourceBundle(language, namespace);
    }
  }
  const state = (i18n.services.backendConnector as unknown as { state: Record<string, number> }).state;
  for (const name of Object.keys(state)) if (!name.endsWith('|translation')) delete state[name];
}

function find(tree: RouteObject[], path: string): RouteObject | undefined {
  for (const route of tree) {
    if (route.path === path) return route;
    const found = route.children && find(route.children, path);
    if (found) return found;
  }
  return undefined;
}

afterEach(unloadNamespaces);

describe('routes outside the registry', () => {
  const cases: [string, string | undefined, FeatureNamespace][] = [
    ['the landing page', undefined, 'landing'],
    ['/auth', 'auth', 'auth'],
    ['/invite/:token', 'invite/:token', 'auth'],
    ['/auth/:provider/callback', 'auth/:provider/callback', 'settings'],
    ['/onboarding', '/onboarding', 'auth'],
    ['/f/:formKey', 'f/:formKey', 'publicForm'],
  ];

  it.each(cases)('%s loads its texts with its screen (no raw keys)', async (_name, path, namespace) => {
    unloadNamespaces();
    const route = path ? find(routes, path) : routes[0].children?.find((child) => child.index);
    expect(i18n.hasLoadedNamespace(namespace)).toBe(false);
    const lazy = route?.lazy;
    expect(typeof lazy).toBe('function');
    const loaded = await (lazy as () => Promise<{ Component?: unknown }>)();
    expect(typeof loaded.Component).toBe('function');
    expect(i18n.hasLoadedNamespace(namespace)).toBe(true);
  });
});

describe('the public form page', () => {
  it("opens in the visitor's language (?lang, else the browser's) without storing it, outside the Firebase root", async () => {
    const route = find(routes, 'f/:formKey')!;
    expect(routes[0].children).toContain(route);
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    await i18n.changeLanguage('es');
    window.history.replaceState(null, '', '/f/org1-form1?lang=en');
    try {
      await (route.lazy as () => Promise<unknown>)();
      expect(i18n.language).toBe('en');
      expect(i18n.hasLoadedNamespace('publicForm')).toBe(true);
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(stored);
    } finally {
      window.history.replaceState(null, '', '/');
      await i18n.changeLanguage('es');
    }
  });
});

describe('registry pages', () => {
  it('declare the namespaces of their feature', () => {
    const declared = (path: string) => SECTIONS.find((section) => section.path === path)?.pages[0].namespaces;
    expect(declared('ajustes')).toEqual(['settings']);
    expect(declared('subscription')).toEqual(['subscription']);
    expect(declared('admin')).toEqual(['admin']);
  });
});
