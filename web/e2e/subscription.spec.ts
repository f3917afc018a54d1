import { expect, test, type Page } from '@playwright/test';
import {
  addSeller,
  createAdminWithOrganization,
  loginThroughUi,
  STRIPE_URL,
  stripeControl,
  uniqueEmail,
  expectDashboard,
} from './support';

/**
 * The paid gate end to end: a new organization sees the paywall, its admin starts the 14-day
 * trial through the local Stripe's hosted Checkout, the app opens live from the webhook's mirror,
 * the trial ends without a card (Stripe's clock advanced) and the paywall comes back without a
 * reload, a declined card keeps it closed and a good card reopens the app. Sellers see the card
 * without the button.
 */
const PASSWORD = 'secreto123';
const SLOW = { timeout: 45_000 };
const DAY = 86_400;

// These journeys run alone (the 'billing' project, after the others): one at a time, each from
// Stripe's real "now", because advancing the local Stripe's clock ends every trial it holds.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async () => {
  await stripeControl('reset');
});

async function expectPaywall(page: Page, title: string) {
  await expect(page.getByTestId('paywall')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('en: the paywall, hosted Checkout and /subscription in English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  const adminEmail = uniqueEmail('pay-en');
  await createAdminWithOrganization(adminEmail, PASSWORD, { companyName: 'Sunrise Bakery', language: 'en' });
  await page.goto('/auth');
  await page.locator('input[name="email"]').fill(adminEmail);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expectPaywall(page, 'Subscription Required');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/`), SLOW);
  await expect(page.getByText('14 days free, then $20.00 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expectDashboard(page);
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Free trial', SLOW);
  await expect(page.getByTestId('subscription-detail')).toContainText('14 trial days left');

  // The customer portal and back.
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/portal/`), SLOW);
  await page.getByRole('link', { name: /Return to Trato/ }).click();
  await expect(page).toHaveURL(/\/subscription$/, SLOW);
});

test('es: trial without a card, the trial ends, a declined card, then a paid subscription', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const adminEmail = uniqueEmail('pay-admin');
  const admin = await createAdminWithOrganization(adminEmail, PASSWORD, { companyName: 'Panadería Sol' });
  const sellerEmail = uniqueEmail('pay-seller');
  await addSeller(admin, sellerEmail, PASSWORD, { contacts: { view: true } });

  // The seller's version of the card: no button, ask an administrator.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await loginThroughUi(seller, sellerEmail, PASSWORD);
  await expectPaywall(seller, 'Suscripción Requerida');
  await expect(
    seller.getByText('Pide a un administrador de tu organización que active la suscripción.'),
  ).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Iniciar Prueba Gratis' })).toHaveCount(0);

  // The admin: paywall with the price and the four features.
  await loginThroughUi(page, adminEmail, PASSWORD);
  await expectPaywall(page, 'Suscripción Requerida');
  const paywall = page.getByTestId('paywall');
  await expect(paywall).toContainText('$20');
  await expect(paywall).toContainText('por mes');
  for (const feature of [
    'Clientes ilimitados',
    'Oportunidades y tareas ilimitadas',
    'Automatización de marketing',
    '14 días de prueba gratis',
  ])
    await expect(paywall.getByText(feature)).toBeVisible();
  // Ajustes stays reachable without a subscription.
  await page.getByRole('link', { name: 'Ajustes' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();

  // Start the trial: 'Procesando...' then Stripe's hosted Checkout.
  const start = page.getByRole('button', { name: 'Iniciar Prueba Gratis' });
  await start.click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/cs_test_`), SLOW);
  await expect(page.getByText('14 días gratis, luego $20.00 al mes')).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar prueba' }).click();

  // Back in the app: the dashboard opens as soon as the webhook stored the trial.
  await expect(page).toHaveURL(/\/dashboard\?checkout=success$/, SLOW);
  await expect(page.getByTestId('paywall')).toHaveCount(0, SLOW);
  await expectDashboard(page);
  // …and for the seller too, live.
  await expect(seller.getByTestId('paywall')).toHaveCount(0, SLOW);
  await sellerContext.close();

  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Prueba gratis', SLOW);
  await expect(page.getByTestId('subscription-detail')).toContainText('Quedan 14 días de prueba');

  // The trial ends without a card: Stripe cancels, the paywall returns without a reload.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectDashboard(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await stripeControl('clock/advance', { seconds: 15 * DAY });
  await expectPaywall(page, 'Suscripción Requerida');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // No second trial: subscribing needs a card. A declined card leaves the gate closed.
  await expect(page.getByText('14 días de prueba gratis')).toHaveCount(0);
  await page.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/`), SLOW);
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(page.getByText('Tu tarjeta fue rechazada.')).toBeVisible();
  await page.getByRole('link', { name: /Volver/ }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=canceled$/, SLOW);
  await expect(page.getByText('No se completó el pago.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectPaywall(page, 'Suscripción Requerida');

  // The good card opens the app again.
  await page.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/`), SLOW);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Suscribirse' }).click();
  await expectDashboard(page);
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa', SLOW);
  await expect(page.getByTestId('subscription-detail')).toContainText('Próxima renovación');
});
