import { expect, test, type Page } from '@playwright/test';
import {
  createAdminWithOrganization,
  createEmulatorUser,
  emulatorOobCodes,
  startTrial,
  uniqueEmail,
  uniqueUsername,
  expectDashboard,
} from './support';

const PASSWORD = 'secreto123';
/** Sign-up and the first function calls (cold in the emulator) may take a while. */
const SLOW = { timeout: 45_000 };

async function fillAdminSignUp(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Crear cuenta' }).click();
  await page.getByLabel(/^Nombre completo/).fill('Ana López');
  await page.getByLabel(/^Usuario/).fill(uniqueUsername('ana_lopez'));
  await page.getByLabel(/^Nombre de la empresa/).fill('Café Aurora');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
}

/** 'Cerrar sesión' of the user menu (the dashboard's header has one too: see the login test). */
async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Menú de usuario/ }).click();
  await page
    .getByRole('dialog', { name: 'Menú de usuario' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
}

async function login(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

test.describe('sign-up and login against the Auth emulator', () => {
  test('an administrator signs up, gets an organization, lands on the dashboard and gets a confirmation email', async ({
    page,
  }) => {
    const email = uniqueEmail('admin');
    await fillAdminSignUp(page, email);
    await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard$/, SLOW);
    // Title and description of the one toast, in one look (it hides itself after a few seconds).
    await expect(page.getByTestId('toast')).toContainText(
      /Cuenta creada[\s\S]*Revisa tu email para confirmar/,
    );
    // A new organization has no subscription yet: the dashboard shows the paywall.
    await expect(page.getByRole('heading', { level: 1, name: 'Suscripción Requerida' })).toBeVisible(SLOW);
    await expect(page.getByTestId('user-email')).toHaveText(email);
    // The organization exists: its name is in the top bar, and the sign-up metadata was used up.
    await expect(page.getByTestId('org-name')).toHaveText('Café Aurora');
    expect(await page.evaluate(() => window.localStorage.getItem('trato.pendingSignup'))).toBeNull();

    const codes = await emulatorOobCodes();
    expect(codes.some((code) => code.email === email && code.requestType === 'VERIFY_EMAIL')).toBe(true);
  });

  test('a taken username is refused before the account is created', async ({ page }) => {
    const taken = await createAdminWithOrganization(uniqueEmail('owner'), PASSWORD);
    const email = uniqueEmail('second');
    await fillAdminSignUp(page, email);
    await page.getByLabel(/^Usuario/).fill(taken.username);
    await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
      'Ese usuario ya está en uso',
      SLOW,
    );
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a signed-in user without an organization finishes it in the onboarding step', async ({ page }) => {
    const email = uniqueEmail('noorg');
    await createEmulatorUser(email, PASSWORD);
    await page.goto('/auth');
    await login(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Termina de crear tu organización',
      SLOW,
    );
    await page.getByLabel(/^Nombre completo/).fill('Marta Ruiz');
    await page.getByLabel(/^Usuario/).fill(uniqueUsername('marta'));
    await page.getByLabel(/^Nombre de la empresa/).fill('Ferretería Centro');
    await page.getByRole('button', { name: 'Crear organización' }).click();
    await expect(page.getByTestId('org-name')).toHaveText('Ferretería Centro', SLOW);
    await expect(page.getByRole('heading', { level: 1, name: 'Suscripción Requerida' })).toBeVisible(SLOW);
  });

  test('a registered user logs in, is welcomed back, and can sign out', async ({ page }) => {
    const email = uniqueEmail('login');
    await startTrial(await createAdminWithOrganization(email, PASSWORD));
    await page.goto('/auth');
    await login(page, email);
    await expect(page.getByTestId('toast')).toContainText('Bienvenido de vuelta');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The session survives a reload.
    await page.reload();
    await expectDashboard(page);

    await signOut(page);
    await expect(page.getByTestId('toast')).toContainText('Sesión cerrada correctamente');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password shows an error toast with a friendly message', async ({ page }) => {
    const email = uniqueEmail('wrongpw');
    await createEmulatorUser(email, PASSWORD);
    await page.goto('/auth');
    await login(page, email, 'not-the-password');
    const toast = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(toast).toContainText('Email o contraseña incorrectos');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeEnabled();
  });

  test('signing up twice with the same email is refused', async ({ page }) => {
    const email = uniqueEmail('dup');
    await createEmulatorUser(email, PASSWORD);
    await fillAdminSignUp(page, email);
    await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
      'Ya existe una cuenta con ese email',
    );
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('password recovery sends a reset email', async ({ page }) => {
    const email = uniqueEmail('reset');
    await createEmulatorUser(email, PASSWORD);
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Email enviado');
    await expect(toast).toContainText('Revisa tu correo para restablecer tu contraseña');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a Trato');
    const codes = await emulatorOobCodes();
    expect(codes.some((code) => code.email === email && code.requestType === 'PASSWORD_RESET')).toBe(true);
  });

  test('in English the toasts are English', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
    const email = uniqueEmail('english');
    await startTrial(await createAdminWithOrganization(email, PASSWORD));
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Welcome back');
    await expectDashboard(page);
    // The dashboard's header: the language toggle and 'Sign out'.
    await expect(page.getByRole('main').getByRole('group', { name: 'Language' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Signed out successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('after logging in, the user returns to the protected page first asked for', async ({ page }) => {
    const email = uniqueEmail('return');
    await startTrial(await createAdminWithOrganization(email, PASSWORD));
    await page.goto('/tareas');
    await expect(page).toHaveURL(/\/auth$/);
    await login(page, email);
    await expect(page).toHaveURL(/\/tareas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible(SLOW);
  });

  test('an Empleado with an invitation link goes to the invitation page, which refuses an unknown one', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Crear cuenta' }).click();
    await page.getByRole('radio', { name: 'Empleado' }).check();
    await page.getByLabel(/^Enlace de invitación/).fill('https://app.trato.example/invite/tok_3f9a2b7c1d');
    await page.getByLabel(/^Email/).fill(uniqueEmail('employee'));
    await page.getByLabel(/^Contraseña/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuar con la invitación' }).click();
    // The invitation page asks the server, which does not know this token.
    await expect(page.getByTestId('toast')).toContainText('Invitación inválida o expirada', SLOW);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a double click on "Crear cuenta" sends one sign-up request', async ({ page }) => {
    const email = uniqueEmail('double');
    let signUpRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('accounts:signUp')) signUpRequests += 1;
    });
    await fillAdminSignUp(page, email);
    const submit = page.getByRole('button', { name: 'Crear cuenta', exact: true });
    await submit.dblclick();
    await expect(page).toHaveURL(/\/dashboard$/, SLOW);
    expect(signUpRequests).toBe(1);
  });

  test('switching the language keeps what was typed', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Crear cuenta' }).click();
    await page.getByLabel(/^Nombre completo/).fill('Ana López');
    await page.getByLabel(/^Email/).fill('ana@empresa.hn');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await expect(page.getByLabel(/^Full name/)).toHaveValue('Ana López');
    await expect(page.getByLabel(/^Email/)).toHaveValue('ana@empresa.hn');
  });
});
