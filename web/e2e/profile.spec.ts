import { expect, test } from '@playwright/test';
import { addSeller, createAdminWithOrganization, loginThroughUi, uniqueEmail } from './support';

/**
 * Perfil: a seller renames themself; the profile and the member document change together (the
 * rules check they agree), so the administrator's Permisos tab shows the new name at once.
 */
const PASSWORD = 'secreto123';

test('a renamed seller appears under the new name in the admin Permisos tab', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const adminEmail = uniqueEmail('profile-admin');
  const sellerEmail = uniqueEmail('profile-seller');
  const admin = await createAdminWithOrganization(adminEmail, PASSWORD);
  await addSeller(admin, sellerEmail, PASSWORD, {}, 'Luis Vendedor');

  await loginThroughUi(page, sellerEmail, PASSWORD);
  await page.goto('/ajustes?tab=perfil');
  const fullName = page.getByLabel(/^Nombre completo/);
  await expect(fullName).toHaveValue('Luis Vendedor');
  await expect(page.getByLabel(/^Email/)).toHaveValue(sellerEmail);
  await fullName.fill('Luis Alberto Vendedor');
  await page.getByRole('form', { name: 'Perfil' }).getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Perfil actualizado' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Nombre completo/)).toHaveValue('Luis Alberto Vendedor');

  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await loginThroughUi(adminPage, adminEmail, PASSWORD);
  await adminPage.goto('/ajustes?tab=permisos');
  await expect(
    adminPage.getByTestId('member-permissions').getByRole('heading', { name: 'Luis Alberto Vendedor' }),
  ).toBeVisible({ timeout: 45_000 }); // a full load of the app and the members' list
  await context.close();
});
