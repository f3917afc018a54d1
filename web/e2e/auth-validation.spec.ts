import { expect, test, type Page } from '@playwright/test';

const USERNAME_ES = 'El usuario debe tener entre 3-20 caracteres (solo letras, números y guiones bajos)';

async function openSignUp(page: Page, tabName = 'Crear cuenta') {
  await page.goto('/auth');
  await page.getByRole('tab', { name: tabName }).click();
}

test.describe('auth screen validation', () => {
  test('login requires email and password', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByText('El email es obligatorio', { exact: true })).toBeVisible();
    await expect(page.getByText('La contraseña es obligatoria', { exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toBeFocused();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('administrator sign-up shows every message, in Spanish and in English', async ({ page }) => {
    await openSignUp(page);
    await expect(page.getByRole('radio', { name: 'Administrador' })).toBeChecked();
    await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
    await expect(page.getByText('El nombre es obligatorio', { exact: true })).toBeVisible();
    await expect(page.getByText(USERNAME_ES)).toBeVisible();
    await expect(page.getByText('El nombre de la empresa es obligatorio', { exact: true })).toBeVisible();
    await expect(page.getByText('El email es obligatorio', { exact: true })).toBeVisible();
    await expect(page.getByText('La contraseña es obligatoria', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Username must be 3-20 characters (letters, numbers and underscores only)'),
    ).toBeVisible();
    await expect(page.getByText('Company name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  });

  test('username is lower-cased and stripped as typed, and must be 3-20 characters', async ({ page }) => {
    await openSignUp(page);
    const username = page.getByLabel(/^Usuario/);
    await username.pressSequentially('Ana.Lopez 99!');
    await expect(username).toHaveValue('analopez99');
    await username.fill('ab');
    await username.blur();
    await expect(page.getByText(USERNAME_ES)).toBeVisible();
    await username.fill('ana_lopez');
    await expect(page.getByText(USERNAME_ES)).toBeHidden();
  });

  test('Empleado needs an invitation link instead of the company fields', async ({ page }) => {
    await openSignUp(page);
    await page.getByRole('radio', { name: 'Empleado' }).check();
    await expect(page.getByLabel(/^Nombre completo/)).toHaveCount(0);
    await expect(page.getByLabel(/^Nombre de la empresa/)).toHaveCount(0);
    await expect(page.getByLabel(/^Email/)).toBeVisible();
    await expect(page.getByLabel(/^Contraseña/)).toBeVisible();
    await page.getByRole('button', { name: 'Continuar con la invitación' }).click();
    await expect(page.getByText('El enlace de invitación es obligatorio')).toBeVisible();
  });

  test("recovery says 'Ingresa tu email' and can go back to login", async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recupera tu contraseña');
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Ingresa tu email')).toBeVisible();
    await page.getByRole('button', { name: 'Volver a iniciar sesión' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a Trato');
  });
});
