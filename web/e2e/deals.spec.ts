import { expect, test, type Locator, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * The deals board end to end: a deal created in Nuevo with an amount, dragged to Ganado (the
 * column sums and the won total follow, a second browser sees it move, a reload keeps it), moved
 * again from its card menu (the keyboard path), the validation toast, the contact's
 * Oportunidades tab; a view-only seller (in English) can neither create, open, nor drag.
 */
const SLOW = { timeout: 30_000 };
// Wide enough for the five columns side by side (a mouse drag cannot reach a column scrolled away).
test.use({ viewport: { width: 1600, height: 900 } });

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);
const card = (scope: Page | Locator, title: string) => scope.locator('[data-deal-id]', { hasText: title });

/** A mouse drag with several moves over the target: HTML5 drag and drop needs dragover events. */
async function drag(page: Page, source: Locator, target: Locator) {
  await source.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  for (const step of [0.3, 0.5, 0.6])
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * step, { steps: 4 });
  await page.mouse.up();
}

async function expectTotals(page: Page, stage: string, count: string, amount: string) {
  await expect(column(page, stage).locator('[data-column-count]')).toHaveText(count, SLOW);
  await expect(column(page, stage).locator('[data-column-total]')).toHaveText(amount, SLOW);
}

test('es: a deal moves from Nuevo to Ganado by drag and drop, live in a second browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, admin } = await trialAdmin('deals', 'Licorería Ríos');
  const viewer = uniqueEmail('deals-view');
  await addSeller(admin, viewer, PASSWORD, {
    deals: { view: true, create: false, edit: false, delete: false },
  });
  await loginThroughUi(page, email, PASSWORD);

  // A contact for the deal.
  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click(SLOW);
  const contactForm = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await contactForm.getByLabel('Nombre').fill('Marta Ríos');
  await contactForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Ríos' })).toBeVisible(SLOW);

  // An empty board.
  await page.goto('/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible(SLOW);
  for (const stage of ['new', 'in_progress', 'proposal', 'won', 'lost'])
    await expectTotals(page, stage, '0 deals', '$0');
  await expect(page.locator('[data-summary="all"]')).toContainText('$0');

  // 'Nuevo Deal': the title is required, then created in Nuevo with an amount and a contact.
  await page.getByRole('button', { name: 'Nuevo Deal' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo Deal' });
  await form.getByLabel('Título').fill('   ');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El título es requerido' })).toBeVisible();
  await form.getByLabel('Título').fill('Licencias anuales');
  await form.getByLabel('Monto').fill('12500');
  const contact = form.getByLabel('Cliente', { exact: true });
  await contact.click();
  await contact.fill('mar');
  await page.getByRole('option', { name: 'Marta Ríos' }).click(SLOW);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Deal creado')).toBeVisible(SLOW);
  const created = card(column(page, 'new'), 'Licencias anuales');
  await expect(created).toContainText('Marta Ríos', SLOW);
  await expect(created).toContainText('$12,500');
  await expectTotals(page, 'new', '1 deal', '$12,500');
  await expect(page.locator('[data-summary="all"]')).toContainText('$12,500');
  await expect(page.locator('[data-summary="won"]')).toContainText('$0');

  // A second browser watches the board.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await loginThroughUi(watcher, email, PASSWORD);
  await watcher.goto('/deals');
  await expect(card(column(watcher, 'new'), 'Licencias anuales')).toBeVisible(SLOW);

  // Drag to Ganado: the card, the sums and the won total follow; the watcher sees it too.
  await drag(page, created, column(page, 'won'));
  await expect(card(column(page, 'won'), 'Licencias anuales')).toBeVisible();
  await expect(card(column(page, 'new'), 'Licencias anuales')).toHaveCount(0);
  await expectTotals(page, 'won', '1 deal', '$12,500');
  await expectTotals(page, 'new', '0 deals', '$0');
  await expect(page.locator('[data-summary="won"]')).toContainText('$12,500', SLOW);
  await expect(card(column(watcher, 'won'), 'Licencias anuales')).toBeVisible(SLOW);
  await expectTotals(watcher, 'won', '1 deal', '$12,500');

  // Dropping it back on its own column changes nothing.
  await drag(page, card(column(page, 'won'), 'Licencias anuales'), column(page, 'won'));
  await page.reload();
  await expect(card(column(page, 'won'), 'Licencias anuales')).toBeVisible(SLOW);
  await expectTotals(page, 'won', '1 deal', '$12,500');

  // The keyboard path: the card's menu moves it to Propuesta.
  await page.getByRole('button', { name: 'Acciones de Licencias anuales' }).click();
  await page.getByRole('menuitem', { name: 'Propuesta' }).click();
  await expect(card(column(page, 'proposal'), 'Licencias anuales')).toBeVisible();
  await expectTotals(page, 'proposal', '1 deal', '$12,500');
  await expect(page.locator('[data-summary="won"]')).toContainText('$0', SLOW);
  await expect(card(column(watcher, 'proposal'), 'Licencias anuales')).toBeVisible(SLOW);
  await other.close();

  // Opening the card edits it.
  await card(column(page, 'proposal'), 'Licencias anuales')
    .getByRole('button', { name: 'Licencias anuales', exact: true })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar Deal' });
  await edit.getByLabel('Monto').fill('15000');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Deal actualizado')).toBeVisible(SLOW);
  await expectTotals(page, 'proposal', '1 deal', '$15,000');

  // The contact's Oportunidades tab lists it.
  await page.goto('/contactos');
  await page.getByRole('row', { name: /Marta Ríos/ }).click(SLOW);
  await page.getByRole('tab', { name: 'Oportunidades' }).click();
  await expect(page.getByText('Licencias anuales')).toBeVisible(SLOW);

  // en: a seller who may only view sees the board, but cannot create, open or drag.
  const viewerContext = await browser.newContext();
  const seller = await viewerContext.newPage();
  await loginThroughUi(seller, viewer, PASSWORD);
  await seller.evaluate(() => window.localStorage.setItem('trato.lang', 'en'));
  await seller.goto('/deals');
  const seen = card(column(seller, 'proposal'), 'Licencias anuales');
  await expect(seen).toContainText('$15,000', SLOW);
  await expect(seller.getByText('Total amount')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'New Deal' })).toHaveCount(0);
  await expect(seller.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
  await expect(seen.getByRole('button')).toHaveCount(0);
  await drag(seller, seen, column(seller, 'lost'));
  await expect(card(column(seller, 'lost'), 'Licencias anuales')).toHaveCount(0);
  await expect(seen).toBeVisible();
  await viewerContext.close();
});
