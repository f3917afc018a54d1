import { expect, test } from '@playwright/test';
import { loginThroughUi, PASSWORD, trialAdmin, typeDateTime } from './support';

/**
 * Personal preferences (issue 30): a member sets the time zone America/Tegucigalpa and a 12-hour
 * clock in Ajustes → Perfil; a task's due time, typed in that zone, shows in the chosen clock on
 * /tareas; choosing English there changes the whole app and is kept on the profile.
 */
const SLOW = { timeout: 30_000 };

test('es: time zone and 12-hour clock change how a due time reads; English chosen there changes the app', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { email } = await trialAdmin('prefs', 'Ferretería Central');
  await loginThroughUi(page, email, PASSWORD);

  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Crear primera tarea' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel('Título').fill('Enviar cotización');
  // 24-hour by default in Spanish.
  await typeDateTime(page, form, 'Fecha límite', '150320301430');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const row = page.getByRole('row', { name: /Enviar cotización/ });
  await expect(row).toContainText('14:30', SLOW);

  await page.goto('/ajustes');
  const preferences = page.getByRole('form', { name: 'Preferencias' });
  await expect(preferences).toBeVisible(SLOW);
  const zone = preferences.getByRole('combobox', { name: 'Zona horaria' });
  await zone.fill('Tegucigalpa');
  await page.getByRole('option', { name: 'America / Tegucigalpa' }).click();
  await preferences.getByRole('combobox', { name: 'Formato de hora' }).click();
  await page.getByRole('option', { name: /^12 horas/ }).click();
  await preferences.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Preferencias guardadas')).toBeVisible(SLOW);

  // The same instant, now in Tegucigalpa's wall clock (the browser runs in this machine's zone) and
  // on a 12-hour clock.
  const expected = new Intl.DateTimeFormat('es-HN', {
    timeZone: 'America/Tegucigalpa',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  })
    .format(new Date(2030, 2, 15, 14, 30))
    .replace(/[\u202f\u00a0]/g, ' ');
  await page.goto('/tareas');
  await expect(row).toBeVisible(SLOW);
  expect((await row.textContent())?.replace(/[\u202f\u00a0]/g, ' ')).toContain(expected);

  // English from the profile's preferences; it is the profile's, so a new session keeps it.
  await page.goto('/ajustes');
  await preferences.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await preferences.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(SLOW);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible(SLOW);
});
