import { expect, test, type Page } from '@playwright/test';
import {
  addSeller,
  connectGmailThroughUi,
  createContactThroughUi,
  GOOGLE_URL,
  loginThroughUi,
  mailboxFor,
  PASSWORD,
  runSequences,
  trialAdmin,
  uniqueEmail,
} from './support';

/**
 * /marketing: a sequence with two steps (merge fields inserted from the chips, previewed for a
 * contact), two contacts enrolled, play/pause, a step deleted and the rest renumbered, the delete
 * refused while enrolments may send, then allowed once they are stopped; the sender's journey; a
 * seller on the admin's sequence (its owner's voice: read-only, duplicated) enrolling 50 at once.
 */
const SLOW = { timeout: 30_000 };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

async function pickContact(page: Page, label: string, name: string) {
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(name.slice(0, 4));
  await page.getByRole('option', { name }).click(SLOW);
}

test('es: a two-step sequence with merge fields, two contacts enrolled, pause, renumbering and delete', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await trialAdmin('marketing', 'Café Secuencia');
  await loginThroughUi(page, email, PASSWORD);
  const juliaUrl = await createContactThroughUi(page, 'Julia Pérez', uniqueEmail('julia'));
  await createContactThroughUi(page, 'Mario Ruiz', uniqueEmail('mario'));

  await page.goto('/marketing');
  await expect(page.getByText('Aún no hay secuencias')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Nueva Secuencia' }).click();
  const sequenceForm = page.getByRole('dialog', { name: 'Nueva Secuencia' });
  await sequenceForm.getByRole('button', { name: 'Crear' }).click();
  await expect(sequenceForm.getByText('Este campo es obligatorio')).toBeVisible();
  await sequenceForm.getByLabel(/^Nombre/).fill('Bienvenida');
  await sequenceForm.getByLabel('Descripción').fill('Para clientes nuevos');
  await sequenceForm.getByRole('button', { name: 'Crear' }).click();
  await expect(toast(page, 'Secuencia creada')).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/marketing\?secuencia=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Bienvenida' })).toBeVisible();
  await expect(page.getByText('Inactiva').first()).toBeVisible();

  // Step 1: merge fields from the chips, previewed for Julia.
  await page.getByRole('button', { name: 'Agregar Paso' }).click();
  const stepForm = page.getByRole('dialog', { name: 'Agregar Paso' });
  await stepForm.getByLabel(/^Asunto/).fill('Hola');
  await stepForm.getByRole('button', { name: 'Insertar {{nombre}} (Nombre)', exact: true }).click();
  await stepForm.getByLabel(/^Cuerpo/).fill('Gracias por elegirnos,');
  await stepForm.getByRole('button', { name: 'Insertar {{nombre}} (Nombre)', exact: true }).click();
  await expect(stepForm.getByLabel(/^Cuerpo/)).toHaveValue('Gracias por elegirnos, {{nombre}}');
  await expect(stepForm.getByLabel(/^Asunto/)).toHaveValue('Hola {{nombre}}');
  await pickContact(page, 'Vista previa para', 'Julia Pérez');
  await expect(stepForm.getByTestId('step-preview')).toContainText('Hola Julia');
  await expect(stepForm.getByTestId('step-preview')).toContainText('Gracias por elegirnos, Julia');
  await stepForm.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(toast(page, 'Paso agregado')).toBeVisible(SLOW);

  // Step 2, a day later; a negative delay is refused first.
  await page.getByRole('button', { name: 'Agregar Paso' }).click();
  await stepForm.getByLabel(/^Asunto/).fill('¿Te ayudamos, {{nombre}}?');
  await stepForm.getByLabel(/^Cuerpo/).fill('Escríbenos cuando quieras.');
  await stepForm.getByLabel('Días de espera').fill('-1');
  await stepForm.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(stepForm).toBeVisible();
  await stepForm.getByLabel('Días de espera').fill('1');
  await stepForm.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(toast(page, 'Paso agregado')).toBeVisible(SLOW);
  const steps = page.locator('ol > li');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Paso 1 · Al inscribirse');
  await expect(steps.nth(1)).toContainText('Paso 2 · 1 día después del paso anterior');

  // Julia from her page, then both from the sequence (Julia is left as she is).
  const sequenceUrl = page.url();
  await page.goto(juliaUrl);
  await page.getByRole('button', { name: 'Inscribir en secuencia' }).click(SLOW);
  await page.getByRole('combobox', { name: 'Secuencia' }).click(SLOW);
  await page.getByRole('option', { name: 'Bienvenida (pausada)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inscribir' }).click();
  await expect(toast(page, 'Julia Pérez inscrito en la secuencia')).toBeVisible(SLOW);
  await page.goto(sequenceUrl);
  await page.getByRole('button', { name: 'Inscribir contactos' }).click(SLOW);
  const enrollForm = page.getByRole('dialog', { name: 'Inscribir contactos' });
  await pickContact(page, 'Buscar contacto', 'Julia Pérez');
  await pickContact(page, 'Buscar contacto', 'Mario Ruiz');
  await expect(enrollForm.getByText('Contactos elegidos (2)')).toBeVisible();
  await enrollForm.getByRole('button', { name: 'Inscribir', exact: true }).click();
  await expect(toast(page, '1 contacto inscrito')).toContainText('1 ya estaba en la secuencia', SLOW);
  const enrollments = page.getByTestId('enrollment');
  await expect(enrollments).toHaveCount(2, SLOW);
  await expect(enrollments.filter({ hasText: 'Julia Pérez' })).toContainText('Paso 1: Pendiente');
  await expect(page.getByTestId('number-enrolled')).toHaveText('2', SLOW);

  // Play, pause.
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(toast(page, 'Secuencia activada')).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Pausar', exact: true }).first().click();
  await expect(toast(page, 'Secuencia pausada')).toBeVisible(SLOW);

  // Deleting step 1 renumbers step 2.
  await page.getByRole('button', { name: 'Eliminar el paso 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Paso eliminado')).toBeVisible(SLOW);
  await expect(steps).toHaveCount(1);
  await expect(steps.nth(0)).toContainText('Paso 1');
  await expect(steps.nth(0)).toContainText('¿Te ayudamos, {{nombre}}?');

  // Not deleted while enrolments may send; stopped, it goes.
  await page.getByRole('button', { name: 'Eliminar la secuencia Bienvenida' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'detenlas antes de eliminarla')).toBeVisible(SLOW);
  for (const name of ['Julia Pérez', 'Mario Ruiz']) {
    await enrollments.filter({ hasText: name }).getByRole('button', { name: 'Detener' }).click();
    await expect(enrollments.filter({ hasText: name })).toContainText('Detenida', SLOW);
  }
  await page.getByRole('button', { name: 'Eliminar la secuencia Bienvenida' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Secuencia eliminada')).toBeVisible(SLOW);
  await expect(page.getByText('Aún no hay secuencias')).toBeVisible(SLOW);
});

/** A sequence through its screens: name, then each step (subject, body, delay days). */
async function createSequence(page: Page, name: string, steps: [string, string, number][]) {
  await page.goto('/marketing');
  await page.getByRole('button', { name: 'Nueva Secuencia' }).first().click(SLOW);
  const form = page.getByRole('dialog', { name: 'Nueva Secuencia' });
  await form.getByLabel(/^Nombre/).fill(name);
  await form.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible(SLOW);
  for (const [subject, body, delay] of steps) {
    await page.getByRole('button', { name: 'Agregar Paso' }).click();
    const stepForm = page.getByRole('dialog', { name: 'Agregar Paso' });
    await stepForm.getByLabel(/^Asunto/).fill(subject);
    await stepForm.getByLabel(/^Cuerpo/).fill(body);
    await stepForm.getByLabel('Días de espera').fill(String(delay));
    await stepForm.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(stepForm).toHaveCount(0, SLOW);
  }
}

test('es: the sender mails both contacts from my Gmail; one unsubscribes; a day later only the other gets step 2', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, admin } = await trialAdmin('mkt-send', 'Café Envíos');
  const julia = uniqueEmail('julia');
  const mario = uniqueEmail('mario');
  await loginThroughUi(page, email, PASSWORD);
  await connectGmailThroughUi(page);
  await createContactThroughUi(page, 'Julia Pérez', julia);
  await createContactThroughUi(page, 'Mario Ruiz', mario);
  await createSequence(page, 'Bienvenida', [
    ['Hola {{nombre}}', 'Gracias por elegirnos, {{nombre}}. Soy {{remitente}}.', 0],
    ['¿Seguimos, {{nombre}}?', 'Escríbenos cuando quieras.', 1],
  ]);
  await page.getByRole('button', { name: 'Inscribir contactos' }).click();
  await pickContact(page, 'Buscar contacto', 'Julia Pérez');
  await pickContact(page, 'Buscar contacto', 'Mario Ruiz');
  await page.getByRole('dialog').getByRole('button', { name: 'Inscribir', exact: true }).click();
  await expect(page.getByTestId('enrollment')).toHaveCount(2, SLOW);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(toast(page, 'Secuencia activada')).toBeVisible(SLOW);

  // A run: both first e-mails, from my address, merge fields filled, with an unsubscribe link.
  expect((await runSequences(admin.organizationId)).sent).toBe(2);
  const [toJulia] = await mailboxFor(julia);
  expect(toJulia.subject).toBe('Hola Julia');
  expect(toJulia.from[0]?.address).toBe(email);
  expect(toJulia.text).toContain('Gracias por elegirnos, Julia. Soy Ana López.');
  expect((await mailboxFor(mario))[0]?.subject).toBe('Hola Mario');
  const enrollments = page.getByTestId('enrollment');
  await expect(enrollments.filter({ hasText: 'Julia Pérez' })).toContainText('Paso 1: Enviado', SLOW);
  await expect(page.getByTestId('number-sent')).toHaveText('2', SLOW);
  // The local mailbox page shows it too.
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${GOOGLE_URL}/?hl=es`);
  await expect(mailbox.locator('article.message').filter({ hasText: julia })).toContainText('Hola Julia');
  await mailbox.close();

  // Julia opens the link in her own browser (no login) and confirms.
  const link = /https?:\/\/\S+unsubscribe\?t=\S+/.exec(toJulia.text)?.[0];
  expect(link).toBeTruthy();
  const contactContext = await browser.newContext();
  const contactPage = await contactContext.newPage();
  await contactPage.goto(link!);
  await contactPage.getByRole('button', { name: 'Confirmar baja' }).click();
  await expect(contactPage.getByText('Se ha dado de baja')).toBeVisible(SLOW);
  await contactContext.close();

  // A day later: step 2 to Mario only.
  const summary = await runSequences(admin.organizationId, Date.now() + 24 * 60 * 60 * 1000 + 60_000);
  expect(summary.sent).toBe(1);
  expect((await mailboxFor(mario)).map((m) => m.subject)).toContain('¿Seguimos, Mario?');
  expect((await mailboxFor(julia)).map((m) => m.subject)).toEqual(['Hola Julia']);
  await expect(enrollments.filter({ hasText: 'Julia Pérez' })).toContainText('Dado de baja', SLOW);
  await expect(enrollments.filter({ hasText: 'Mario Ruiz' })).toContainText('Paso 2: Enviado', SLOW);
  await expect(page.getByTestId('number-unsubscribed')).toHaveText('1', SLOW);
});

/** `count` contacts named 'Lote01 Prueba'… as a CSV the contacts import reads (UTF-8, commas). */
function batchCsv(count: number): Buffer {
  const lines = ['Nombre,Correo'];
  for (let i = 1; i <= count; i++) lines.push(`${batchName(i)},${uniqueEmail(`lote${i}`)}`);
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}
const batchName = (i: number) => `Lote${String(i).padStart(2, '0')} Prueba`;

test("en: a seller sees the admin's sequence read-only, duplicates it, and enrols 50 contacts in the copy at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const { email, admin } = await trialAdmin('mkt-voice', 'Mail Works');
  const seller = uniqueEmail('mkt-seller');
  const everything = { view: true, create: true, edit: true, delete: true };
  await addSeller(admin, seller, PASSWORD, {
    dashboard: { view: true },
    contacts: { view: true },
    marketing: everything,
  });
  await loginThroughUi(page, email, PASSWORD);
  await createSequence(page, 'Onboarding', [['Welcome {{nombre}}', 'Glad to have you.', 0]]);
  // 50 contacts to enrol at once (more than 17 used to be refused: 20 rule reads a batch).
  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Importar CSV' }).click(SLOW);
  const importer = page.getByRole('dialog', { name: 'Importar contactos' });
  await importer.getByTestId('csv-file-input').setInputFiles({
    name: 'lote.csv',
    mimeType: 'text/csv',
    buffer: batchCsv(50),
  });
  await importer.getByRole('button', { name: 'Validar' }).click(SLOW);
  await importer.getByRole('button', { name: 'Importar 50 registros' }).click(SLOW);
  await expect(importer).toContainText('Importación terminada', SLOW);

  const context = await browser.newContext();
  const sellerPage = await context.newPage();
  await sellerPage.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  await loginThroughUi(sellerPage, seller, PASSWORD);
  await sellerPage.goto('/marketing');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Email Marketing' })).toBeVisible(SLOW);
  await sellerPage.getByRole('button', { name: /Onboarding/ }).click(SLOW);
  const originalUrl = sellerPage.url();

  // The admin's voice: read-only steps, the reason, no delete; pausing and duplicating remain.
  await expect(sellerPage.getByTestId('sequence-sender')).toHaveText("Sent from Ana López's Gmail", SLOW);
  await expect(sellerPage.getByTestId('read-only-note')).toContainText('Only Ana López can change the steps');
  await expect(sellerPage.getByText('Welcome {{nombre}}')).toBeVisible();
  await expect(sellerPage.getByText('Step 1 · On enrolment')).toBeVisible();
  for (const name of ['Add Step', 'Delete step 1']) {
    await expect(sellerPage.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(sellerPage.getByRole('button', { name: /^Delete the sequence/ })).toHaveCount(0);
  await expect(sellerPage.getByRole('button', { name: 'Activate' })).toBeVisible();

  // The copy is the seller's own, inactive, with the step; it opens.
  await sellerPage.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(sellerPage, 'Sequence duplicated')).toBeVisible(SLOW);
  await expect(sellerPage.getByRole('heading', { level: 2, name: 'Copy of Onboarding' })).toBeVisible(SLOW);
  expect(sellerPage.url()).not.toBe(originalUrl);
  await expect(sellerPage.getByTestId('sequence-sender')).toHaveText('Sent from your Gmail');
  await expect(sellerPage.getByTestId('read-only-note')).toHaveCount(0);
  await expect(sellerPage.getByText('Welcome {{nombre}}')).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Add Step' })).toBeVisible();

  // 50 contacts enrolled in one go (in batches the rules can judge).
  await sellerPage.getByRole('button', { name: 'Enrol contacts' }).click();
  const enrollForm = sellerPage.getByRole('dialog', { name: 'Enrol contacts' });
  const picker = sellerPage.getByRole('combobox', { name: 'Search contact' });
  for (let i = 1; i <= 50; i++) {
    // Typing opens the list: each 'loteNN' matches exactly one contact.
    await picker.fill(batchName(i).split(' ')[0]!.toLowerCase());
    await sellerPage.getByRole('option', { name: batchName(i) }).click(SLOW);
  }
  await expect(enrollForm.getByText('Chosen contacts (50)')).toBeVisible();
  await enrollForm.getByRole('button', { name: 'Enrol', exact: true }).click();
  await expect(toast(sellerPage, '50 contacts enrolled')).toBeVisible(SLOW);
  await expect(enrollForm).toHaveCount(0);
  await expect(sellerPage.getByTestId('number-enrolled')).toHaveText('50', SLOW);
  await context.close();
});
