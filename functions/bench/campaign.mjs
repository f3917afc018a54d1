// `npm run bench:campaign`: what a campaign to a 20,000-contact segment costs the server — the
// audience preview (previewCampaignAudienceCore) and a campaign's pass writing the audience and
// claiming every recipient (the outbox's CampaignSender) — in reads, time and memory.
//
// Starts its own local cloud on free ports (web/bench's: the project's Firestore emulator with
// firestore.rules and strict index checks, firestore.indexes.json as it is), seeds one
// organization with firebase-admin (live subscription, an admin with a connected mailbox, the
// segment's contacts — some without an address, some sharing one, some unsubscribed — and as many
// contacts outside it), then runs the functions' own TypeScript (through tsx) in this process:
//
//   preview   previewCampaignAudienceCore as the admin: time, billed reads, peak heap;
//   audience  one CampaignSender pass with a daily cap of one: the campaign starts and its whole
//             audience is written (a recipient per address, the run's counts): time, reads, heap;
//   claims    passes of the production run cap (100) until --sends e-mails went, with a SendFn
//             that records each e-mail instead of calling Gmail (the Gmail leg is the tests'
//             subject): time and reads per claimed and sent recipient, heap.
//
// Targets (exit code 1 when missed): the preview reads each audience contact once plus its
// opt-out lookup (≤ 2.1 reads per contact), the written audience is the preview's, writing it
// reads ≤ 3.1 documents per contact (contact, opt-out, recipient), and no address gets two e-mails.
//
//   node functions/bench/campaign.mjs [--contacts 20000] [--others 5000] [--sends 1000]
//                                     [--out functions/bench/results.json]
/* global performance -- Node has it */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  adminOn,
  gitState,
  loadModel,
  parseArgs,
  projectIndexes,
  readCounter,
  runBench,
  seconds,
  startCloud,
  writeResults,
} from '../../web/bench/common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs();
const CONTACTS = args.number('--contacts', 20_000);
const OTHERS = args.number('--others', 5_000);
/** E-mails the claims phase sends (passes of 100, the production run cap). */
const SENDS = args.number('--sends', 1_000);
const OUT = path.resolve(args.get('--out', path.join(here, 'results.json')));
const PROJECT = 'demo-bench-campaign';
const ORG = 'benchorg';
const UID = 'benchadmin';

/** The campaign code of functions/src, bundled into a scratch file and loaded. */
async function bundledFunctions() {
  const { buildOptions } = await import('../build.mjs');
  const esbuild = await import('esbuild');
  // Inside the repository, so that the bundle's npm packages resolve as the functions' do.
  const outfile = path.resolve(here, '../../node_modules/.cache/trato-bench-campaign/campaign.cjs');
  await esbuild.build({
    ...buildOptions({ outfile }),
    stdin: {
      contents: [
        "export { previewCampaignAudienceCore } from './src/campaigns/preview.ts';",
        "export { CampaignSender } from './src/campaigns/sender.ts';",
        "export { SendBudget } from './src/outbox/budget.ts';",
      ].join('\n'),
      resolveDir: path.resolve(here, '..'),
      loader: 'ts',
    },
    entryPoints: undefined,
    logLevel: 'warning',
  });
  return createRequire(import.meta.url)(outfile);
}

/** Samples the heap while `fn` runs: its time and the peak heap above the start. */
async function measured(fn) {
  globalThis.gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return {
      value,
      ms: performance.now() - t0,
      peakHeapMiB: (Math.max(peak, process.memoryUsage().heapUsed) - start) / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

async function seed({ db, Timestamp }, model) {
  const now = Timestamp.now();
  const audit = { createdAt: now, createdBy: UID, updatedAt: now };
  await db
    .doc(`organizations/${ORG}`)
    .set({ name: 'Bench', country: 'HN', rtn: null, createdAt: now, createdBy: UID });
  await db.doc(`organizations/${ORG}/members/${UID}`).set({
    role: 'admin',
    fullName: 'Bench Admin',
    email: 'admin@bench.example',
    username: 'benchadmin',
    permissions: {},
    joinedAt: now,
    invitedBy: null,
  });
  await db.doc(`users/${UID}`).set({ fullName: 'Bench Admin', language: 'es', email: 'admin@bench.example' });
  await db.doc(`organizations/${ORG}/billing/subscription`).set({
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: Timestamp.fromMillis(Date.now() + 30 * 86_400_000),
    updatedAt: now,
  });
  await db.doc(`organizations/${ORG}/mailConnections/${UID}`).set({
    provider: 'gmail',
    email: 'admin@bench.example',
    status: 'connected',
    connectedAt: now,
    brokenAt: null,
    brokenReason: null,
  });
  const writer = db.bulkWriter();
  const total = CONTACTS + OTHERS;
  for (let i = 0; i < total; i++) {
    const inSegment = i < CONTACTS;
    // 1 % without an address, 1 % sharing the previous one's.
    const email = i % 100 === 7 ? null : `c${i % 100 === 8 ? i - 2 : i}@bench.example`;
    writer.set(db.collection(`organizations/${ORG}/contacts`).doc(), {
      name: `Contacto ${i}`,
      email,
      companyId: null,
      city: inSegment ? 'Tegucigalpa' : 'San Pedro Sula',
      status: 'active',
      isCustomer: true,
      lifecycleStage: 'customer',
      ownerId: UID,
      searchTokens: [],
      searchIndex: {},
      ...audit,
      createdAt: Timestamp.fromMillis(now.toMillis() - i),
    });
  }
  // 1 % of the segment unsubscribed.
  for (let i = 9; i < CONTACTS; i += 100)
    writer.set(db.doc(`organizations/${ORG}/optOuts/${await model.optOutId(`c${i}@bench.example`)}`), {
      method: 'page',
      sequenceId: null,
      contactId: null,
      createdAt: now,
    });
  await writer.close();
  await db.doc(`organizations/${ORG}/lists/segment`).set({
    name: 'Clientes en Tegucigalpa',
    description: null,
    kind: 'segment',
    city: 'Tegucigalpa',
    lifecycleStage: 'customer',
    ...audit,
  });
}

await runBench('bench:campaign', async ({ defer }) => {
  const started = Date.now();
  const model = await loadModel();
  const cloud = await startCloud({ projectId: PROJECT, indexes: projectIndexes(), defer });
  const admin = await adminOn(cloud, 'bench-campaign');
  defer(() => admin.close());
  const counter = readCounter(cloud);

  console.log(`Seeding ${CONTACTS} contacts in the segment and ${OTHERS} outside it…`);
  const seedStart = Date.now();
  await seed(admin, model);
  const seedMs = Date.now() - seedStart;

  // The functions' own code, bundled as functions/build.mjs bundles it (the model inlined, npm
  // packages external), run in this process on this cloud.
  const { previewCampaignAudienceCore, CampaignSender, SendBudget } = await bundledFunctions();

  await counter.reset();
  const preview = await measured(() =>
    previewCampaignAudienceCore(
      admin.db,
      { uid: UID, email: 'admin@bench.example' },
      { organizationId: ORG, listId: 'segment' },
    ),
  );
  const previewReads = (await counter.settled()).reads;
  console.log(`preview: ${JSON.stringify(preview.value)} in ${seconds(preview.ms)}, ${previewReads} reads`);

  const now = Date.now();
  await admin.db.doc(`organizations/${ORG}/campaigns/bench`).set({
    name: 'Bench',
    listId: 'segment',
    listName: 'Clientes en Tegucigalpa',
    subject: 'Hola {{nombre}}',
    body: 'Oferta para {{nombre_completo}} en {{ciudad}}.',
    status: 'scheduled',
    scheduledAt: admin.Timestamp.fromMillis(now - 1000),
    createdAt: admin.Timestamp.fromMillis(now - 1000),
    createdBy: UID,
    updatedAt: admin.Timestamp.fromMillis(now - 1000),
  });
  const sent = new Map();
  const send = async (_member, mail) => {
    sent.set(mail.to, (sent.get(mail.to) ?? 0) + 1);
    return { messageId: `m${sent.size}`, threadId: 't' };
  };
  const pass = (dailyCap, runCap, now = Date.now()) =>
    new CampaignSender(
      admin.db,
      send,
      new SendBudget(admin.db, {
        now,
        dailyCap,
        runCap,
        deadline: Date.now() + 240_000,
        unsubscribeUrl: 'http://127.0.0.1/unsubscribe',
        unsubscribeSecret: 'x'.repeat(40),
        onlyOrganizationId: ORG,
        pageSize: 50,
      }),
    ).run();

  // The audience: one pass with a daily cap of one writes it all (and sends one).
  await counter.reset();
  const audience = await measured(() => pass(1, 1));
  const audienceReads = (await counter.settled()).reads;
  const run = (await admin.db.doc(`organizations/${ORG}/campaignRuns/bench`).get()).data();
  console.log(
    `audience: ${JSON.stringify(run.audience)} written in ${seconds(audience.ms)}, ${audienceReads} reads ` +
      `(done: ${run.audienceDone})`,
  );

  // The claims: passes of the production run cap (100) the next day (the cap of one held the
  // run until then), until SENDS e-mails went.
  const tomorrow = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000 + 60_000;
  await counter.reset();
  const claims = await measured(async () => {
    for (let i = 0; sent.size < SENDS && i < SENDS; i++) await pass(1_000_000, 100, tomorrow + i * 300_000);
  });
  const claimReads = (await counter.settled()).reads;
  const twice = [...sent.values()].filter((n) => n > 1).length;
  console.log(
    `claims: ${sent.size} e-mails in ${seconds(claims.ms)} (${Math.round(claims.ms / sent.size)} ms each), ` +
      `${claimReads} reads (${(claimReads / (sent.size - 1)).toFixed(1)} per e-mail), ${twice} addresses twice`,
  );

  const failures = [];
  if (previewReads > 2.1 * CONTACTS)
    failures.push(`preview read ${previewReads} documents for ${CONTACTS} contacts`);
  if (JSON.stringify(run.audience) !== JSON.stringify(preview.value))
    failures.push(`the written audience ${JSON.stringify(run.audience)} is not the preview's`);
  if (audienceReads > 3.1 * CONTACTS)
    failures.push(`writing the audience read ${audienceReads} documents for ${CONTACTS} contacts`);
  if (twice) failures.push(`${twice} addresses got two e-mails`);

  const results = {
    date: new Date().toISOString(),
    git: gitState(),
    machine: { nproc: os.availableParallelism(), cpu: os.cpus()[0]?.model, node: process.version },
    contacts: CONTACTS,
    others: OTHERS,
    seedMs,
    preview: {
      ...preview.value,
      ms: Math.round(preview.ms),
      reads: previewReads,
      peakHeapMiB: Math.round(preview.peakHeapMiB),
    },
    audience: {
      ...run.audience,
      ms: Math.round(audience.ms),
      reads: audienceReads,
      peakHeapMiB: Math.round(audience.peakHeapMiB),
    },
    claims: {
      emails: sent.size,
      ms: Math.round(claims.ms),
      reads: claimReads,
      peakHeapMiB: Math.round(claims.peakHeapMiB),
    },
    targetsMissed: failures,
  };
  await writeResults(OUT, results);
  console.log(
    `\nseeding ${seconds(seedMs)}, total ${seconds(Date.now() - started)}; written to ${path.relative(process.cwd(), OUT)}`,
  );
  if (failures.length) {
    console.log(`\nTargets missed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nAll targets met.');
});
