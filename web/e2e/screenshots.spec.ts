import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createEmulatorUser, uniqueEmail } from './support';

/**
 * Full-page screenshots of the public screens at phone and desktop widths in
 * both languages, written to web/screenshots/ (git-ignored) for visual review.
 */
const WIDTHS = [360, 1280] as const;
/** web/screenshots/, wherever Playwright is started from. */
const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url));
const LANGUAGES = ['es', 'en'] as const;

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('trato.lang', lang), language);
}

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    test(`screenshots ${language} ${width}px`, async ({ page }) => {
      await useLanguage(page, language);
      await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });

      await page.goto('/');
      await expect(page.locator('h1')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}landing-${language}-${width}.png`, fullPage: true });

      await page.goto('/auth');
      await expect(page.locator('h1')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}auth-login-${language}-${width}.png`, fullPage: true });

      await page.getByRole('tab').nth(1).click();
      await page.getByRole('button', { name: /Crear cuenta|Create account/ }).click();
      await expect(page.locator('.Mui-error').first()).toBeVisible();
      await page.screenshot({
        path: `${OUT}auth-signup-errors-${language}-${width}.png`,
        fullPage: true,
      });

      await page.getByRole('radio').nth(1).check();
      await page.screenshot({
        path: `${OUT}auth-signup-employee-${language}-${width}.png`,
        fullPage: true,
      });

      await page.goto('/nope-not-here');
      await expect(page.locator('h1')).toBeVisible();
      await page.screenshot({ path: `${OUT}not-found-${language}-${width}.png`, fullPage: true });

      await page.goto('/invite/tok_3f9a2b7c1d');
      await expect(page.locator('h1')).toBeVisible();
      await page.screenshot({ path: `${OUT}invite-${language}-${width}.png`, fullPage: true });

      // Wrong password: the destructive toast.
      const email = uniqueEmail(`shot-${language}-${width}`);
      await createEmulatorUser(email, 'secreto123');
      await page.goto('/auth');
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill('wrong-password');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await page.screenshot({ path: `${OUT}auth-error-toast-${language}-${width}.png` });

      // Signed in: the interim layout with the welcome toast.
      await page.locator('input[name="password"]').fill('secreto123');
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('toast')).toBeVisible();
      await page.screenshot({ path: `${OUT}dashboard-${language}-${width}.png` });
    });
  }
}
