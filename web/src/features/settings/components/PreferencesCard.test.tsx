import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  update: vi.fn(),
  profile: { timeZone: 'America/Tegucigalpa', timeFormat: '12h' } as Record<string, unknown>,
}));
vi.mock('@/firebase/dataApi', () => ({
  updateProfilePreferences: state.update,
  useMembership: () => ({ uid: 'u1', organizationId: 'org1', profile: state.profile }),
}));

const { PreferencesCard } = await import('./PreferencesCard');

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

beforeEach(() => {
  state.update.mockReset();
  state.profile = { timeZone: 'America/Tegucigalpa', timeFormat: '12h' };
});

describe('Ajustes → Perfil → Preferencias', () => {
  it('shows the stored language, zone and clock, and saves a change of clock', async () => {
    state.update.mockResolvedValue(undefined);
    await renderWithApp(<PreferencesCard />);
    expect(screen.getByRole('heading', { name: 'Preferencias' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Zona horaria' }) as HTMLInputElement).value).toBe(
      'America / Tegucigalpa',
    );
    const clock = screen.getByRole('combobox', { name: 'Formato de hora' });
    expect(clock.textContent).toBe('12 horas (2:30 p. m.)');
    fireEvent.mouseDown(clock);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '24 horas (14:30)' }));
    save();
    await waitFor(() => expect(state.update).toHaveBeenCalled());
    expect(state.update).toHaveBeenCalledWith('u1', {
      language: 'es',
      timeZone: 'America/Tegucigalpa',
      timeFormat: '24h',
    });
    expect(await screen.findByText('Preferencias guardadas')).toBeTruthy();
  });

  it("defaults to this device's zone and the language's clock", async () => {
    state.profile = {};
    await renderWithApp(<PreferencesCard />, { language: 'en' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe(
      zone.replaceAll('_', ' ').replaceAll('/', ' / '),
    );
    expect(screen.getByRole('combobox', { name: 'Time format' }).textContent).toBe('12-hour (2:30 PM)');
  });

  it('changes the language with the save, and keeps the form when the save fails', async () => {
    state.update.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await renderWithApp(<PreferencesCard />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Idioma' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'English' }));
    save();
    await waitFor(() => expect(state.update).toHaveBeenCalled());
    expect(i18n.language).toBe('es');
    expect(screen.getByRole('combobox', { name: 'Idioma' }).textContent).toBe('English');
  });
});
