/** The sections of the signed-in area, in the spec's sidebar order. */
export const NAV_ITEMS = [
  { path: '/dashboard', key: 'dashboard' },
  { path: '/empresas', key: 'empresas' },
  { path: '/contactos', key: 'contactos' },
  { path: '/deals', key: 'deals' },
  { path: '/tareas', key: 'tareas' },
  { path: '/reuniones', key: 'reuniones' },
  { path: '/tickets', key: 'tickets' },
  { path: '/marketing', key: 'marketing' },
  { path: '/documentos', key: 'documentos' },
  { path: '/ajustes', key: 'ajustes' },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];
