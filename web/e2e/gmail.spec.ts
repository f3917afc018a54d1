import { expect, test, type Page } from '@playwright/test';
import { GOOGLE_URL, googleControl, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * Ajustes → Email accounts against the local Google (emulator/src/google): the real consent page,
 * the real callables, and the local mailbox page where what was sent is read.
 */
const SLOW = { timeout: 30_000 };

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** 'Conectar Gmail' → Google's consent page (the member's address is pre-selected) → Allow / Deny. */
async function consent(page: Page, connectLabel: RegExp, choice: RegExp) {
  await page.getByRole('button', { name: connectLabel }).click();
  await expect(page).toHaveURL(new RegExp(`^${GOOGLE_URL}/o/oauth2/`), SLOW);
  await page.getByRole('button', { name: choice }).click();
}

test('es: connect Gmail, send a test email that lands in the local mailbox, disconnect; denial and bad returns', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { email } = await trialAdmin('gmail-es', 'Café Correo');
  await loginThroughUi(page, email, PASSWORD);
  await page.goto('/ajustes?tab=email');
  await expect(page.getByText('No conectada').first()).toBeVisible(SLOW);

  await consent(page, /^Conectar Gmail$/, /^Permitir$/);
  await expect(page).toHaveURL(/\/ajustes\?tab=email$/, SLOW); // the marker is gone once shown
  await expect(toast(page, `Cuenta de correo conectada: ${email}`)).toBeVisible();
  await expect(page.getByText(`Conectada como ${email}`)).toBeVisible();
  // The administrator also sees the team's mailboxes.
  const team = page.getByRole('list', { name: 'Buzones del equipo' });
  await expect(team.getByText(email)).toBeVisible(SLOW);

  const to = page.getByLabel(/^Enviar a/);
  await expect(to).toHaveValue(email);
  await to.fill('no-es-un-email');
  await page.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  const recipient = uniqueEmail('gmail-rcpt');
  await to.fill(recipient);
  await page.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(toast(page, 'Email de prueba enviado')).toBeVisible(SLOW);

  // What was sent, on the local mailbox page.
  const mailbox = await context.newPage();
  await mailbox.goto(`${GOOGLE_URL}/?hl=es`);
  const message = mailbox.locator('article.message').filter({ hasText: recipient });
  await expect(message).toContainText('Correo de prueba de Trato ✓');
  await expect(message).toContainText(email);
  await mailbox.close();

  await page.getByRole('button', { name: 'Desconectar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desconectar' }).click();
  await expect(toast(page, 'Cuenta de Gmail desconectada')).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Conectar Gmail' })).toBeVisible();

  // Denied on Google's page → 'Error OAuth' with Google's reason, back on Ajustes.
  await consent(page, /^Conectar Gmail$/, /^Denegar$/);
  await expect(toast(page, 'Error OAuth')).toContainText('access_denied', SLOW);
  await expect(page).toHaveURL(/\/ajustes\?tab=email$/);
  // A return without code or state.
  await page.goto('/auth/gmail/callback');
  await expect(toast(page, 'Parámetros OAuth inválidos')).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/ajustes\?tab=email$/);
  await expect(page.getByText('No conectada').first()).toBeVisible();
});

test('en: a revoked connection shows as broken, the send fails with the reason, Reconnect repairs it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await trialAdmin('gmail-en', 'Mail Works');
  await page.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  await loginThroughUi(page, email, PASSWORD);
  await page.goto('/ajustes?tab=email');
  await consent(page, /^Connect Gmail$/, /^Allow$/);
  await expect(toast(page, `Mail account connected: ${email}`)).toBeVisible(SLOW);

  // The person removes Trato's access in their Google account.
  await googleControl('revoke', { email });
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(toast(page, 'Failed to send email')).toContainText(
    'Google no longer accepts this connection',
    SLOW,
  );
  await expect(page.getByText('Needs reconnecting').first()).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0);

  await consent(page, /^Reconnect$/, /^Allow$/);
  await expect(toast(page, `Mail account connected: ${email}`)).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(toast(page, 'Test email sent')).toBeVisible(SLOW);
});
