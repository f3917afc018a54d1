/* global performance, MutationObserver, PerformanceObserver */ // TEMPORARY diagnostics (to be deleted)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { freePort, startBenchCloud } from '../crm/cloud.mjs';
import { seedOrganization } from '../crm/seed.mjs';
import { seedDeals } from './seed.mjs';
const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../..');
const root = path.resolve(webDir, '..');
register();
const model = await import('../../../model/src/index.ts');
const PROJECT_ID = 'demo-trato-bench-deals';
const { readFileSync } = await import('node:fs');
const cloud = await startBenchCloud({ root, projectId: PROJECT_ID, indexes: JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8')) });
try {
  Object.assign(process.env, { FIRESTORE_EMULATOR_HOST: cloud.firestore, FIREBASE_AUTH_EMULATOR_HOST: cloud.auth, GCLOUD_PROJECT: PROJECT_ID });
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: PROJECT_ID }, 'd');
  const db = getFirestore(app);
  const org = await seedOrganization({ db, auth: getAuth(app), Timestamp, model, key: 'small', name: 'X', contacts: 200, companies: 40, seed: 1, permissions: { deals: { view: true, create: false, edit: true, delete: false } } });
  await seedDeals({ db, Timestamp, model, orgId: org.orgId, ownerIds: [org.uid], createdBy: 'bench-admin-small', deals: 100, seed: 1 });
  const { build, preview } = await import('vite');
  const distDir = path.join(webDir, 'node_modules/.cache/bench-deals-diag');
  const unused = await freePort();
  Object.assign(process.env, { VITE_USE_EMULATORS: 'true', VITE_EMULATOR_PROJECT_ID: PROJECT_ID, VITE_AUTH_EMULATOR_HOST: cloud.auth, VITE_FIRESTORE_EMULATOR_HOST: cloud.firestore, VITE_STORAGE_EMULATOR_HOST: `127.0.0.1:${unused}`, VITE_FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${unused}` });
  await build({ root: webDir, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, sourcemap: true, minify: false } });
  const port = await freePort();
  const server = await preview({ root: webDir, logLevel: 'warn', build: { outDir: distDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  const base = `http://127.0.0.1:${port}`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await (await browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'es-ES' })).newPage();
  await page.goto(`${base}/auth`);
  await page.getByLabel(/^Email/).fill(org.email);
  await page.getByLabel(/^Contraseña/).fill(org.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${base}/deals`);
  await page.locator('section[data-stage="new"] [data-deal-id]').first().waitFor();
  await page.waitForTimeout(2000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const marks = [];
  for (let i = 0; i < 6; i++) {
    const [from, to] = i % 2 ? ['in_progress', 'new'] : ['new', 'in_progress'];
    const src = page.locator(`section[data-stage="${from}"] [data-deal-id]`).first();
    const id = await src.getAttribute('data-deal-id');
    await page.evaluate(({ id, to }) => {
      const p = { drop: null, shown: null, tasks: [] };
      window.__p = p;
      new PerformanceObserver((l) => l.getEntries().forEach((e) => p.tasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask' });
      document.addEventListener('drop', (e) => (p.drop = e.timeStamp), { capture: true, once: true });
      const t = document.querySelector(`section[data-stage="${to}"]`);
      const o = new MutationObserver(() => { if (p.shown === null && t.querySelector(`[data-deal-id="${id}"]`)) { p.shown = performance.now(); o.disconnect(); } });
      o.observe(t, { childList: true, subtree: true });
    }, { id, to });
    if (i === 5) await cdp.send('Profiler.start');
    await src.hover();
    await page.mouse.down();
    const box = await page.locator(`section[data-stage="${to}"]`).boundingBox();
    for (const f of [0.3, 0.5, 0.6]) await page.mouse.move(box.x + box.width / 2, box.y + box.height * f, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => window.__p.shown !== null);
    if (i === 5) { const { profile } = await cdp.send('Profiler.stop'); writeFileSync('/tmp/dealsdiag/drop.cpuprofile', JSON.stringify(profile)); }
    const p = await page.evaluate(() => window.__p);
    marks.push({ ms: Math.round(p.shown - p.drop), drop: Math.round(p.drop), tasks: p.tasks });
    await page.waitForTimeout(2000);
  }
  console.log(JSON.stringify(marks, null, 1));
  await browser.close();
  server.httpServer.close();
} finally {
  await cloud.stop();
}
process.exit(0);
