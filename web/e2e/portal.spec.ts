import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createContactThroughUi,
  expectNoViolations,
  loginThroughUi,
  mailboxFor,
  PASSWORD,
  trialAdmin,
  uniqueEmail,
} from './support';

/**
 * The customer portal (issue 34). In Spanish: an admin turns the portal on in Ajustes → Portal and
 * invites a contact from the contact's portal page; the contact opens the link from the local
 * mailbox in another browser (which asks for the address again), opens a ticket with an
 * attachment; the owner sees it with 'Respondió el cliente', answers publicly and adds an internal
 * note; the customer sees the answer and never the note, and replies; the bell tells the owner;
 * revoking the access ends the customer's session at their next read. In English: a contact
 * signs up on their own with their address, opens a ticket without attachments and closes it.
 */
const SLOW = { timeout: 30_000 };

const slugOf = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** The sign-in link of the newest portal e-mail to `to` (invitation or requested link). */
async function portalLink(to: string, slug: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const mail = (await mailboxFor(to)).find((m) => m.text.includes(`/portal/${slug}/entrar`));
    expect(mail, `a portal e-mail to ${to}`).toBeTruthy();
    link = /https?:\/\/\S+\/portal\/\S+\/entrar\S*/.exec(mail!.text)![0];
  }).toPass(SLOW);
  // Invitations lead to APP_URL (the dev server's port); the journeys' server has its own.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Ajustes → Portal: on, with this address, saved. */
async function enablePortal(
  page: Page,
  slug: string,
  labels = {
    on: 'Activar el portal',
    address: 'Dirección',
    save: 'Guardar cambios',
    saved: 'Portal guardado',
  },
) {
  await page.goto('/ajustes?tab=portal');
  const form = page.getByRole('form', { name: /Portal de clientes|Customer portal/ });
  await form.getByRole('switch', { name: labels.on }).check(SLOW);
  const address = form.getByRole('textbox', { name: labels.address, exact: true });
  await address.fill(slug);
  return { form, save: () => form.getByRole('button', { name: labels.save }).click(), saved: labels.saved };
}

async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test('es: enable the portal, invite a contact; a ticket with an attachment, a public reply and an internal note, the customer answers, access revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { email } = await trialAdmin('portal-es', 'Cafetalera Montecillos');
  await loginThroughUi(page, email, PASSWORD);

  // Ajustes → Portal.
  const slug = slugOf('montecillos');
  const settings = await enablePortal(page, slug);
  await settings.save();
  await expect(page.getByText(settings.saved)).toBeVisible(SLOW);
  await expectNoViolations(page, 'Ajustes → Portal');

  // A contact, invited from their portal page.
  const julia = uniqueEmail('julia');
  const contactUrl = await createContactThroughUi(page, 'Julia Pérez', julia);
  await page.getByRole('link', { name: 'Portal' }).click();
  await expect(page).toHaveURL(`${contactUrl}/portal`);
  await expect(page.getByText('Sin acceso').first()).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Invitar al portal' }).click();
  await expect(page.getByText(`Invitación enviada a ${julia}`)).toBeVisible(SLOW);
  await expect(page.getByText('Invitado').first()).toBeVisible(SLOW);

  // The customer opens the link on her phone: another browser, so she confirms her address.
  const link = await portalLink(julia, slug);
  const customer = await customerPage(browser);
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Confirma tu correo' })).toBeVisible(SLOW);
  await customer.getByLabel('Correo electrónico').fill(julia);
  await customer.getByRole('button', { name: 'Entrar' }).click();
  await expect(customer.getByText('Aún no tienes tickets')).toBeVisible(SLOW);
  await expect(customer).toHaveURL(new RegExp(`/portal/${slug}(\\?lang=es)?$`));
  await expectNoViolations(customer, 'the portal, no tickets');

  // A ticket with an attachment.
  await customer.getByRole('link', { name: 'Nuevo ticket' }).first().click();
  await customer.getByLabel(/^Asunto/).fill('El pedido 1042 llegó incompleto');
  await customer.getByLabel(/^Descripción/).fill('Faltan dos sacos de café tostado.');
  await customer.locator('input[type=file]').setInputFiles({
    name: 'factura-1042.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% factura 1042\n'),
  });
  await expect(customer.getByText('factura-1042.pdf')).toBeVisible();
  await customer.getByRole('button', { name: 'Enviar ticket' }).click();
  await expect(customer.getByRole('heading', { name: 'El pedido 1042 llegó incompleto' })).toBeVisible(SLOW);
  await expect(customer.getByText('factura-1042.pdf')).toBeVisible();

  // The team: the ticket is there, from the portal, the customer wrote last.
  await page.goto('/tickets');
  const card = page.getByRole('link', { name: /El pedido 1042 llegó incompleto/ });
  await expect(card).toBeVisible(SLOW);
  await expect(card).toContainText('Respondió el cliente');
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'El pedido 1042 llegó incompleto' })).toBeVisible(
    SLOW,
  );
  await expect(page.getByText('Portal').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /factura-1042\.pdf/ })).toBeVisible();

  // A public reply, then an internal note.
  const composer = page.getByRole('form', { name: 'Responder al ticket' });
  await expect(composer.getByRole('button', { name: 'Respuesta pública' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await composer.getByRole('textbox').fill('Hola Julia, hoy salen los dos sacos que faltan.');
  await composer.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(/Respuesta (publicada|enviada por e-mail)/)).toBeVisible(SLOW);
  await composer.getByRole('button', { name: 'Nota interna', exact: true }).click();
  await expect(composer.getByRole('button', { name: 'Nota interna', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await composer.getByRole('textbox').fill('Revisar con bodega: es el tercer pedido incompleto.');
  await composer.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Nota interna añadida')).toBeVisible(SLOW);
  await expect(page.getByText('Esperando al cliente').first()).toBeVisible(SLOW);
  await expectNoViolations(page, 'the ticket with its conversation');

  // The customer sees the reply, never the note, and answers.
  await customer.reload();
  await expect(customer.getByText('Hola Julia, hoy salen los dos sacos que faltan.')).toBeVisible(SLOW);
  await expect(customer.getByText(/tercer pedido incompleto/)).toHaveCount(0);
  await customer.getByLabel('Tu respuesta').fill('¡Gracias! Los espero mañana.');
  await customer.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(customer.getByText('Respuesta enviada.')).toBeVisible(SLOW);
  await expect(customer.getByText('¡Gracias! Los espero mañana.')).toBeVisible(SLOW);
  await expectNoViolations(customer, 'the portal ticket');

  // Live on the team's page, and in the owner's bell.
  await expect(page.getByText('¡Gracias! Los espero mañana.')).toBeVisible(SLOW);
  await expect(page.getByText('Respondió el cliente').first()).toBeVisible(SLOW);
  await page.getByTestId('notifications-bell').click();
  await expect(
    page.getByTestId('notification-item').filter({ hasText: 'El pedido 1042 llegó incompleto' }),
  ).toBeVisible(SLOW);
  await page.keyboard.press('Escape');

  // Access revoked: the customer's next read is refused.
  await page.goto(`${contactUrl}/portal`);
  await expect(page.getByText('Activo').first()).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Revocar acceso' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revocar acceso' }).click();
  await expect(page.getByText('Acceso revocado').first()).toBeVisible(SLOW);
  // Her open ticket is read again within PORTAL_POLL_SECONDS: refused, she is signed out.
  await expect(customer.getByRole('heading', { name: 'Tu acceso a este portal fue retirado' })).toBeVisible({
    timeout: 60_000,
  });
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Entrar' })).toBeVisible(SLOW);
  await customer.context().close();
});

test('en: a contact signs up with their address, opens a ticket and closes it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { email } = await trialAdmin('portal-en', 'Montecillos Coffee');
  await loginThroughUi(page, email, PASSWORD);
  // The admin: sign-up for existing contacts, and a contact with an address.
  const slug = slugOf('coffee');
  const settings = await enablePortal(page, slug);
  await settings.form.getByRole('checkbox', { name: 'English' }).check();
  const signup = settings.form.getByRole('combobox', { name: 'Registro' });
  const option = page.getByRole('option', { name: 'Contactos existentes' });
  await expect(async () => {
    if (!(await option.isVisible())) await signup.click();
    await option.click({ timeout: 2_000 });
    await expect(signup).toHaveText('Contactos existentes', { timeout: 1_000 });
  }).toPass(SLOW);
  await settings.save();
  await expect(page.getByText(settings.saved)).toBeVisible(SLOW);
  const sam = uniqueEmail('sam');
  await createContactThroughUi(page, 'Sam Carter', sam);

  // Sam asks for a link in English on the portal and opens it in the same browser.
  const customer = await customerPage(browser);
  await customer.goto(`/portal/${slug}?lang=en`);
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible(SLOW);
  await customer.getByLabel('Email').fill(sam);
  await customer.getByRole('button', { name: 'Email me the link' }).click();
  await expect(customer.getByText(`We sent a link to ${sam}.`, { exact: false })).toBeVisible(SLOW);
  await expectNoViolations(customer, 'the portal, link sent');
  await customer.goto(await portalLink(sam, slug));
  await expect(customer.getByText('You have no tickets yet')).toBeVisible(SLOW);

  await customer.getByRole('link', { name: 'New ticket' }).first().click();
  await customer.getByLabel(/^Subject/).fill('Invoice address is wrong');
  await customer.getByRole('button', { name: 'Send ticket' }).click();
  await expect(customer.getByRole('heading', { name: 'Invoice address is wrong' })).toBeVisible(SLOW);
  await customer.getByRole('button', { name: 'Close ticket' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
  await expect(customer.getByText('This ticket is closed')).toBeVisible(SLOW);
  await expect(customer.getByLabel('Your reply')).toHaveCount(0);
  await customer.context().close();
});
