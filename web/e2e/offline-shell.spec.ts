import { expect, test, type Page } from '@playwright/test';
import { expectWorkerControlled, loginThroughUi, PASSWORD, trialAdmin } from './support';

/**
 * The service worker (issue 35, docs/offline.md), on the production build the journeys run on:
 * after one visit online the signed-in app opens without a network (its shell and the pages
 * visited; a page never visited says it cannot load, in the app's own words), and a new build's
 * worker is offered with 'Nueva versión disponible — Recargar' only while no dialog is open and
 * nothing is being typed. Each journey's browser context starts without a worker.
 */
const SLOW = { timeout: 30_000 };

test.skip(Boolean(process.env.E2E_DEV_SERVER), 'the service worker exists in production builds only');

/** Every built file the page loaded is in the worker's caches. */
async function expectLoadedFilesCached(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const missing: string[] = [];
          for (const entry of performance.getEntriesByType('resource')) {
            const url = new URL(entry.name);
            if (url.origin !== location.origin || !url.pathname.startsWith('/assets/')) continue;
            if (url.pathname.endsWith('.map')) continue;
            if (!(await caches.match(entry.name, { ignoreVary: true }))) missing.push(url.pathname);
          }
          return missing;
        }),
      SLOW,
    )
    .toEqual([]);
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Secciones' });

test('after one visit the signed-in app opens offline; a page never visited says it cannot load', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { email } = await trialAdmin('offline', 'Ferretería Núñez');
  await loginThroughUi(page, email, PASSWORD);
  await expect(sections(page)).toBeVisible(SLOW);
  // The first worker takes the page it was registered from and keeps what the page had loaded.
  await expectWorkerControlled(page);
  await expectLoadedFilesCached(page);
  await page.goto('/contactos');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible(SLOW);
  await expectLoadedFilesCached(page);

  await context.setOffline(true);
  try {
    await page.reload();
    // The app's own page (not Chromium's "No internet"): the signed-in layout with its sidebar.
    await expect(sections(page)).toBeVisible(SLOW);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page).toHaveURL(/\/contactos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible(SLOW);

    // The dashboard was visited too.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Hola,/ })).toBeVisible(SLOW);

    // Documentos was never opened: its code is not on this device.
    await page.goto('/documentos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '¡Error inesperado de la aplicación!',
      SLOW,
    );
  } finally {
    await context.setOffline(false);
  }
  // Back online, the same address loads.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible(SLOW);
});

/**
 * The next deploy, as far as a journey can make one: Playwright cannot rewrite a worker's script
 * (the browser fetches it itself, past page.route and context.route), but the same file under
 * another address is a new worker to the browser, which installs it and lets it wait while this
 * page runs the current one — the state a deploy leads to. (The new build's version, its caches
 * and the old ones' deletion are unit-tested: web/build/serviceWorker.test.ts.)
 */
async function deployNewVersion(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-deploy', { scope: '/' }));
}

async function expectWaitingWorker(page: Page) {
  await expect
    .poll(
      () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      SLOW,
    )
    .toBe(true);
}

test('a new version is offered when no dialog is open and nothing is typed; Recargar switches to it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await trialAdmin('update', 'Librería Peña');
  await loginThroughUi(page, email, PASSWORD);
  await expect(sections(page)).toBeVisible(SLOW);
  await expectWorkerControlled(page);
  const prompt = page.getByText('Nueva versión disponible');

  // A dialog is open (the search) when the new version arrives: no prompt while it is.
  await page
    .getByRole('button', { name: /^Buscar/ })
    .first()
    .click();
  const search = page.getByRole('dialog');
  await expect(search).toBeVisible();
  await deployNewVersion(page);
  await expectWaitingWorker(page);
  // Longer than the prompt's check (every 2 s).
  await page.waitForTimeout(3000);
  await expect(prompt).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(prompt).toBeVisible(SLOW);

  // Typing in a field hides it again; leaving the field brings it back. (Moving within the app: a
  // page load would register /sw.js again, which the browser would take for yet another version.)
  await sections(page).getByRole('link', { name: 'Contactos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible(SLOW);
  await expect(prompt).toBeVisible(SLOW);
  const searchBox = page.getByRole('searchbox').first();
  await searchBox.click();
  await expect(prompt).toBeHidden();
  await searchBox.blur();
  await expect(prompt).toBeVisible();

  // Recargar: the new worker takes over and the page reloads once, into it.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Recargar' }).click();
  await reloaded;
  expect(
    await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
  ).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible(SLOW);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js\?next-deploy$/,
  );
});
