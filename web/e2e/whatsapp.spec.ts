import { expect, test, type Page } from '@playwright/test';
import {
  createAdminWithOrganization,
  loginThroughUi,
  PASSWORD,
  startTrial,
  trialAdmin,
  uniqueEmail,
} from './support';

/**
 * The WhatsApp channel (issue 33) against the local WhatsApp: an admin connects a number in
 * Ajustes → Canales, creates a template and approves it on the local WhatsApp's page, records a
 * contact's WhatsApp consent, sends the template from the contact's page; the contact's phone
 * reads it (ticks) and answers on the local page; the inbox shows the reply live and unread; a
 * free-form answer inside the 24-hour window reaches the phone; BAJA opts the contact out. In
 * English: a refused connection keeps what was typed, and the empty inbox.
 */
const SLOW = { timeout: 30_000 };
const WHATSAPP_URL = `http://${process.env.WHATSAPP_EMULATOR_HOST ?? '127.0.0.1:9650'}`;

async function waControl<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${WHATSAPP_URL}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`whatsapp control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Account {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  accessToken: string;
}
interface PhoneMessage {
  id: string;
  text: string;
  status?: string;
}

const phoneMessages = (account: Account, waId: string) =>
  waControl<{ messages: PhoneMessage[] }>(
    `messages?phoneNumberId=${account.phoneNumberId}&wa_id=${waId}&direction=outbound`,
  ).then((r) => r.messages);

async function connectThroughUi(page: Page, account: Account, lang: 'es' | 'en' = 'es') {
  const t =
    lang === 'es'
      ? {
          id: /^ID del número de teléfono/,
          waba: /^ID de la cuenta de WhatsApp Business/,
          token: /^Token de acceso/,
          connect: 'Conectar',
        }
      : {
          id: /^Phone number ID/,
          waba: /^WhatsApp Business Account ID/,
          token: /^Access token/,
          connect: 'Connect',
        };
  await page.goto('/ajustes?tab=canales');
  await page.getByRole('textbox', { name: t.id }).fill(account.phoneNumberId, SLOW);
  await page.getByRole('textbox', { name: t.waba }).fill(account.wabaId);
  await page.getByLabel(t.token).fill(account.accessToken);
  await page.getByRole('button', { name: t.connect, exact: true }).click();
}

test('es: connect a number, approve a template, send it to a consenting contact, her reply in the inbox, an answer in the window, BAJA', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { email } = await trialAdmin('wa-es', 'Ferretería El Martillo');
  const account = await waControl<Account>('accounts', { verifiedName: 'Ferretería El Martillo' });
  const digits = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const local = `${digits.slice(0, 4)}-${digits.slice(4)}`;
  const waId = `504${digits}`;
  const templateName = `novedades_${Date.now().toString(36)}`;
  await loginThroughUi(page, email, PASSWORD);

  // Ajustes → Canales: the number connected.
  await connectThroughUi(page, account);
  await expect(page.getByText('Conectado', { exact: true })).toBeVisible(SLOW);
  await expect(page.getByText(account.displayPhoneNumber).first()).toBeVisible();

  // A template, submitted for review.
  await page.goto('/marketing/whatsapp');
  await page.getByRole('button', { name: 'Nueva plantilla' }).first().click(SLOW);
  const form = page.getByRole('dialog', { name: 'Nueva plantilla de WhatsApp' });
  await form.getByRole('textbox', { name: /^Nombre/ }).fill(templateName);
  await form
    .getByRole('textbox', { name: /^Cuerpo/ })
    .fill('Hola {{1}}, llegaron las herramientas que pediste.');
  await form.getByRole('button', { name: 'Enviar a revisión' }).click();
  await expect(form).toHaveCount(0, SLOW);
  const row = page.getByRole('listitem').filter({ hasText: templateName });
  await expect(row.getByText('En revisión')).toBeVisible(SLOW);

  // Approved on the local WhatsApp's page: the list follows live.
  const platform = await browser.newPage();
  await platform.goto(`${WHATSAPP_URL}/?hl=es`);
  await platform
    .getByRole('row')
    .filter({ hasText: templateName })
    .getByRole('button', { name: 'Aprobar' })
    .click();
  await expect(row.getByText('Aprobada')).toBeVisible(SLOW);

  // Marta, with her phone in its local form, and her WhatsApp consent recorded.
  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click(SLOW);
  const contactForm = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await contactForm.getByLabel('Nombre').fill('Marta Reyes');
  await contactForm.getByLabel(/^Email/).fill(uniqueEmail('marta'));
  await contactForm.getByLabel(/^Teléfono/).fill(local);
  await contactForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Reyes' })).toBeVisible(SLOW);
  const contactUrl = page.url();
  await page.goto(`${contactUrl}/consentimiento`);
  const consent = page.getByRole('form', { name: 'Registrar consentimiento' });
  const channel = consent.getByRole('combobox', { name: 'Canal' });
  // A click that lands while the select renders opens nothing: open it again until it is chosen.
  await expect(async () => {
    if (!(await page.getByRole('option', { name: 'WhatsApp' }).isVisible())) await channel.click();
    await page.getByRole('option', { name: 'WhatsApp' }).click({ timeout: 2_000 });
    await expect(channel).toHaveText('WhatsApp', { timeout: 1_000 });
  }).toPass(SLOW);
  await consent.getByLabel(/^Cómo se obtuvo/).fill('Lo pidió en la tienda');
  await consent.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Consentimiento registrado')).toBeVisible(SLOW);
  // The state per channel: WhatsApp no longer 'Sin registrar'.
  await expect(page.getByRole('definition').filter({ hasText: 'Sin registrar' })).toHaveCount(1, SLOW);

  // Her WhatsApp page: outside any window, only templates; the approved one, filled for her.
  await page.goto(contactUrl);
  await page.getByRole('link', { name: 'WhatsApp' }).click(SLOW);
  await expect(page.getByText(/solo puedes enviar una plantilla aprobada/)).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Enviar plantilla' }).click();
  const picker = page.getByRole('dialog', { name: 'Enviar plantilla' });
  await picker.getByRole('radio', { name: new RegExp(templateName) }).check(SLOW);
  await expect(picker.getByText('Hola Marta, llegaron las herramientas que pediste.')).toBeVisible();
  await picker.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(picker).toHaveCount(0, SLOW);
  await expect
    .poll(async () => (await phoneMessages(account, waId)).map((m) => m.text), SLOW)
    .toEqual([expect.stringContaining('Hola Marta, llegaron las herramientas que pediste.')]);

  // Her phone opens the chat (read) and she answers.
  await platform.goto(`${WHATSAPP_URL}/chat?phone_number_id=${account.phoneNumberId}&wa_id=${waId}&hl=es`);
  await expect(page.getByText('Leído').first()).toBeVisible(SLOW);
  await platform
    .getByRole('textbox', { name: 'Responder como el contacto' })
    .fill('¿Tienen taladros de 1/2?');
  await platform
    .getByRole('form', { name: 'Responder como el contacto' })
    .getByRole('button', { name: 'Enviar' })
    .click();

  // The inbox: her conversation, unread, live.
  await page.goto('/conversaciones');
  const conversation = page.getByRole('link').filter({ hasText: 'Marta Reyes' });
  await expect(conversation).toContainText('1 mensaje sin leer', SLOW);
  await conversation.click();
  await expect(page.getByText('¿Tienen taladros de 1/2?')).toBeVisible(SLOW);
  await expect(page.getByText(/Ventana abierta/)).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Mensaje' });
  await box.fill('Sí, de 600 W y 800 W. ¿Le aparto uno?');
  await box.press('Enter');
  await expect(box).toHaveValue('', SLOW);
  await expect
    .poll(async () => (await phoneMessages(account, waId)).map((m) => m.text), SLOW)
    .toContain('Sí, de 600 W y 800 W. ¿Le aparto uno?');
  // Unread cleared once opened.
  await page.getByRole('button', { name: 'No leídas' }).click();
  await expect(page.getByText('No hay mensajes sin leer')).toBeVisible(SLOW);

  // BAJA: opted out at once, told so, and the composer says why.
  await waControl('inbound', {
    phoneNumberId: account.phoneNumberId,
    from: waId,
    name: 'Marta',
    text: 'BAJA',
  });
  await page.goto(`${contactUrl}/whatsapp`);
  await expect(
    page.getByText('Este contacto se dio de baja de WhatsApp: no se le pueden enviar mensajes.'),
  ).toBeVisible(SLOW);
  await expect
    .poll(async () => (await phoneMessages(account, waId)).map((m) => m.text), SLOW)
    .toContainEqual(expect.stringMatching(/no te enviaremos más mensajes/));
  await platform.close();
});

test('en: a refused connection keeps what was typed; the empty inbox', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('wa-en');
  const admin = await createAdminWithOrganization(email, PASSWORD, {
    fullName: 'Sam Reyes',
    companyName: 'Lempira Tools',
    language: 'en',
  });
  await startTrial(admin);
  const account = await waControl<Account>('accounts', { verifiedName: 'Lempira Tools' });
  await loginThroughUi(page, email, PASSWORD);

  await connectThroughUi(page, { ...account, accessToken: 'EAAnot-a-valid-token' }, 'en');
  await expect(page.getByText(/Meta refused the token/)).toBeVisible(SLOW);
  await expect(page.getByRole('textbox', { name: /^Phone number ID/ })).toHaveValue(account.phoneNumberId);
  await expect(page.getByLabel(/^Access token/)).toHaveValue('EAAnot-a-valid-token');

  await page.goto('/conversaciones');
  await expect(page.getByText('No conversations yet')).toBeVisible(SLOW);
});
