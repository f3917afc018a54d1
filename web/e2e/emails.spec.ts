import { expect, test, type Page } from '@playwright/test';
import {
  connectGmailThroughUi,
  createAdminWithOrganization,
  createContactThroughUi,
  GOOGLE_URL,
  googleControl,
  loginThroughUi,
  mailboxFor,
  PASSWORD,
  runSequences,
  seedContacts,
  startTrial,
  trialAdmin,
  uniqueEmail,
  expectNoViolations,
} from './support';

/**
 * Two-way e-mail (issue 32) against the local Google: a sequence e-mail read in the local mailbox,
 * the contact's reply delivered to the member's Gmail, 'Sincronizar', the conversation on the
 * contact's Emails page, the reply in the bell, the enrolment ended 'Respondió' (its second step
 * never sent), and 'Responder' from Trato landing in the contact's thread with In-Reply-To; in
 * English, an e-mail written from a contact's page.
 */
const SLOW = { timeout: 30_000 };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

interface LocalMessage {
  id: string;
  threadId: string;
  subject: string;
  text: string | null;
  messageId: string | null;
  labelIds: string[];
  headers: { name: string; value: string }[];
  to: { address: string }[];
}

/** The local Gmail's messages of one account (newest first), optionally with a label. */
async function mailboxOf(account: string, label?: string): Promise<LocalMessage[]> {
  const query = new URLSearchParams({ account, ...(label ? { label } : {}) });
  const response = await fetch(`${GOOGLE_URL}/__control/messages?${query}`);
  return ((await response.json()) as { messages: LocalMessage[] }).messages;
}

const header = (message: LocalMessage, name: string) =>
  message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

async function pickContact(page: Page, label: string, name: string) {
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(name.slice(0, 4));
  await page.getByRole('option', { name }).click(SLOW);
}

test('es: a contact replies to a sequence e-mail — the conversation, the bell, Respondió, and Responder from Trato', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { email, admin } = await trialAdmin('emails-es', 'Café Correo');
  const julia = uniqueEmail('julia');
  await loginThroughUi(page, email, PASSWORD);
  await connectGmailThroughUi(page);
  // Connected now, Trato may read it: no warning, and the sync's line.
  await expect(page.getByTestId('mail-reconnect')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Compartir mis emails con la organización/ })).toBeChecked();
  await expectNoViolations(page, 'Ajustes → Cuentas de email');
  const juliaUrl = await createContactThroughUi(page, 'Julia Pérez', julia);

  // A two-step sequence, Julia enrolled, active.
  await page.goto('/marketing');
  await page.getByRole('button', { name: 'Nueva Secuencia' }).first().click(SLOW);
  const sequenceForm = page.getByRole('dialog', { name: 'Nueva Secuencia' });
  await sequenceForm.getByLabel(/^Nombre/).fill('Bienvenida');
  await sequenceForm.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bienvenida' })).toBeVisible(SLOW);
  const sequenceUrl = page.url();
  for (const [subject, body, delay] of [
    ['Hola {{nombre}}', 'Gracias por elegirnos, {{nombre}}.', 0],
    ['¿Seguimos, {{nombre}}?', 'Escríbenos cuando quieras.', 2],
  ] as const) {
    await page.getByRole('button', { name: 'Agregar Paso' }).click();
    const stepForm = page.getByRole('dialog', { name: 'Agregar Paso' });
    await stepForm.getByLabel(/^Asunto/).fill(subject);
    await stepForm.getByLabel(/^Cuerpo/).fill(body);
    await stepForm.getByLabel('Días de espera').fill(String(delay));
    await stepForm.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(stepForm).toHaveCount(0, SLOW);
  }
  await page.getByRole('button', { name: 'Inscribir contactos' }).click();
  await pickContact(page, 'Buscar contacto', 'Julia Pérez');
  await page.getByRole('dialog').getByRole('button', { name: 'Inscribir', exact: true }).click();
  await expect(page.getByTestId('enrollment')).toHaveCount(1, SLOW);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(toast(page, 'Secuencia activada')).toBeVisible(SLOW);

  // The sender: the first e-mail, in the local mailbox (and on its page).
  expect((await runSequences(admin.organizationId)).sent).toBe(1);
  const [sent] = await mailboxFor(julia);
  expect(sent!.subject).toBe('Hola Julia');
  const mailboxPage = await page.context().newPage();
  await mailboxPage.goto(`${GOOGLE_URL}/?hl=es`);
  await expect(mailboxPage.locator('article.message').filter({ hasText: julia }).first()).toContainText(
    'Hola Julia',
  );
  await mailboxPage.close();

  // Julia answers it (into the member's Gmail, in the thread).
  const [original] = await mailboxOf(email, 'SENT');
  expect(original!.subject).toBe('Hola Julia');
  const delivered = await googleControl<{ id: string; threadId: string }>('deliver', {
    to: email,
    from: { name: 'Julia Pérez', address: julia },
    inReplyTo: original!.id,
    text: 'Sí, me interesa. ¿Hablamos el lunes?',
  });
  const replyMessageId = (await mailboxOf(email, 'INBOX')).find((m) => m.id === delivered.id)!.messageId;

  // Her e-mails page: 'Sincronizar' reads the mailbox now.
  await page.goto(`${juliaUrl}/emails`);
  await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(toast(page, /emails? nuevos?/)).toBeVisible(SLOW);
  const thread = page.getByTestId('email-thread').filter({ hasText: 'Hola Julia' });
  await expect(thread).toContainText('2 mensajes', SLOW);
  await expect(thread).toContainText('Recibido');
  await thread.click();
  const messages = page.getByTestId('email-message');
  await expect(messages).toHaveCount(2, SLOW);
  await expect(messages.nth(0)).toContainText('Enviado');
  await expect(messages.nth(1)).toContainText('Julia Pérez');
  await expect(messages.nth(1)).toContainText('Sí, me interesa. ¿Hablamos el lunes?', SLOW);
  await expectNoViolations(page, 'the conversation');

  // The bell: 'Respuesta de Julia Pérez', leading to the conversation.
  await page.getByTestId('notifications-bell').click();
  const reply = page.getByTestId('notification-item').filter({ hasText: 'Respuesta de Julia Pérez' });
  await expect(reply).toContainText('Re: Hola Julia', SLOW);
  await expectNoViolations(page, 'the bell with a reply');
  await reply.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/emails\?mensaje=/);
  await expect(page.getByTestId('email-message').nth(1)).toContainText('Sí, me interesa', SLOW);

  // The enrolment ended: 'Respondió', and its second step is never sent.
  await page.goto(sequenceUrl);
  const enrollment = page.getByTestId('enrollment').filter({ hasText: 'Julia Pérez' });
  await expect(enrollment).toContainText('Respondió', SLOW);
  await expect(enrollment).toContainText('Paso 2: Omitido');
  expect((await runSequences(admin.organizationId, Date.now() + 3 * 24 * 60 * 60 * 1000)).sent ?? 0).toBe(0);
  expect((await mailboxFor(julia)).map((m) => m.subject)).toEqual(['Hola Julia']);

  // The timeline's e-mail leads to it too.
  await page.goto(juliaUrl);
  await page.getByRole('tab', { name: 'Actividad' }).click();
  await page.getByRole('link', { name: 'Re: Hola Julia' }).click(SLOW);
  await expect(page).toHaveURL(/\/contactos\/[^/]+\/emails\?mensaje=/);

  // 'Responder' from Trato: in her thread, with In-Reply-To.
  const answered = page.getByTestId('email-message').nth(1);
  await answered.getByRole('button', { name: 'Responder' }).click(SLOW);
  const compose = page.getByRole('dialog', { name: 'Responder' });
  await expect(compose.getByRole('list', { name: 'Destinatarios' })).toHaveText(julia);
  await expect(compose.getByLabel(/^Asunto/)).toHaveValue('Re: Hola Julia');
  await expectNoViolations(page, 'the reply form');
  await compose.getByLabel(/^Mensaje/).fill('Perfecto, {{nombre}}: el lunes a las 10.');
  await compose.getByRole('button', { name: 'Enviar' }).click();
  await expect(toast(page, 'Email enviado')).toBeVisible(SLOW);
  await expect(compose).toHaveCount(0);
  await expect(page.getByTestId('email-message')).toHaveCount(3, SLOW);
  await expect(page.getByTestId('email-message').nth(2)).toContainText(
    'Perfecto, Julia: el lunes a las 10.',
    SLOW,
  );
  const answer = (await mailboxFor(julia)).find((m) => m.subject === 'Re: Hola Julia');
  expect(answer?.text).toContain('Perfecto, Julia: el lunes a las 10.');
  const [outgoing] = (await mailboxOf(email, 'SENT')).filter((m) => m.subject === 'Re: Hola Julia');
  expect(header(outgoing!, 'In-Reply-To')).toBe(replyMessageId);
  expect(outgoing!.threadId).toBe(delivered.threadId);
});

test('en: write an e-mail from a contact’s page', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('emails-en');
  const admin = await createAdminWithOrganization(email, PASSWORD, {
    fullName: 'Sam Reyes',
    companyName: 'Lempira Shop',
    language: 'en',
  });
  await startTrial(admin);
  const sofia = uniqueEmail('sofia');
  const [sofiaId] = await seedContacts(admin, [
    { name: 'Sofía Luna', email: sofia, city: 'La Ceiba', lifecycleStage: 'lead' },
  ]);
  await loginThroughUi(page, email, PASSWORD);

  // Without Gmail: the page says how to connect it.
  await page.goto(`/contactos/${sofiaId}`);
  // The first CRM page waits for the trial's webhook (the paywall until then).
  await expect(page.getByRole('heading', { level: 1, name: 'Sofía Luna' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Emails', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contactos/${sofiaId}/emails$`));
  await expect(page.getByText('No emails with this contact yet.')).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: 'Go to Email accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write email' })).toHaveCount(0);
  await expectNoViolations(page, 'no e-mails, no Gmail');

  await connectGmailThroughUi(page);
  await page.goto(`/contactos/${sofiaId}/emails`);
  await page.getByRole('button', { name: 'Write email' }).click(SLOW);
  const compose = page.getByRole('dialog', { name: 'Write email' });
  await expect(compose.getByRole('list', { name: 'Recipients' })).toHaveText(sofia);
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose.getByText('Write a subject.')).toBeVisible();
  await expect(compose.getByText('Write the message.')).toBeVisible();
  await compose.getByLabel(/^Cc/).fill('not-an-address');
  await compose.getByLabel(/^Subject/).fill('Your order, {{nombre}}');
  await compose.getByLabel(/^Message/).fill('Hi ');
  await compose.getByRole('button', { name: 'Insert {{nombre}} (First name)' }).click();
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose.getByText('Invalid address: not-an-address')).toBeVisible();
  await compose
    .getByRole('listitem')
    .filter({ hasText: 'not-an-address' })
    .locator('.MuiChip-deleteIcon')
    .click();
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Email sent')).toBeVisible(SLOW);
  // The conversation, kept at once.
  const message = page.getByTestId('email-message');
  await expect(message).toHaveCount(1, SLOW);
  await expect(message).toContainText('Sent');
  await expect(message).toContainText('Hi Sofía', SLOW);
  const [received] = await mailboxFor(sofia);
  expect(received!.subject).toBe('Your order, Sofía');
  expect(received!.text).toContain('Hi Sofía');
});
