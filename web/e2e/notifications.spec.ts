import { expect, test, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, typeDateTime, uniqueEmail } from './support';

/**
 * The top bar's bell: a task due in 2 hours assigned to me shows in it with the count, 'Completar'
 * takes it out at once; an overdue task reads 'Vencida · hace …'; a meeting with a seller as
 * participant shows in that seller's bell (in English) and not in another member's.
 */
const SLOW = { timeout: 30_000 };
const HOUR = 3_600_000;

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones \(\d+\)$/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notificaciones' });
const item = (page: Page, title: string) =>
  panel(page).getByTestId('notification-item').filter({ hasText: title });

async function createTask(page: Page, title: string, dueMs: number) {
  await page
    .getByRole('button', { name: /^(Nueva Tarea|Crear primera tarea)$/ })
    .first()
    .click(SLOW);
  const form = page.getByRole('dialog', { name: 'Nueva tarea' });
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel('Título').fill(title);
  await typeDateTime(page, form, 'Fecha límite', dueMs);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden(SLOW);
}

test('es: the bell lists my due and overdue tasks, Completar takes one out; a meeting shows to its participant only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, admin } = await trialAdmin('bell', 'Campana Núñez');
  const crm = { view: true, create: true, edit: true, delete: false };
  const sellerEmail = uniqueEmail('bell-seller');
  await addSeller(admin, sellerEmail, PASSWORD, { tasks: crm, meetings: crm }, 'Sara Participante');
  const otherEmail = uniqueEmail('bell-other');
  await addSeller(admin, otherEmail, PASSWORD, { tasks: crm, meetings: crm }, 'Otto Ajeno');
  await loginThroughUi(page, email, PASSWORD);

  // Nothing yet.
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (0)', SLOW);
  await bell(page).click();
  await expect(panel(page).getByText('No tienes notificaciones')).toBeVisible(SLOW);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  // A task due in 2 hours (assigned to me by default), and one due an hour ago.
  await page.goto('/tareas');
  await createTask(page, 'Llamar a Óscar', Date.now() + 2 * HOUR + 5 * 60_000);
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)', SLOW);
  await expect(page.getByTestId('notifications-count')).toHaveText('1');
  await createTask(page, 'Enviar factura', Date.now() - HOUR);
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (2)', SLOW);

  await bell(page).click();
  await expect(panel(page).getByTestId('notification-item')).toHaveCount(2, SLOW);
  // Overdue first, read as overdue; the other in about 2 hours.
  await expect(panel(page).getByTestId('notification-item').first()).toContainText('Enviar factura');
  await expect(item(page, 'Enviar factura')).toContainText(/Vencida · hace (1 hora|\d+ minutos)/);
  await expect(item(page, 'Llamar a Óscar')).toContainText(/dentro de 2 horas/);
  await expect(item(page, 'Llamar a Óscar')).not.toContainText('Vencida');

  // Completar: it leaves at once, and for good.
  await item(page, 'Llamar a Óscar').getByRole('button', { name: 'Completar «Llamar a Óscar»' }).click();
  await expect(item(page, 'Llamar a Óscar')).toHaveCount(0);
  await expect(panel(page).getByTestId('notification-item')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)');
  // It left /tareas (open behind the bell) too: only pending tasks are listed.
  await expect(page.getByRole('row').filter({ hasText: 'Llamar a Óscar' })).toHaveCount(0, SLOW);
  await expect(page.getByRole('row').filter({ hasText: 'Enviar factura' })).toHaveCount(1);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)', SLOW);

  // A meeting (the next full hour) with the seller as a participant. Within two minutes of the
  // hour, after it: a meeting that has begun leaves the bell before the seller could see it.
  const toNextHour = HOUR - (Date.now() % HOUR);
  if (toNextHour < 2 * 60_000) await page.waitForTimeout(toNextHour + 1_000);
  await page.goto('/reuniones');
  await page
    .getByRole('button', { name: /^(Nueva Reunión|Crear primera reunión)$/ })
    .first()
    .click(SLOW);
  const form = page.getByRole('dialog', { name: 'Nueva reunión' });
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel('Título').fill('Demo con Sara');
  await form.getByLabel('Participantes').click();
  await page.getByRole('option', { name: 'Sara Participante' }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden(SLOW);
  // The creator sees it too.
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (2)', SLOW);

  // The seller's bell has it (she reads English); clicking it goes to /reuniones.
  const sellerContext = await browser.newContext();
  await sellerContext.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  const seller = await sellerContext.newPage();
  await loginThroughUi(seller, sellerEmail, PASSWORD);
  const sellerBell = seller.getByRole('button', { name: /^Notifications \(\d+\)$/ });
  await expect(sellerBell).toHaveAccessibleName('Notifications (1)', SLOW);
  await sellerBell.click();
  const sellerItem = seller
    .getByRole('dialog', { name: 'Notifications' })
    .getByTestId('notification-item')
    .filter({ hasText: 'Demo con Sara' });
  await expect(sellerItem).toContainText(/in (\d+ minutes?|1 hour)/);
  await sellerItem.getByText('Demo con Sara').click();
  await expect(seller).toHaveURL(/\/reuniones$/);
  await sellerContext.close();

  // Another member's does not.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await loginThroughUi(other, otherEmail, PASSWORD);
  await expect(other.getByTestId('sidebar')).toBeVisible(SLOW);
  await expect(bell(other)).toHaveAccessibleName('Notificaciones (0)', SLOW);
  await bell(other).click();
  await expect(panel(other).getByText('No tienes notificaciones')).toBeVisible(SLOW);
  await otherContext.close();
});
