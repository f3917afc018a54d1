import { expect, test, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, typeDateTime, uniqueEmail } from './support';

/**
 * Tareas and Reuniones end to end: a task created from /tareas, found by accent-less prefixes of
 * two words (counted on the server: a search whose words no task has reads 0), edited, completed (it leaves the list) and another deleted; a meeting under Próximas edited in
 * the side panel, a past one under Pasadas; a seller who may only view (in English) gets neither
 * create, complete, edit nor delete controls.
 */
const SLOW = { timeout: 30_000 };

async function dialog(page: Page, title: string) {
  const found = page.getByRole('dialog', { name: title });
  await expect(found).toBeVisible(SLOW);
  return found;
}

const row = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(text) });

test('es: a task is created, found without accents, edited, completed; another is deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { email } = await trialAdmin('tasks', 'Panadería Núñez');
  await loginThroughUi(page, email, PASSWORD);

  await page.goto('/tareas');
  await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible(SLOW);
  await expect(page.getByText('No hay tareas')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Crear primera tarea' }).click();
  let form = await dialog(page, 'Nueva tarea');
  await form.getByLabel('Título').fill('Llamar a Óscar Núñez');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarea creada')).toBeVisible(SLOW);
  await expect(row(page, 'Llamar a Óscar Núñez')).toContainText('Pendiente', SLOW);

  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  form = await dialog(page, 'Nueva tarea');
  await form.getByLabel('Título').fill('Revisar contrato anual');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(row(page, 'Revisar contrato anual')).toBeVisible(SLOW);
  // Newest first.
  await expect(page.getByRole('row').nth(1)).toContainText('Revisar contrato anual');

  // Found by an accent-less prefix of a word, through the server's search tokens.
  const search = page.getByRole('searchbox', { name: 'Buscar tareas...' });
  await search.fill('osc nun');
  await expect(page).toHaveURL(/[?&]q=osc(\+|%20)nun/, SLOW);
  await expect(row(page, 'Revisar contrato anual')).toHaveCount(0, SLOW);
  await expect(row(page, 'Llamar a Óscar Núñez')).toBeVisible();
  // Both words on the server (issue 28): the count is of what matches both, and a task with only
  // the longer word is neither counted nor offered on a next page.
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible(SLOW);
  await search.fill('revisar osc');
  await expect(page.getByText('Ninguna tarea pendiente coincide con la búsqueda.')).toBeVisible(SLOW);
  await expect(page.getByText('0 registros', { exact: true })).toBeVisible(SLOW);
  await search.fill('osc nun');
  await expect(row(page, 'Llamar a Óscar Núñez')).toBeVisible(SLOW);

  // Row click: 'Editar Tarea'.
  await row(page, 'Llamar a Óscar Núñez').getByRole('cell').first().click();
  form = await dialog(page, 'Editar Tarea');
  await form.getByLabel('Título').fill('Llamar a Óscar Núñez hoy');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarea actualizada')).toBeVisible(SLOW);
  await expect(row(page, 'Llamar a Óscar Núñez hoy')).toBeVisible(SLOW);

  // Completed from its row: it leaves the list at once, and stays gone after a reload.
  await page.getByRole('button', { name: 'Marcar «Llamar a Óscar Núñez hoy» como completada' }).click();
  await expect(row(page, 'Llamar a Óscar Núñez hoy')).toHaveCount(0);
  await expect(page.getByText('Tarea completada')).toBeVisible(SLOW);
  await expect(page.getByText('Ninguna tarea pendiente coincide con la búsqueda.')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Quitar búsqueda' }).click();
  await expect(row(page, 'Revisar contrato anual')).toBeVisible(SLOW);
  await page.reload();
  await expect(row(page, 'Revisar contrato anual')).toBeVisible(SLOW);
  await expect(row(page, 'Llamar a Óscar')).toHaveCount(0);

  // Deleted from the row menu, after a confirmation.
  await page.getByRole('button', { name: 'Acciones de Revisar contrato anual' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = await dialog(page, '¿Eliminar tarea?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Tarea eliminada')).toBeVisible(SLOW);
  await expect(page.getByText('No hay tareas')).toBeVisible(SLOW);
});

test('es: meetings upcoming and past, edited in the side panel; a view-only seller in en', async ({
  page: adminPage,
  browser,
}) => {
  test.setTimeout(180_000);
  let page = adminPage;
  const { email, admin } = await trialAdmin('meetings', 'Café Ñandú');
  const viewer = uniqueEmail('meetings-view');
  await addSeller(admin, viewer, PASSWORD, {
    tasks: { view: true, create: false, edit: false, delete: false },
    meetings: { view: true, create: false, edit: false, delete: false },
  });
  await loginThroughUi(page, email, PASSWORD);

  await page.goto('/reuniones');
  await expect(page.getByRole('heading', { level: 1, name: 'Reuniones' })).toBeVisible(SLOW);
  await expect(page.getByText('No hay reuniones')).toBeVisible(SLOW);

  // An upcoming meeting: the dialog starts it at the next full hour.
  await page.getByRole('button', { name: 'Nueva Reunión' }).click();
  let form = await dialog(page, 'Nueva reunión');
  await form.getByLabel('Título').fill('Demo del catálogo');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reunión creada')).toBeVisible(SLOW);
  await expect(row(page, 'Demo del catálogo')).toBeVisible(SLOW);

  // A past one: not under Próximas, but under Pasadas.
  await page.getByRole('button', { name: 'Nueva Reunión' }).click();
  form = await dialog(page, 'Nueva reunión');
  await form.getByLabel('Título').fill('Visita de cierre');
  await typeDateTime(page, form, 'Inicio', '150320240930');
  await typeDateTime(page, form, 'Fin', '150320241030');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reunión creada')).toBeVisible(SLOW);
  await expect(row(page, 'Demo del catálogo')).toBeVisible();
  await expect(row(page, 'Visita de cierre')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pasadas' }).click();
  await expect(row(page, 'Visita de cierre')).toContainText('15 mar 2024', SLOW);
  await expect(row(page, 'Demo del catálogo')).toHaveCount(0);
  await page.getByRole('button', { name: 'Próximas' }).click();

  // The row opens 'Editar Reunión' in the side panel.
  await row(page, 'Demo del catálogo').getByRole('cell').first().click();
  const panel = await dialog(page, 'Editar Reunión');
  await panel.getByLabel('Título').fill('Demo del catálogo 2027');
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reunión actualizada')).toBeVisible(SLOW);
  await expect(row(page, 'Demo del catálogo 2027')).toBeVisible(SLOW);

  // A task for the seller to see.
  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Crear primera tarea' }).click(SLOW);
  form = await dialog(page, 'Nueva tarea');
  await form.getByLabel('Título').fill('Preparar propuesta');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(row(page, 'Preparar propuesta')).toBeVisible(SLOW);

  // A seller who may only view, in English: the lists, no create, complete, edit or delete.
  const viewerContext = await browser.newContext();
  page = await viewerContext.newPage();
  await page.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  await page.goto('/auth');
  await page.locator('input[name="email"]').fill(viewer);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
  await page.goto('/tareas');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible(SLOW);
  await expect(row(page, 'Preparar propuesta')).toContainText('Pending', SLOW);
  await expect(page.getByRole('button', { name: 'New Task' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /as completed/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await row(page, 'Preparar propuesta').getByRole('cell').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/reuniones');
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible(SLOW);
  await expect(row(page, 'Demo del catálogo 2027')).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'New Meeting' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Past' }).click();
  await expect(row(page, 'Visita de cierre')).toContainText('Mar 15, 2024', SLOW);
  await viewerContext.close();
});
