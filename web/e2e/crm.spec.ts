import { expect, test, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * Companies and contacts end to end: a company and a contact in it, found by an accent-less
 * prefix, filtered by stage, a note, a task, an opportunity and a meeting from the contact's
 * tabs, its activity, an edit and a delete; a second browser sees a new contact live; sellers
 * see only the controls their permissions allow, and one without contacts view is sent away.
 */
const SLOW = { timeout: 30_000 };

async function dialog(page: Page, title: string) {
  const found = page.getByRole('dialog', { name: title });
  await expect(found).toBeVisible(SLOW);
  return found;
}

async function pick(page: Page, label: string, typed: string, option: string) {
  const field = page.getByRole('dialog').getByLabel(label, { exact: true });
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).click(SLOW);
}

test('es: a company, a contact in it, its notes, tasks, opportunities, meetings and activity', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email } = await trialAdmin('crm', 'Ferretería Núñez');
  await loginThroughUi(page, email, PASSWORD);

  // A company.
  await page.goto('/empresas');
  await expect(page.getByText('No hay empresas')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Crear primera empresa' }).click();
  let form = await dialog(page, 'Nueva empresa');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Este campo es obligatorio')).toBeVisible();
  await form.getByLabel('Nombre').fill('Cafetalera Montaña Azul');
  await form.getByLabel('Sitio web').fill('no es una url');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Ingresa una URL válida (https://...)')).toBeVisible();
  await form.getByLabel('Sitio web').fill('https://montanaazul.example.com');
  await form.getByLabel('Ciudad').fill('Marcala');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Empresa creada')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Cafetalera Montaña Azul' })).toBeVisible(SLOW);

  // A second browser on the contacts list sees the new contact appear live.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await loginThroughUi(watcher, email, PASSWORD);
  await watcher.goto('/contactos');
  await expect(watcher.getByText('No hay contactos')).toBeVisible(SLOW);

  // A contact in it.
  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click();
  form = await dialog(page, 'Nuevo contacto');
  await form.getByLabel('Email').fill('jose@montanaazul');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(form.getByText('Email inválido')).toBeVisible();
  await form.getByLabel('Nombre').fill('José Núñez');
  await form.getByLabel('Email').fill('jose@montanaazul.example.com');
  await form.getByLabel('Profesión').fill('Gerente de compras');
  await pick(page, 'Empresa', 'monta', 'Cafetalera Montaña Azul');
  await form.getByLabel('Etapa del ciclo de vida').click();
  await page.getByRole('option', { name: 'Prospecto' }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente creado')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'José Núñez' })).toBeVisible(SLOW);
  await expect(watcher.getByRole('row', { name: /José Núñez/ })).toBeVisible(SLOW);
  await other.close();

  // Found by an accent-less prefix, and by its stage.
  await page.goto('/contactos');
  await page.getByRole('searchbox').fill('nun');
  await expect(page).toHaveURL(/q=nun/, SLOW);
  await expect(page.getByRole('row', { name: /José Núñez/ })).toBeVisible(SLOW);
  await page.getByRole('searchbox').fill('');
  await page.getByRole('combobox', { name: 'Etapa' }).click();
  await page.getByRole('option', { name: 'Cliente' }).click();
  await expect(page.getByText('Ningún contacto coincide con la búsqueda o los filtros.')).toBeVisible(SLOW);
  await page.getByRole('combobox', { name: 'Etapa' }).click();
  await page.getByRole('option', { name: 'Prospecto' }).click();
  await page.getByRole('row', { name: /José Núñez/ }).click();

  // A note.
  await expect(page.getByRole('heading', { level: 1, name: 'José Núñez' })).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'Notas' }).click();
  await expect(page.getByRole('button', { name: 'Agregar nota' })).toBeDisabled();
  await page.getByLabel('Nueva nota').fill('Quiere cotización de 40 quintales.');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByText('Nota agregada')).toBeVisible(SLOW);
  await expect(
    page.getByRole('list', { name: 'Notas' }).getByText('Quiere cotización de 40 quintales.'),
  ).toBeVisible();

  // A task.
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await page.getByRole('button', { name: 'Nueva tarea' }).click();
  form = await dialog(page, 'Nueva tarea');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El título es requerido')).toBeVisible();
  await form.getByLabel('Título').fill('Enviar cotización');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarea creada')).toBeVisible(SLOW);
  await expect(page.getByRole('row', { name: /Enviar cotización/ })).toBeVisible(SLOW);

  // An opportunity.
  await page.getByRole('tab', { name: 'Oportunidades' }).click();
  await page.getByRole('button', { name: 'Nueva oportunidad' }).click();
  form = await dialog(page, 'Nueva oportunidad');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Título y cliente son obligatorios')).toBeVisible();
  await form.getByLabel('Título').fill('Café de altura 2027');
  await form.getByLabel('Monto').fill('12500');
  await form.getByLabel('Probabilidad (%)').fill('60');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Oportunidad creada')).toBeVisible(SLOW);
  await expect(page.getByRole('row', { name: /Café de altura 2027.*\$12,500.*60%/ })).toBeVisible(SLOW);

  // A meeting.
  await page.getByRole('tab', { name: 'Reuniones' }).click();
  await page.getByRole('button', { name: 'Nueva reunión' }).click();
  form = await dialog(page, 'Nueva reunión');
  await form.getByLabel('Título').fill('Visita a la finca');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reunión creada')).toBeVisible(SLOW);
  await expect(page.getByRole('row', { name: /Visita a la finca/ })).toBeVisible(SLOW);

  // The activity of the contact, and of its company.
  await page.getByRole('tab', { name: 'Actividad' }).click();
  const activity = page.getByRole('list', { name: 'Actividad' });
  for (const text of [
    'Quiere cotización de 40 quintales.',
    'Enviar cotización',
    'Café de altura 2027',
    'Visita a la finca',
  ])
    await expect(activity.getByText(text)).toBeVisible(SLOW);
  await page.getByRole('link', { name: 'Cafetalera Montaña Azul' }).click();
  await expect(page.getByRole('tab', { name: 'Contactos (1)' })).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'Actividad' }).click();
  await expect(page.getByRole('list', { name: 'Actividad' }).getByText('Visita a la finca')).toBeVisible(
    SLOW,
  );
  await page.getByRole('tab', { name: /Contactos/ }).click();
  await page.getByRole('row', { name: /José Núñez/ }).click();

  // Edit, then delete.
  await page.getByRole('button', { name: 'Editar' }).click();
  form = await dialog(page, 'Editar contacto');
  await form.getByLabel('Ciudad').fill('La Paz');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente actualizado')).toBeVisible(SLOW);
  await expect(page.getByText('La Paz')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = await dialog(page, '¿Eliminar cliente?');
  await expect(confirm).toContainText(
    'Esta acción no se puede deshacer. Se eliminará permanentemente el cliente.',
  );
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/contactos$/, SLOW);
  await expect(page.getByText('Cliente eliminado')).toBeVisible(SLOW);
  await expect(page.getByText('No hay contactos')).toBeVisible(SLOW);
});

test('sellers see what their permissions allow, and en texts', async ({ page: adminPage, browser }) => {
  let page = adminPage;
  test.setTimeout(150_000);
  const { email, admin } = await trialAdmin('crm-perm', 'Lácteos Olancho');
  const viewer = uniqueEmail('crm-view');
  await addSeller(admin, viewer, PASSWORD, {
    contacts: { view: true, create: false, edit: false, delete: false },
    companies: { view: true, create: false, edit: false, delete: false },
  });
  const blocked = uniqueEmail('crm-none');
  await addSeller(admin, blocked, PASSWORD, { contacts: { view: false } });

  // The admin adds a contact (in English).
  await page.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  await page.goto('/auth');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
  await page.goto('/contactos');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Add your first contact' }).click();
  const form = await dialog(page, 'New contact');
  await form.getByLabel('Name').fill('Rosa Ávila');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact created')).toBeVisible(SLOW);
  await expect(page.getByRole('tab', { name: 'Opportunities' })).toBeVisible(SLOW);
  await page.goto('/empresas');
  await expect(page.getByText('No companies yet')).toBeVisible(SLOW);

  // A seller who may only view: the list and the record, no create, edit or delete.
  const viewerContext = await browser.newContext();
  page = await viewerContext.newPage();
  await loginThroughUi(page, viewer, PASSWORD);
  await page.goto('/contactos');
  await page.getByRole('row', { name: /Rosa Ávila/ }).click(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Ávila' })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Notas' }).click();
  await expect(page.getByLabel('Nueva nota')).toHaveCount(0);
  await page.goto('/contactos');
  await expect(page.getByRole('row', { name: /Rosa Ávila/ })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Nuevo contacto' })).toHaveCount(0);
  await page.goto('/empresas');
  await expect(page.getByText('No hay empresas')).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Crear primera empresa' })).toHaveCount(0);

  // A seller without contacts view is sent away, and told why.
  await viewerContext.close();
  page = await (await browser.newContext()).newPage();
  await loginThroughUi(page, blocked, PASSWORD);
  await page.goto('/contactos');
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await expect(page.getByText(/No tienes permiso para ver esta sección/)).toBeVisible(SLOW);
});
