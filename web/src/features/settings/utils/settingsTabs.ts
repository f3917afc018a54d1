/**
 * The tabs of /ajustes, in order; `?tab=` selects one. Equipo, Permisos, Canales (the
 * organization's WhatsApp number) and Portal (the customer portal, issue 34) are for admins only.
 */
export const SETTINGS_TABS = [
  { key: 'perfil', adminOnly: false },
  { key: 'organizacion', adminOnly: false },
  { key: 'equipo', adminOnly: true },
  { key: 'permisos', adminOnly: true },
  { key: 'email', adminOnly: false },
  { key: 'canales', adminOnly: true },
  { key: 'portal', adminOnly: true },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

export function visibleSettingsTabs(isAdmin: boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => isAdmin || !tab.adminOnly).map((tab) => tab.key);
}

/**
 * Which tab to show for `?tab=`: unknown or missing → Perfil; an admin-only tab asked for by a
 * seller → 'forbidden' (the page sends them to /dashboard).
 */
export function resolveSettingsTab(param: string | null, isAdmin: boolean): SettingsTab | 'forbidden' {
  const tab = SETTINGS_TABS.find((candidate) => candidate.key === param);
  if (!tab) return 'perfil';
  if (tab.adminOnly && !isAdmin) return 'forbidden';
  return tab.key;
}
