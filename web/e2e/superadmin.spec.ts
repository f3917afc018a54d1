import { expect, test } from '@playwright/test';
import { createAdminWithOrganization, loginThroughUi, setCustomClaims, uniqueEmail } from './support';

/**
 * The superadmin (a custom claim only the server can set) gets the /admin entry and a list of
 * every organization; an ordinary administrator is sent back to the dashboard from /admin.
 */
const PASSWORD = 'secreto123';

test('a superadmin sees every organization under /admin; an admin does not', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const company = `Ferretería ${Date.now().toString(36)}`;
  await createAdminWithOrganization(uniqueEmail('org-owner'), PASSWORD, { companyName: company });
  const superEmail = uniqueEmail('super');
  const superadmin = await createAdminWithOrganization(superEmail, PASSWORD);
  await setCustomClaims(superadmin.uid, { superadmin: true });

  await loginThroughUi(page, superEmail, PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Secciones' });
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administración');
  const table = page.getByRole('table', { name: 'Administración' });
  await expect(table.getByRole('row').filter({ hasText: company })).toHaveCount(1);

  // An ordinary administrator has no entry and is sent back from the address.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  const plainEmail = uniqueEmail('plain-admin');
  await createAdminWithOrganization(plainEmail, PASSWORD);
  await loginThroughUi(adminPage, plainEmail, PASSWORD);
  await expect(
    adminPage.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Admin' }),
  ).toHaveCount(0);
  await adminPage.goto('/admin');
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  await context.close();
});
