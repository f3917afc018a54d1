import type { Resource } from '@trato/model';

/** The sections of the signed-in area, in the spec's sidebar order, with the permission that shows them. */
export const NAV_ITEMS = [
  { path: '/dashboard', key: 'dashboard', resource: 'dashboard' },
  { path: '/empresas', key: 'empresas', resource: 'companies' },
  { path: '/contactos', key: 'contactos', resource: 'contacts' },
  { path: '/deals', key: 'deals', resource: 'deals' },
  { path: '/tareas', key: 'tareas', resource: 'tasks' },
  { path: '/reuniones', key: 'reuniones', resource: 'meetings' },
  { path: '/tickets', key: 'tickets', resource: 'tickets' },
  { path: '/marketing', key: 'marketing', resource: 'marketing' },
  { path: '/documentos', key: 'documentos', resource: 'documents' },
  { path: '/ajustes', key: 'ajustes', resource: null },
] as const satisfies readonly { path: string; key: string; resource: Resource | null }[];

export type NavKey = (typeof NAV_ITEMS)[number]['key'] | 'admin';

export interface NavEntry {
  path: string;
  key: NavKey;
}

/**
 * What the sidebar shows: every section the member may view (Ajustes always), then /admin
 * for the superadmin only.
 */
export function visibleNavItems(canView: (resource: Resource) => boolean, isSuperadmin: boolean): NavEntry[] {
  const items: NavEntry[] = NAV_ITEMS.filter((item) => item.resource === null || canView(item.resource)).map(
    ({ path, key }) => ({ path, key }),
  );
  if (isSuperadmin) items.push({ path: '/admin', key: 'admin' });
  return items;
}
