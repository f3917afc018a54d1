import { describe, expect, it } from 'vitest';
import { resolveSettingsTab, visibleSettingsTabs } from './settingsTabs';

describe('settings tabs', () => {
  it('sellers do not see the admin-only tabs', () => {
    expect(visibleSettingsTabs(true)).toEqual([
      'perfil',
      'organizacion',
      'equipo',
      'permisos',
      'email',
      'canales',
      'portal',
    ]);
    expect(visibleSettingsTabs(false)).toEqual(['perfil', 'organizacion', 'email']);
  });

  it('resolves ?tab=, refusing admin tabs to sellers', () => {
    expect(resolveSettingsTab(null, false)).toBe('perfil');
    expect(resolveSettingsTab('nope', true)).toBe('perfil');
    expect(resolveSettingsTab('equipo', true)).toBe('equipo');
    expect(resolveSettingsTab('equipo', false)).toBe('forbidden');
    expect(resolveSettingsTab('permisos', false)).toBe('forbidden');
    expect(resolveSettingsTab('email', false)).toBe('email');
    expect(resolveSettingsTab('canales', true)).toBe('canales');
    expect(resolveSettingsTab('canales', false)).toBe('forbidden');
    expect(resolveSettingsTab('portal', true)).toBe('portal');
    expect(resolveSettingsTab('portal', false)).toBe('forbidden');
  });
});
