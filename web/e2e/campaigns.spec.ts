import { expect, test, type Page } from '@playwright/test';
import {
  connectGmailThroughUi,
  createAdminWithOrganization,
  loginThroughUi,
  mailboxFor,
  PASSWORD,
  runSequences,
  seedContacts,
  seedTopics,
  startTrial,
  trialAdmin,
  uniqueEmail,
} from './support';

/**
 * Marketing lists and campaigns (issue 31): a segment (city = Tegucigalpa, stage customer) with
 * its count and members, a campaign to it — its audience before sending, sent by the outbox, read
 * in the local mailbox, one recipient unsubscribing through the link, the results on the page;
 * in English, a static list filled from a contact's page, a campaign scheduled, paused, resumed
 * and canceled.
 */
const SLOW = { timeout: 30_000 };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('es: a segment, its count and members, a campaign sent to it, read in the mailbox, an unsubscribe and the results', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email, admin } = await trialAdmin('campaign', 'Tienda Lempira');
  const ana = uniqueEmail('ana');
  const beto = uniqueEmail('beto');
  const dario = uniqueEmail('dario');
  await seedContacts(admin, [
    { name: 'Ana Reyes', email: ana, city: 'Tegucigalpa', lifecycleStage: 'customer' },
    { name: 'Beto Cruz', email: beto, city: 'Tegucigalpa', lifecycleStage: 'customer' },
    { name: 'Carla Mejía', email: null, city: 'Tegucigalpa', lifecycleStage: 'customer' },
    { name: 'Darío Paz', email: dario, city: 'San Pedro Sula', lifecycleStage: 'customer' },
    { name: 'Eva Díaz', email: uniqueEmail('eva'), city: 'Tegucigalpa', lifecycleStage: 'lead' },
  ]);
  // The topics contacts may keep or leave on the preference centre.
  await seedTopics(admin, ['Boletín', 'Promociones']);
  await loginThroughUi(page, email, PASSWORD);
  await connectGmailThroughUi(page);

  // The segment.
  await page.goto('/marketing');
  await page.getByRole('navigation', { name: 'Marketing' }).getByRole('link', { name: 'Listas' }).click();
  await expect(page).toHaveURL(/\/marketing\/listas$/);
  await page.getByRole('button', { name: 'Crear primera lista' }).click(SLOW);
  const listForm = page.getByRole('dialog', { name: 'Nueva lista' });
  await listForm.getByLabel(/^Nombre/).fill('Clientes de Tegucigalpa');
  await choose(page, listForm, 'Tipo', 'Segmento');
  await choose(page, listForm, 'Etapa del ciclo de vida', 'Cliente');
  await listForm.getByLabel('Ciudad').fill('Tegucigalpa');
  await listForm.getByRole('button', { name: 'Crear' }).click();
  await expect(toast(page, 'Lista creada')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes de Tegucigalpa' })).toBeVisible(SLOW);
  await expect(page.getByTestId('list-count')).toHaveText('3', SLOW);
  for (const name of ['Ana Reyes', 'Beto Cruz', 'Carla Mejía'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ['Darío Paz', 'Eva Díaz']) await expect(page.getByRole('link', { name })).toHaveCount(0);

  // The campaign, from the list.
  await page.getByRole('link', { name: 'Usar en campaña' }).click();
  const campaignForm = page.getByRole('dialog', { name: 'Nueva campaña' });
  await expect(campaignForm).toBeVisible(SLOW);
  await campaignForm.getByLabel(/^Nombre/).fill('Promoción de diciembre');
  await campaignForm.getByLabel(/^Asunto/).fill('Oferta para ');
  await campaignForm.getByRole('button', { name: 'Insertar {{nombre}} (Nombre)', exact: true }).click();
  await campaignForm.getByLabel(/^Cuerpo/).fill('Hola, 20 % de descuento en toda la tienda.');
  await campaignForm.getByRole('combobox', { name: 'Tema' }).click();
  await page.getByRole('option', { name: 'Promociones' }).click();
  await campaignForm.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(toast(page, 'Campaña guardada como borrador')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Promoción de diciembre' })).toBeVisible(SLOW);
  await expect(page.getByTestId('campaign-status-note')).toContainText('Borrador');

  // Its audience before sending, then 'Enviar ahora'.
  await page.getByRole('button', { name: 'Enviar ahora' }).click();
  const schedule = page.getByRole('dialog', { name: 'Enviar ahora' });
  await expect(schedule.getByTestId('audience-contacts')).toContainText('3', SLOW);
  await expect(schedule.getByTestId('audience-recipients')).toContainText('2');
  await expect(schedule.getByTestId('audience-noEmail')).toContainText('1');
  await schedule.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(toast(page, 'La campaña empieza a enviarse')).toBeVisible(SLOW);

  // The outbox's pass (the local cloud's scheduler, run now): both in the mailbox, once.
  await runSequences(admin.organizationId);
  const [toAna, ...more] = await mailboxFor(ana);
  expect(more).toEqual([]);
  expect(toAna!.subject).toBe('Oferta para Ana');
  expect(toAna!.text).toContain('20 % de descuento');
  expect(await mailboxFor(beto)).toHaveLength(1);
  expect(await mailboxFor(dario)).toHaveLength(0);
  await expect(page.getByTestId('recipients-sent')).toHaveText('2', SLOW);
  await expect(page.getByTestId('campaign-status-note')).toContainText('Enviada', SLOW);

  // Ana opens the link of her e-mail (another browser context: she is not signed in): the
  // preference centre offers the topics, ticked; she leaves everything.
  const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?t=[A-Za-z0-9_.-]+/.exec(toAna!.text)![0];
  const visitor = await page.context().browser()!.newContext({ locale: 'es-ES' });
  const unsubscribe = await visitor.newPage();
  await unsubscribe.goto(link);
  await expect(unsubscribe.getByRole('heading', { name: 'Preferencias de correo' })).toBeVisible(SLOW);
  for (const topic of ['Boletín', 'Promociones'])
    await expect(unsubscribe.getByRole('checkbox', { name: new RegExp(topic) })).toBeChecked();
  await unsubscribe.getByRole('button', { name: 'Darse de baja de todo' }).click();
  await expect(unsubscribe.getByRole('heading', { name: 'Se ha dado de baja' })).toBeVisible(SLOW);
  await visitor.close();
  await page.reload();
  await expect(page.getByTestId('recipients-unsubscribed')).toHaveText('1', SLOW);
  await expect(page.getByTestId('run-recipients')).toHaveText('2');
  await expect(page.getByRole('row', { name: /Ana Reyes/ })).toContainText('Enviado');
});

test('en: a static list filled from a contact’s page; a campaign scheduled, paused, resumed and canceled', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // An English-speaking admin: their profile's language is what every device of theirs opens in.
  const email = uniqueEmail('campaign-en');
  const admin = await createAdminWithOrganization(email, PASSWORD, {
    fullName: 'Sam Reyes',
    companyName: 'Lempira Shop',
    language: 'en',
  });
  await startTrial(admin);
  const [sofiaId] = await seedContacts(admin, [
    { name: 'Sofía Luna', email: uniqueEmail('sofia'), city: 'La Ceiba', lifecycleStage: 'lead' },
  ]);
  await loginThroughUi(page, email, PASSWORD);
  await connectGmailThroughUi(page);

  await page.goto('/marketing/listas');
  await page.getByRole('button', { name: 'Create the first list' }).click(SLOW);
  const listForm = page.getByRole('dialog', { name: 'New list' });
  await listForm.getByLabel(/^Name/).fill('Trade show');
  await listForm.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'List created')).toBeVisible(SLOW);

  // From Sofía's page: Lists → tick 'Trade show'.
  await page.goto(`/contactos/${sofiaId}`);
  await page.getByRole('button', { name: 'Lists' }).click(SLOW);
  const lists = page.getByRole('dialog', { name: /lists/i });
  await lists.getByRole('checkbox', { name: 'Trade show' }).check(SLOW);
  await expect(lists.getByRole('checkbox', { name: 'Trade show' })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/marketing/listas');
  await page.getByRole('row', { name: /Trade show/ }).click(SLOW);
  await expect(page.getByTestId('list-count')).toHaveText('1', SLOW);
  await expect(page.getByRole('link', { name: 'Sofía Luna' })).toBeVisible();

  await page.getByRole('link', { name: 'Use in campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New campaign' });
  await form.getByLabel(/^Name/).fill('Show invitation');
  await form.getByLabel(/^Subject/).fill('See you at the show');
  await form.getByLabel(/^Body/).fill('Come and see us at booth 12.');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Show invitation' })).toBeVisible(SLOW);

  await page.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule campaign' });
  await expect(dialog.getByTestId('audience-recipients')).toContainText('1', SLOW);
  // In two days at 9:30 AM, typed in English order (month first) on English's 12-hour clock.
  const when = new Date(Date.now() + 2 * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const field = dialog.getByRole('textbox', { name: 'Sending date and time' });
  await field.click();
  await page.keyboard.type(`${two(when.getMonth() + 1)}${two(when.getDate())}${when.getFullYear()}0930a`);
  await expect(field).toHaveValue(/^\d\d\/\d\d\/\d{4} 09:30 AM$/);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(toast(page, 'Campaign scheduled')).toBeVisible(SLOW);
  await expect(page.getByTestId('campaign-status-note')).toContainText('Scheduled');

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('campaign-status-note')).toContainText('Paused', SLOW);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('campaign-status-note')).toContainText('Scheduled', SLOW);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: /Cancel the campaign/ })
    .getByRole('button', { name: 'Cancel campaign' })
    .click();
  await expect(page.getByTestId('campaign-status-note')).toContainText('Canceled', SLOW);
  // Nothing went out.
  await runSequences(admin.organizationId);
  await expect(page.getByTestId('campaign-status-note')).toContainText('Canceled');
});
