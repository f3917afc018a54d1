import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { resolveDatePreferences } from '@/i18n/preferences';
import { renderWithApp } from '@/test/render';

const state = vi.hoisted(() => ({
  update: vi.fn(),
  profile: { timeZone: 'America/Tegucigalpa', timeFormat: '12h' } as Record<string, unknown>,
}));
vi.mock('@/firebase/dataApi', () => ({
  updateProfilePreferences: state.update,
  useMembership: () => ({ uid: 'u1', organizationId: 'org1', profile: state.profile }),
  useDatePreferences: () => resolveDatePreferences(state.profile, i18n.language === 'en' ? 'en' : 'es'),
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
      meetingMinutes: 60,
      workStart: '08:00',
      workEnd: '17:00',
      workDays: [1, 2, 3, 4, 5],
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

  it('saves the meeting preferences, and refuses no work day or a day that ends before it starts', async () => {
    state.update.mockResolvedValue(undefined);
    await renderWithApp(<PreferencesCard />);
    const pick = (name: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name }));
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
    };
    pick('Duración de una reunión nueva', '30 min');
    pick('Inicio de la jornada', '7:30 a. m.');
    pick('Fin de la jornada', '7:00 a. m.');
    for (const day of ['lun', 'mar', 'mié', 'jue', 'vie'])
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    save();
    expect(await screen.findByText('Elige al menos un día')).toBeTruthy();
    expect(screen.getByText('El fin de la jornada debe ser posterior al inicio')).toBeTruthy();
    expect(state.update).not.toHaveBeenCalled();
    pick('Fin de la jornada', '4:00 p. m.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'sáb' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'lun' }));
    save();
    await waitFor(() => expect(state.update).toHaveBeenCalled());
    expect(state.update.mock.calls[0][1]).toMatchObject({
      meetingMinutes: 30,
      workStart: '07:30',
      workEnd: '16:00',
      workDays: [1, 6],
    });
  });
});
