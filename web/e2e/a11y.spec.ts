import { expect, test } from '@playwright/test';
import {
  addSeller,
  createAdminWithOrganization,
  expectNoViolations,
  inviteToken,
  uniqueEmail,
} from './support';

// Both languages and both layouts (the phone's drawer and cards, the desktop's sidebar and tables),
// each language at one width: axe on every screen is a long journey, and what it checks (names,
// roles, contrast) changes with the language or the layout, not with their pairing.
for (const [language, width] of [
  ['es', 360],
  ['en', 1280],
] as const) {
  test(`no accessibility violations — ${language} ${width}px`, async ({ page, browser }) => {
    // About 2.3 minutes alone; a loaded machine needs more (a clean run of 2026-11-27 timed out).
    test.setTimeout(300_000);
    await page.addInitScript((lang) => window.localStorage.setItem('trato.lang', lang), language);
    await page.setViewportSize({ width, height: 800 });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'landing');

    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'auth login');

    await page.getByRole('tab').nth(1).click();
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.Mui-error').first()).toBeVisible();
    await expectNoViolations(page, 'auth sign-up with errors');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'not found');

    const email = uniqueEmail(`a11y-${language}-${width}`);
    const admin = await createAdminWithOrganization(email, 'secreto123');
    await addSeller(admin, uniqueEmail(`a11y-seller-${language}-${width}`), 'secreto123', {
      contacts: { view: true, create: true },
    });
    const token = await inviteToken(admin, uniqueEmail(`a11y-invitee-${language}-${width}`));
    await page.goto('/auth');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('secreto123');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 45_000 });
    await expectNoViolations(page, 'dashboard with toast');

    for (const tab of ['perfil', 'organizacion', 'equipo', 'permisos', 'email']) {
      await page.goto(`/ajustes?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0, { timeout: 20_000 });
      await expectNoViolations(page, `settings ${tab}`);
    }

    const visitorContext = await browser.newContext({ viewport: { width, height: 800 } });
    await visitorContext.addInitScript((lang) => window.localStorage.setItem('trato.lang', lang), language);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/invite/${token}`);
    await expect(visitor.getByTestId('invite-role')).toBeVisible({ timeout: 45_000 });
    await expectNoViolations(visitor, 'invitation page');
    await visitorContext.close();
  });
}
