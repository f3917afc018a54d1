import { expect, test } from '@playwright/test';
import {
  createAdminWithOrganization,
  loginThroughUi,
  setCustomClaims,
  startTrial,
  uniqueEmail,
} from './support';

/**
 * The superadmin (a custom claim only the server can set) gets the /admin entry and a list of
 * every organization; searches one by the start of its name (any case), sees its subscription,
 * members and last activity, and opens its settings read-only; an ordinary administrator is sent
 * back to the dashboard from /admin.
 */
const PASSWORD = 'secreto123';

test('a superadmin sees every organization under /admin; an admin does not', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const company = `Ferretería ${Date.now().toString(36)}`;
  const owner = await createAdminWithOrganization(uniqueEmail('org-owner'), PASSWORD, {
    companyName: company,
  });
  await startTrial(owner);
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

  // The start of its name in another case finds it, with its figures.
  await page
    .getByRole('searchbox', { name: 'Buscar organizaciones por nombre...' })
    .fill(company.toUpperCase().slice(0, 14));
  const row = table.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText('Prueba gratis', { timeout: 30_000 });
  await expect(row.locator('[data-field="members"]')).toHaveText('1');
  await page.getByRole('searchbox', { name: 'Buscar organizaciones por nombre...' }).fill('zzz-no-such');
  await expect(page.getByText('Ninguna organización empieza así.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Buscar organizaciones por nombre...' }).fill(company);
  await table.getByRole('link', { name: company }).click();

  // Its settings, read-only: details, subscription, its one member; no button to act as them.
  await expect(page).toHaveURL(new RegExp(`/admin/${owner.organizationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(
    page.getByText('Solo lectura: la configuración de la organización, sin sus datos.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 miembro' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('table', { name: 'Miembros' }).getByRole('row').filter({ hasText: 'Ana López' }),
  ).toContainText('Administrador');
  await expect(
    page.getByRole('main').getByRole('button', { name: /editar|eliminar|guardar|entrar como|invitar/i }),
  ).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a Administración' }).click();
  await expect(page).toHaveURL(/\/admin$/);

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
