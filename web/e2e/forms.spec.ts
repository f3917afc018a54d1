import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * Lead-capture forms and consent (issue 31): a member builds and publishes a form that notifies
 * them; a visitor in another browser (not signed in) fills it at its public address and ticks the
 * consent; the member finds the new contact with its consent and the 'Formulario enviado' entry
 * on its timeline, the follow-up task in the bell, the submission on the form's page, and the
 * consent's history with its proof. In English, the public page follows the visitor's browser
 * and refuses answers that do not fit, keeping what was typed.
 */
const SLOW = { timeout: 30_000 };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones \(\d+\)$/ });

test('es: build and publish a form, a visitor fills it, the contact with its consent, timeline and the bell', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email } = await trialAdmin('forms', 'Vivero Las Flores');
  await loginThroughUi(page, email, PASSWORD);

  await page.goto('/marketing');
  await page
    .getByRole('navigation', { name: 'Marketing' })
    .getByRole('link', { name: 'Formularios' })
    .click();
  await expect(page).toHaveURL(/\/marketing\/formularios$/);
  await page.getByRole('button', { name: 'Crear primer formulario' }).click(SLOW);
  const builder = page.getByRole('dialog', { name: 'Nuevo formulario' });
  await builder
    .getByLabel(/^Nombre/)
    .first()
    .fill('Pedidos desde la web');
  // Consent is asked with the offered texts; the admin is told of each submission; published.
  await builder.getByRole('combobox', { name: 'Avisar a' }).click();
  await page.getByRole('option', { name: 'Ana López' }).click();
  await builder.getByRole('switch', { name: 'Publicado' }).check();
  await builder.getByRole('button', { name: 'Crear' }).click();
  await expect(toast(page, 'Formulario creado')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos desde la web' })).toBeVisible(SLOW);
  const address = await page.locator('#form-address').inputValue();
  expect(address).toMatch(/\/f\/[A-Za-z0-9]+-[A-Za-z0-9]+$/);
  await expect(page.locator('#form-embed')).toHaveValue(/^<iframe src=".+\?embed=1"/);

  // A visitor, in another browser context (no session), in Spanish.
  const visitorEmail = uniqueEmail('visita');
  const visitor = await browser.newContext({ locale: 'es-ES' });
  const form = await visitor.newPage();
  await form.goto(address);
  await expect(form.getByRole('heading', { name: 'Pedidos desde la web' })).toBeVisible(SLOW);
  await form.getByLabel(/^Nombre/).fill('Rosa Castillo');
  await form.getByLabel(/^Email/).fill(visitorEmail);
  await form.getByLabel(/^Mensaje/).fill('Quiero 20 macetas para mi negocio.');
  await form.getByRole('checkbox', { name: /Acepto recibir/ }).check();
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByRole('heading', { name: '¡Gracias!' })).toBeVisible(SLOW);
  await visitor.close();

  // The member: the follow-up task in the bell, the submission on the form's page.
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (1)', SLOW);
  await page.reload();
  await expect(page.getByTestId('submission-count')).toHaveText('Envíos: 1', SLOW);
  await page.getByRole('link', { name: 'Rosa Castillo' }).first().click();

  // The contact: a lead, with consent, and 'Formulario enviado' on its timeline.
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Castillo' })).toBeVisible(SLOW);
  await expect(page.getByText('Con consentimiento').first()).toBeVisible(SLOW);
  await page.getByRole('tab', { name: /Actividad/ }).click();
  const timeline = page.getByRole('list', { name: /actividad/i });
  await expect(timeline.getByText('Formulario enviado')).toBeVisible(SLOW);
  await expect(timeline.getByText(/Quiero 20 macetas/)).toBeVisible();
  await expect(timeline.getByText('Contacto nuevo')).toBeVisible();

  // The consent's proof, on its page: where, when and the text the visitor saw.
  await page.getByRole('link', { name: 'Consentimiento' }).click();
  await expect(page).toHaveURL(/\/contactos\/[^/]+\/consentimiento$/);
  const history = page.getByRole('list', { name: 'Historial' });
  await expect(history.getByText('Formulario', { exact: true })).toBeVisible(SLOW);
  await expect(history.getByText(/Acepto recibir comunicaciones de marketing/)).toBeVisible();
  await expect(history.getByText(/el contacto/)).toBeVisible();
});

test('en: the public page speaks the visitor’s language and refuses answers that do not fit, keeping them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email } = await trialAdmin('forms-en', 'Flores Export');
  await loginThroughUi(page, email, PASSWORD);
  await page.goto('/marketing/formularios');
  await page.getByRole('button', { name: 'Crear primer formulario' }).click(SLOW);
  const builder = page.getByRole('dialog', { name: 'Nuevo formulario' });
  await builder
    .getByLabel(/^Nombre/)
    .first()
    .fill('Catálogo');
  await builder.getByRole('switch', { name: 'Publicado' }).check();
  await builder.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo' })).toBeVisible(SLOW);
  const address = await page.locator('#form-address').inputValue();

  const visitor = await browser.newContext({ locale: 'en-US' });
  const form = await visitor.newPage();
  await form.goto(address);
  await expect(form.getByRole('heading', { name: 'Catálogo' })).toBeVisible(SLOW);
  await form.getByLabel(/^Name/).fill('Tom Baker');
  await form.getByLabel(/^Email/).fill('not-an-address');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(/valid e-?mail/i).first()).toBeVisible(SLOW);
  await expect(form.getByLabel(/^Name/)).toHaveValue('Tom Baker');
  await form.getByLabel(/^Email/).fill(uniqueEmail('tom'));
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you!' })).toBeVisible(SLOW);
  await visitor.close();
});
