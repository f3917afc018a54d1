import { expect, test, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * The dashboard's counts, then global search end to end: Ctrl+K, an accent-less prefix finds the contact and the deal in their
 * groups, Enter opens the contact, choosing the deal opens it on the board; a seller (in English)
 * who may not view deals gets no Deals group.
 */
const SLOW = { timeout: 30_000 };

/** The top bar's search box and its dialog's input are both named by the text they show. */
async function openSearch(page: Page, label: RegExp) {
  await expect(page.getByRole('button', { name: label })).toBeVisible(SLOW);
  await page.keyboard.press('Control+k');
  return page.getByRole('combobox', { name: label });
}

test('the dashboard counts a new contact and deal; Ctrl+K finds them by an accent-less prefix and opens them', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { email, admin } = await trialAdmin('search', 'Ferretería Núñez');
  const seller = uniqueEmail('search-seller');
  await addSeller(admin, seller, PASSWORD, { contacts: { view: true }, deals: { view: false } });
  await loginThroughUi(page, email, PASSWORD);

  // The dashboard counts what there is.
  const count = (label: string) => page.locator(`[data-count="${label}"]`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana López' })).toBeVisible(SLOW);
  await expect(count('Contactos')).toHaveText('0', SLOW);
  await expect(count('Oportunidades')).toHaveText('0');

  await page.goto('/contactos');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click(SLOW);
  const contactForm = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await contactForm.getByLabel('Nombre').fill('Julia Pérez');
  await contactForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Julia Pérez' })).toBeVisible(SLOW);
  await page.goto('/deals');
  await page.getByRole('button', { name: 'Nuevo Deal' }).click(SLOW);
  const dealForm = page.getByRole('dialog', { name: 'Nuevo Deal' });
  await dealForm.getByLabel('Título').fill('Herramientas para Pérez');
  await dealForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Deal creado')).toBeVisible(SLOW);
  await page.goto('/dashboard');
  await expect(count('Contactos')).toHaveText('1', SLOW);
  await expect(count('Oportunidades')).toHaveText('1');
  await expect(page.locator('li[data-stage="new"]')).toContainText('1 deal');

  // One character is not enough; 'pere' finds both, grouped.
  let search = await openSearch(page, /^Buscar contactos, empresas, deals\.\.\.$/);
  await search.fill('p');
  await expect(page.getByText('Escribe al menos 2 caracteres')).toBeVisible();
  await search.fill('pere');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: /Julia Pérez/ })).toBeVisible(SLOW);
  await expect(listbox.getByRole('option', { name: /Herramientas para Pérez/ })).toBeVisible();
  await expect(listbox.getByText('Contactos')).toBeVisible();
  await expect(listbox.getByText('Deals')).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByText('No se encontraron resultados.')).toBeVisible(SLOW);

  // Arrow down + Enter opens the contact.
  await search.fill('pere');
  await expect(listbox.getByRole('option', { name: /Julia Pérez/ })).toBeVisible(SLOW);
  await search.press('ArrowDown');
  await expect(listbox.getByRole('option', { name: /Julia Pérez/ })).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Julia Pérez' })).toBeVisible(SLOW);

  // Choosing the deal opens it on the board.
  search = await openSearch(page, /^Buscar contactos, empresas, deals\.\.\.$/);
  await search.fill('herram');
  await page.getByRole('option', { name: /Herramientas para Pérez/ }).click(SLOW);
  await expect(page).toHaveURL(/\/deals\?deal=/);
  await expect(page.getByRole('dialog', { name: 'Editar Deal' })).toBeVisible(SLOW);
  await expect(page.getByRole('dialog').getByLabel('Título')).toHaveValue('Herramientas para Pérez');

  // A seller without deals view: contacts only, in English.
  const context = await browser.newContext();
  const other = await context.newPage();
  await loginThroughUi(other, seller, PASSWORD);
  await other.evaluate(() => window.localStorage.setItem('trato.lang', 'en'));
  await other.reload();
  search = await openSearch(other, /^Search contacts, companies, deals\.\.\.$/);
  await search.fill('pere');
  await expect(other.getByRole('option', { name: /Julia Pérez/ })).toBeVisible(SLOW);
  await expect(other.getByRole('listbox').getByText('Contacts')).toBeVisible();
  await expect(other.getByRole('listbox').getByText('Deals')).toHaveCount(0);
  await expect(other.getByRole('option', { name: /Herramientas/ })).toHaveCount(0);
  await context.close();
});
