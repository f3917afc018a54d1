import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';

// React.lazy's own constraint: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type PrefetchedLazy<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Fetches the component's code now (once; later calls share the first). */
  prefetch(): Promise<unknown>;
};

/**
 * React.lazy that can also be fetched ahead: a page's dialogs stay out of its first load, and
 * usePrefetchWhenIdle fetches them once the page has settled, so a first open is as quick as the
 * second (a row click on /tareas showed 'Editar Tarea' only after seconds on a loaded machine).
 */
export function lazyWithPrefetch<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): PrefetchedLazy<T> {
  let loading: Promise<{ default: T }> | null = null;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { prefetch: once });
}

/** How long after the page mounts its dialogs are fetched when the browser never reports idle time. */
export const PREFETCH_FALLBACK_MS = 1500;

/** Fetches `components` when the browser is next idle after the page mounts (or after a delay). */
export function usePrefetchWhenIdle(...components: { prefetch(): Promise<unknown> }[]): void {
  useEffect(() => {
    const fetchAll = () => {
      // A failed prefetch is harmless: opening the dialog loads it again and shows its own error.
      for (const component of components) component.prefetch().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(fetchAll, { timeout: PREFETCH_FALLBACK_MS * 2 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(fetchAll, PREFETCH_FALLBACK_MS);
    return () => window.clearTimeout(timer);
    // The components are module-level constants: once per mount.
  }, []);
}
