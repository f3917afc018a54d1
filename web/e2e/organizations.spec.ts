import { expect, test, type Page } from '@playwright/test';
import {
  callCallable,
  createContactThroughUi,
  loginThroughUi,
  PASSWORD,
  trialAdmin,
  typeDateTime,
} from './support';

/**
 * Several organizations per person (issue 30): the administrator of one agency is invited to a
 * client's organization and joins it with the same account in one click; the top bar's switcher
 * then opens one or the other, and each shows only its own contacts, bell and search; the device
 * remembers the choice; a link with ?org= to the other's record switches after saying so; and
 * 'Nueva organización' opens a third one on its Suscripción page.
 */
const SLOW = { timeout: 30_000 };
const HOUR = 3_600_000;
const CRM = { view: true, create: true, edit: true, delete: false };

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones \(\d+\)$/ });
const orgName = (page: Page) => page.getByTestId('org-name');

async function switchTo(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Cambiar de organización: ${from}` }).click();
  const panel = page.getByRole('dialog', { name: 'Organizaciones' });
  await panel.getByTestId('organization-option').filter({ hasText: to }).click();
  await expect(page.getByText(`Ahora estás en ${to}`)).toBeVisible(SLOW);
  await expect(orgName(page)).toHaveText(to);
}

async function search(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Buscar contactos, empresas, deals...' });
  await box.fill(text);
  return page.getByRole('dialog', { name: 'Buscar' });
}

test('a member of two organizations switches between them and sees only that one’s contacts, bell and search', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { email } = await trialAdmin('orgs', 'Agencia Lempira');
  const { admin: client } = await trialAdmin('orgs-client', 'Cliente Copán');
  const { token } = await callCallable<{ token: string }>(
    'createInvitation',
    {
      organizationId: client.organizationId,
      email,
      role: 'seller',
      permissions: { contacts: CRM, tasks: CRM },
    },
    client.idToken,
  );

  // In the agency: a contact, and a task due soon in the bell.
  await loginThroughUi(page, email, PASSWORD);
  await expect(orgName(page)).toHaveText('Agencia Lempira', SLOW);
  await createContactThroughUi(page, 'Rosa Agencia', 'rosa@agencia.hn');
  await page.goto('/tareas');
  await page
    .getByRole('button', { name: /^(Nueva Tarea|Crear primera tarea)$/ })
    .first()
    .click(SLOW);
  const taskForm = page.getByRole('dialog', { name: 'Nueva tarea' });
  await taskForm.getByLabel('Título').fill('Llamar a Rosa');
  await typeDateTime(page, taskForm, 'Fecha límite', Date.now() + 2 * HOUR);
  await taskForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(taskForm).toBeHidden(SLOW);
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)', SLOW);

  // The client's invitation: signed in with the invited address, one click joins.
  await page.goto(`/invite/${token}`);
  await expect(page.getByTestId('invite-existing-account')).toContainText('Cliente Copán', SLOW);
  await page.getByRole('button', { name: 'Unirme al equipo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await expect(orgName(page)).toHaveText('Cliente Copán', SLOW);
  const pedroUrl = await createContactThroughUi(page, 'Pedro Cliente', 'pedro@cliente.hn');

  // The client's organization: its contact only, an empty bell, a search that knows no Rosa.
  await page.goto('/contactos');
  const list = page.getByRole('main');
  await expect(list.getByText('Pedro Cliente')).toBeVisible(SLOW);
  await expect(list.getByText('Rosa Agencia')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (0)', SLOW);
  let results = await search(page, 'rosa');
  await expect(results.getByText('No se encontraron resultados.')).toBeVisible(SLOW);
  await page.keyboard.press('Escape');

  // Back to the agency from the top bar, on the same section.
  await switchTo(page, 'Cliente Copán', 'Agencia Lempira');
  await expect(page).toHaveURL(/\/contactos$/);
  await expect(list.getByText('Rosa Agencia')).toBeVisible(SLOW);
  await expect(list.getByText('Pedro Cliente')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)', SLOW);
  results = await search(page, 'pedro');
  await expect(results.getByText('No se encontraron resultados.')).toBeVisible(SLOW);
  await page.keyboard.press('Escape');

  // This device remembers the choice.
  await page.reload();
  await expect(orgName(page)).toHaveText('Agencia Lempira', SLOW);

  // A link to the client's contact switches to the client's organization and says so.
  await page.goto(`${pedroUrl}?org=${client.organizationId}`);
  await expect(page.getByText('Este enlace es de Cliente Copán: cambiaste a esa organización.')).toBeVisible(
    SLOW,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Pedro Cliente' })).toBeVisible(SLOW);
  await expect(orgName(page)).toHaveText('Cliente Copán');
  expect(new URL(page.url()).search).toBe('');
  // One of an organization I am not in: said, and nothing changes.
  await page.goto('/contactos?org=not-mine');
  await expect(page.getByText('El enlace es de una organización a la que no perteneces.')).toBeVisible(SLOW);
  await expect(orgName(page)).toHaveText('Cliente Copán');

  // The agency's administrator opens a third organization: its own trial starts on its page.
  await page.getByRole('button', { name: 'Cambiar de organización: Cliente Copán' }).click();
  await page.getByRole('button', { name: 'Nueva organización' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva organización' });
  await dialog.getByLabel(/^Nombre de la organización/).fill('Tercera Honduras');
  await dialog.getByRole('button', { name: 'Crear organización' }).click();
  await expect(page).toHaveURL(/\/subscription$/, SLOW);
  await expect(orgName(page)).toHaveText('Tercera Honduras', SLOW);
  await page.getByRole('button', { name: 'Cambiar de organización: Tercera Honduras' }).click();
  const options = page.getByRole('dialog', { name: 'Organizaciones' }).getByTestId('organization-option');
  await expect(options).toHaveCount(3);
  await expect(options.filter({ hasText: 'Tercera Honduras' })).toContainText(
    'Administrador · Sin suscripción',
  );
  await expect(options.filter({ hasText: 'Cliente Copán' })).toContainText('Vendedor · Prueba gratis');
});
