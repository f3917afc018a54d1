import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addSeller, loginThroughUi, PASSWORD, trialAdmin, uniqueEmail } from './support';

/**
 * Documentos: the root refuses an upload before a folder exists; a folder, a 3 MB upload with its
 * progress (the network slowed so it shows), another canceled halfway, the download byte for byte, an over-limit file refused
 * without a byte sent, delete; a seller without documents.create gets no upload (in English).
 */
const SLOW = { timeout: 30_000 };
const MB = 1024 * 1024;

/** Bytes that are not all alike, so a truncated or shifted download would not compare equal. */
function bytes(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buffer[i] = (i * 31 + (i >> 10)) & 0xff;
  return buffer;
}

async function pick(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType, buffer });
}

test('es: a folder, a 3 MB upload with progress, its download byte for byte, limits and delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, admin } = await trialAdmin('docs', 'Archivo Núñez');
  const viewer = uniqueEmail('docs-view');
  await addSeller(admin, viewer, PASSWORD, {
    documents: { view: true, create: false, edit: false, delete: false },
  });
  await loginThroughUi(page, email, PASSWORD);
  const storageRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/v0\/b\/[^/]+\/o/.test(request.url()) && request.method() === 'POST')
      storageRequests.push(request.url());
  });

  await page.goto('/documentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible(SLOW);
  await expect(page.getByText('No hay carpetas')).toBeVisible(SLOW);

  // At the root with no folder: refused, nothing sent.
  await pick(page, 'suelto.pdf', bytes(1024));
  await expect(page.getByTestId('toast').filter({ hasText: 'Crea una carpeta primero' })).toBeVisible();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Necesitas crear al menos una carpeta' }),
  ).toBeVisible();

  // 'Nueva Carpeta': Crear is disabled until a name is typed.
  await page.getByRole('button', { name: 'Crear primera carpeta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Carpeta' });
  await expect(dialog.getByRole('button', { name: 'Crear' })).toBeDisabled();
  await dialog.getByLabel('Nombre').fill('Contratos 2026');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await page.getByRole('link', { name: 'Abrir carpeta «Contratos 2026»' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contratos 2026' })).toBeVisible(SLOW);
  await expect(page.getByRole('navigation', { name: 'Ubicación' })).toContainText('Documentos');
  await expect(page.getByText('Esta carpeta está vacía')).toBeVisible(SLOW);

  // 3 MB over a slowed network: the progress shows, then the card.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1 * MB,
  });
  const original = bytes(3 * MB);
  await pick(page, 'Propuesta Núñez.pdf', original);
  const progress = page.getByRole('progressbar', { name: 'Propuesta Núñez.pdf' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), SLOW)
    .toBeGreaterThan(0);
  await expect(page.locator('[data-upload="Propuesta Núñez.pdf"]')).toContainText(/Subiendo \d+ %/);
  await expect(page.locator('[data-upload="Propuesta Núñez.pdf"]')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  // Another, canceled halfway: no record, no card.
  await pick(page, 'Borrador.pdf', bytes(3 * MB));
  const draft = page.locator('[data-upload="Borrador.pdf"]');
  await expect(draft).toContainText(/Subiendo \d+ %/, SLOW);
  await page.getByRole('button', { name: 'Cancelar subida de «Borrador.pdf»' }).click();
  await expect(draft).toHaveAttribute('data-status', 'canceled', SLOW);
  await expect(draft).toContainText('Cancelado');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const card = page.locator('[data-document-id]').filter({ hasText: 'Propuesta Núñez.pdf' });
  await expect(card).toContainText('3.00 MB · Ana López');
  await expect(page.locator('[data-document-id]')).toHaveCount(1);

  // The download has the original name and the same bytes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Descargar «Propuesta Núñez.pdf»' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Propuesta Núñez.pdf');
  expect(Buffer.compare(await readFile((await download.path())!), original)).toBe(0);

  // Over the limit: refused before any byte is sent.
  const sentBefore = storageRequests.length;
  await pick(page, 'video.mp4', Buffer.alloc(25 * MB + 1), 'video/mp4');
  await expect(page.getByTestId('toast').filter({ hasText: 'Archivo demasiado grande' })).toBeVisible();
  expect(storageRequests.length).toBe(sentBefore);
  await expect(page.locator('[data-upload="video.mp4"]')).toHaveCount(0);

  // The folder is not empty: it cannot be deleted from the root.
  await page.getByRole('link', { name: 'Volver' }).click();
  await page.getByRole('button', { name: 'Acciones de la carpeta «Contratos 2026»' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'La carpeta no está vacía' })).toBeVisible(SLOW);

  // Delete the document, then the folder.
  await page.getByRole('link', { name: 'Abrir carpeta «Contratos 2026»' }).click();
  await card.getByRole('button', { name: 'Eliminar «Propuesta Núñez.pdf»' }).click();
  await page
    .getByRole('dialog', { name: '¿Eliminar documento?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(card).toHaveCount(0, SLOW);
  await expect(page.getByText('Esta carpeta está vacía')).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).click();
  await page.getByRole('button', { name: 'Acciones de la carpeta «Contratos 2026»' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: '¿Eliminar carpeta?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('No hay carpetas')).toBeVisible(SLOW);

  // A seller who may only view, in English: no upload, no new folder.
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('trato.lang', 'en'));
  const seller = await context.newPage();
  await loginThroughUi(seller, viewer, PASSWORD);
  await seller.goto('/documentos');
  await expect(seller.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible(SLOW);
  await expect(seller.getByText('No documents here yet.')).toBeVisible(SLOW);
  await expect(seller.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
  await expect(seller.getByRole('button', { name: 'New Folder' })).toHaveCount(0);
  await context.close();
});
