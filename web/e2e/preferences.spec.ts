import { expect, test } from '@playwright/test';
import {
  FUNCTIONS_EMULATOR_URL,
  loginThroughUi,
  mailboxFor,
  PASSWORD,
  PROJECT_ID,
  trialAdmin,
  typeDateTime,
} from './support';

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

test('es: tasks muted in the bell, the daily digest chosen in Ajustes arrives at my hour in the local mailbox', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { email, admin } = await trialAdmin('digest', 'Resumen Lempira');
  await loginThroughUi(page, email, PASSWORD);
  const bell = page.getByRole('button', { name: /^Notificaciones \(\d+\)$/ });

  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Crear primera tarea' }).click(SLOW);
  const form = page.getByRole('dialog', { name: 'Nueva tarea' });
  await form.getByLabel('Título').fill('Llamar al proveedor');
  // Overdue, so that it is in the digest whatever the hour of the run (due 'in two hours' is
  // tomorrow after 22:00, and the digest was empty on a late run).
  await typeDateTime(page, form, 'Fecha límite', Date.now() - 2 * 3_600_000);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden(SLOW);
  await expect(bell).toHaveAccessibleName('Notificaciones (1)', SLOW);

  // The digest's hour: the one it is now in this browser's zone (the zone opting in saves).
  const now = Date.now();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
    now,
  );
  const hourLabel = `${hour.padStart(2, '0')}:00`;

  await page.goto('/ajustes');
  const notifications = page.getByRole('form', { name: 'Notificaciones' });
  await expect(notifications).toBeVisible(SLOW);
  const tasks = notifications.getByRole('group', { name: 'Tareas (vencidas y para hoy)' });
  await tasks.getByRole('checkbox', { name: 'En la campana' }).uncheck();
  await tasks.getByRole('checkbox', { name: 'En el resumen diario por email' }).check();
  await notifications.getByRole('combobox', { name: 'Hora del resumen' }).click();
  await page.getByRole('option', { name: hourLabel, exact: true }).click();
  await notifications.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Notificaciones guardadas')).toBeVisible(SLOW);
  await expect(bell).toHaveAccessibleName('Notificaciones (0)', SLOW);

  // The hourly run at that hour (the emulator's hook runs it now): one e-mail, once.
  for (let run = 0; run < 2; run++) {
    const response = await fetch(`${FUNCTIONS_EMULATOR_URL}/${PROJECT_ID}/us-central1/digestRunNow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now, uid: admin.uid }),
    });
    expect(response.ok).toBe(true);
  }
  const mail = await mailboxFor(email);
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toBe('Tu día en Trato: 1 pendiente');
  expect(mail[0]!.text).toContain('Llamar al proveedor');
  expect(mail[0]!.text).toContain('/ajustes');
});

test('the language is the profile’s: chosen on one device, another signed-in device and a new one follow it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { email } = await trialAdmin('lang', 'Idiomas Copán');
  await loginThroughUi(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /^Hola,/ })).toBeVisible(SLOW);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginThroughUi(otherPage, email, PASSWORD);
  await expect(otherPage.getByRole('heading', { level: 1, name: /^Hola,/ })).toBeVisible(SLOW);

  // English on the first device: the second one, open meanwhile, follows.
  await page.getByRole('main').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible(SLOW);
  await expect(otherPage.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible(SLOW);
  await other.close();

  // A device that never chose opens in the profile's language.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto('/auth');
  await freshPage.getByLabel(/^Email/).fill(email);
  await freshPage.getByLabel(/^(Contraseña|Password)/).fill(PASSWORD);
  await freshPage.getByRole('button', { name: /^(Iniciar sesión|Log in)$/ }).click();
  await expect(freshPage.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible({
    timeout: 45_000,
  });
  await fresh.close();
});
