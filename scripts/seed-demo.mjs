// `node scripts/seed-demo.mjs`: rebuilds the demo organization in emulator-data/ (what `npm run dev`
// imports). Starts an empty local cloud, signs the demo people up in the Auth emulator, creates the
// organization and the team through the real callables (createOrganization, createInvitation,
// acceptInvitation), writes the subscription and the CRM records with the admin SDK, checks every
// CRM record against firestore.rules as the admin (a rules-checked client update of each one),
// then exports Auth (firebase-tools' hub export) and Firestore (the project emulator's :export)
// and stops. Commit the files it writes.
//
// --attach: use a cloud that is already running (hosts from FIRESTORE_EMULATOR_HOST,
// FIREBASE_AUTH_EMULATOR_HOST, FUNCTIONS_EMULATOR_ORIGIN, FIREBASE_EMULATOR_HUB); it must be empty.
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { register } from 'tsx/esm/api';

import { generateRecords } from './demo-records.mjs';
import { buildFunctions, cloudEnv, ports, projectId, root, startLocalCloud } from './local-cloud.mjs';

register(); // @trato/model is TypeScript source
const model = await import('../model/src/index.ts');
const { documentSchemas, tokensFor } = model;
// The timeline index (model/src/timeline.ts): an entry for every note, task, meeting and deal that
// references a contact or a company, built by the model, never here.
const { timelineEntryFor, timelineKindOf } = model;

const attach = process.argv.includes('--attach');
if (!attach) Object.assign(process.env, cloudEnv);
const hosts = {
  firestore: process.env.FIRESTORE_EMULATOR_HOST ?? `127.0.0.1:${ports.firestore}`,
  auth: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.auth}`,
  functions: process.env.FUNCTIONS_EMULATOR_ORIGIN ?? `http://127.0.0.1:${ports.functions}`,
  hub:
    process.env.FIREBASE_EMULATOR_HUB ??
    `127.0.0.1:${JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')).emulators.hub?.port ?? 4400}`,
};
process.env.FIRESTORE_EMULATOR_HOST = hosts.firestore;
process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.auth;
process.env.GCLOUD_PROJECT = projectId;

const dataDir = path.join(root, 'emulator-data');
const PASSWORD = 'trato-demo';
const DAY = 24 * 60 * 60 * 1000;

/** The demo team. Permissions follow the data model (missing resource = view only). */
const people = {
  admin: { fullName: 'Ana López', email: 'ana@trato.demo', username: 'ana_lopez' },
  carlos: {
    fullName: 'Carlos Méndez',
    email: 'carlos@trato.demo',
    username: 'carlos_mendez',
    // A trusted seller: works every CRM section, deletes only his tasks and meetings' kind of records.
    permissions: {
      dashboard: { view: true },
      companies: { view: true, create: true, edit: true, delete: false },
      contacts: { view: true, create: true, edit: true, delete: false },
      deals: { view: true, create: true, edit: true, delete: false },
      tasks: { view: true, create: true, edit: true, delete: true },
      meetings: { view: true, create: true, edit: true, delete: true },
      tickets: { view: true, create: true, edit: true, delete: false },
      marketing: { view: true, create: false, edit: false, delete: false },
      documents: { view: true, create: true, edit: false, delete: false },
    },
  },
  lucia: {
    fullName: 'Lucía Reyes',
    email: 'lucia@trato.demo',
    username: 'lucia_reyes',
    // A new seller: contacts (view + create), her tasks and meetings; no deals, tickets, marketing, documents.
    permissions: {
      dashboard: { view: true },
      companies: { view: true, create: false, edit: false, delete: false },
      contacts: { view: true, create: true, edit: false, delete: false },
      deals: { view: false, create: false, edit: false, delete: false },
      tasks: { view: true, create: true, edit: true, delete: false },
      meetings: { view: true, create: true, edit: false, delete: false },
      tickets: { view: false, create: false, edit: false, delete: false },
      marketing: { view: false, create: false, edit: false, delete: false },
      documents: { view: false, create: false, edit: false, delete: false },
    },
  },
};
const pendingInvite = {
  email: 'roberto@trato.demo',
  role: 'seller',
  permissions: { contacts: { view: true } },
};

async function json(response, what) {
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  if (!response.ok || body.error) throw new Error(`${what}: ${JSON.stringify(body.error ?? body)}`);
  return body;
}

async function signUp({ email }) {
  const url = `http://${hosts.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`;
  const body = await json(
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    }),
    `signUp ${email}`,
  );
  return { uid: body.localId, idToken: body.idToken };
}

async function callable(name, data, idToken) {
  const response = await fetch(`${hosts.functions}/${projectId}/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  return (await json(response, name)).result;
}

async function seed() {
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  const adminApp = initializeApp({ projectId }, 'seed-demo');
  const db = getFirestore(adminApp);

  if (!(await db.collection('organizations').limit(1).get()).empty) {
    throw new Error('The cloud already holds organizations: the demo must be seeded into an empty one.');
  }

  // ── Team, through the callables ──────────────────────────────────────────
  const admin = { ...people.admin, ...(await signUp(people.admin)) };
  await getAuth(adminApp).updateUser(admin.uid, { displayName: admin.fullName });
  const { organizationId: orgId } = await callable(
    'createOrganization',
    { fullName: admin.fullName, username: admin.username, companyName: 'Distribuidora Maya', language: 'es' },
    admin.idToken,
  );
  const sellers = {};
  for (const key of ['carlos', 'lucia']) {
    const person = people[key];
    const account = await signUp(person);
    await getAuth(adminApp).updateUser(account.uid, { displayName: person.fullName });
    const { token } = await callable(
      'createInvitation',
      { organizationId: orgId, email: person.email, role: 'seller', permissions: person.permissions },
      admin.idToken,
    );
    await callable(
      'acceptInvitation',
      { token, fullName: person.fullName, username: person.username, language: 'es' },
      account.idToken,
    );
    sellers[key] = { ...person, ...account };
  }
  await callable('createInvitation', { organizationId: orgId, ...pendingInvite }, admin.idToken);

  // ── Organization details and subscription (server-written) ──────────────
  const now = Date.now();
  const ts = (ms) => Timestamp.fromMillis(Math.round(ms / 60_000) * 60_000); // whole minutes
  const org = db.doc(`organizations/${orgId}`);
  await org.update({ country: 'Honduras', rtn: '08019015123456' });
  await db.doc(`organizations/${orgId}/billing/subscription`).set({
    status: 'active',
    trialEnd: null,
    // Far ahead, so the committed demo stays unlocked for years.
    currentPeriodEnd: Timestamp.fromDate(new Date('2099-12-31T00:00:00Z')),
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    priceId: null,
    updatedAt: Timestamp.fromMillis(now),
  });

  // ── CRM records ────────────────────────────────────────────────────────
  const A = admin.uid;
  const C = sellers.carlos.uid;
  const L = sellers.lucia.uid;
  const writes = [];
  const put = (collection, id, data, createdBy, daysAgo) => {
    const at = ts(now - daysAgo * DAY);
    const searchable = ['companies', 'contacts', 'deals', 'tasks', 'meetings'].includes(collection);
    const doc = { ...data, ...(searchable ? { searchTokens: tokensFor(collection, data) } : {}) };
    writes.push({
      collection,
      id,
      path: `organizations/${orgId}/${collection}/${id}`,
      data: { ...doc, createdAt: at, createdBy, updatedAt: at },
    });
    return id;
  };

  const companies = {
    cafe: {
      name: 'Café Copán Exportaciones',
      industry: 'manufacturing',
      size: '51-200',
      city: 'Copán Ruinas',
      country: 'Honduras',
      website: 'https://cafecopan.example.com',
      phone: '+504 2651-4400',
      address: 'Barrio El Centro, Copán Ruinas',
      notes: 'Exporta café de altura a Europa y Estados Unidos.',
    },
    valle: {
      name: 'Finanzas del Valle',
      industry: 'finance',
      size: '201-500',
      city: 'Tegucigalpa',
      country: 'Honduras',
      website: 'https://finanzasdelvalle.example.com',
      phone: '+504 2232-1100',
    },
    clinica: {
      name: 'Clínica San Rafael',
      industry: 'health',
      size: '11-50',
      city: 'San Pedro Sula',
      country: 'Honduras',
      phone: '+504 2550-7788',
    },
    lempira: {
      name: 'Constructora Lempira',
      industry: 'construction',
      size: '51-200',
      city: 'La Ceiba',
      country: 'Honduras',
      linkedinUrl: 'https://www.linkedin.com/company/constructora-lempira-demo',
    },
    tecno: {
      name: 'TecnoSoluciones HN',
      industry: 'technology',
      size: '1-10',
      city: 'Tegucigalpa',
      country: 'Honduras',
      website: 'https://tecnosoluciones.example.com',
    },
  };
  const companyIds = {};
  const companyAge = {};
  let age = 40;
  for (const [key, data] of Object.entries(companies)) {
    companyAge[key] = age -= 3;
    companyIds[key] = put('companies', `demo-company-${key}`, data, key === 'tecno' ? C : A, age);
  }

  const contact = (key, data, companyKey, ownerId, daysAgo) => {
    const base = {
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      companyId: companyKey ? companyIds[companyKey] : null,
      companyName: companyKey ? companies[companyKey].name : null,
      ownerId,
      country: 'Honduras',
      ...data,
    };
    return put('contacts', `demo-contact-${key}`, base, ownerId, daysAgo);
  };
  const contacts = {
    maria: {
      name: 'María Hernández',
      email: 'maria.hernandez@example.com',
      phone: '+504 9988-1122',
      jobTitle: 'Gerente de Compras',
      city: 'Copán Ruinas',
      lifecycleStage: 'customer',
      isCustomer: true,
    },
    jose: {
      name: 'José Martínez',
      email: 'jose.martinez@example.com',
      phone: '+504 9876-5432',
      jobTitle: 'Director Financiero',
      city: 'Tegucigalpa',
      lifecycleStage: 'prospect',
      rtn: '08011985012345',
    },
    sofia: {
      name: 'Sofía Castillo',
      email: 'sofia.castillo@example.com',
      jobTitle: 'Administradora',
      city: 'San Pedro Sula',
      lifecycleStage: 'lead',
    },
    diego: {
      name: 'Diego Flores',
      email: 'diego.flores@example.com',
      phone: '+504 3344-5566',
      jobTitle: 'Ingeniero de Proyectos',
      city: 'La Ceiba',
      lifecycleStage: 'prospect',
    },
    valeria: {
      name: 'Valeria Núñez',
      email: 'valeria.nunez@example.com',
      jobTitle: 'CEO',
      city: 'Tegucigalpa',
      lifecycleStage: 'partner',
      linkedinUrl: 'https://www.linkedin.com/in/valeria-nunez-demo',
    },
    pedro: {
      name: 'Pedro Ramírez',
      phone: '+504 9911-2233',
      city: 'Choluteca',
      lifecycleStage: 'lead',
      status: 'inactive',
    },
    andrea: {
      name: 'Andrea Molina',
      email: 'andrea.molina@example.com',
      jobTitle: 'Jefa de Operaciones',
      city: 'Copán Ruinas',
      lifecycleStage: 'customer',
      isCustomer: true,
    },
    luis: {
      name: 'Luis Zelaya',
      email: 'luis.zelaya@example.com',
      jobTitle: 'Compras',
      city: 'San Pedro Sula',
      lifecycleStage: 'lead',
    },
  };
  const contactCompany = {
    maria: 'cafe',
    jose: 'valle',
    sofia: 'clinica',
    diego: 'lempira',
    valeria: 'tecno',
    pedro: null,
    andrea: 'cafe',
    luis: 'clinica',
  };
  const contactOwner = { maria: A, jose: C, sofia: L, diego: C, valeria: A, pedro: L, andrea: C, luis: L };
  const contactIds = {};
  age = 25;
  const contactAge = {};
  for (const [key, data] of Object.entries(contacts)) {
    contactAge[key] = age -= 2;
    contactIds[key] = contact(key, data, contactCompany[key], contactOwner[key], age);
  }

  put(
    'contacts/demo-contact-maria/notes',
    'demo-note-1',
    { content: 'Interesada en ampliar el pedido para la cosecha de marzo.', authorName: admin.fullName },
    A,
    6,
  );
  put(
    'contacts/demo-contact-maria/notes',
    'demo-note-2',
    { content: 'Pidió cotización con entrega en Puerto Cortés.', authorName: people.carlos.fullName },
    C,
    2,
  );

  const deal = (key, data, contactKey, ownerId, daysAgo) => {
    const companyKey = contactCompany[contactKey];
    return put(
      'deals',
      `demo-deal-${key}`,
      {
        companyId: companyKey ? companyIds[companyKey] : null,
        companyName: companyKey ? companies[companyKey].name : null,
        primaryContactId: contactIds[contactKey],
        primaryContactName: contacts[contactKey].name,
        ownerId,
        ...data,
      },
      ownerId,
      daysAgo,
    );
  };
  deal(
    'cafe-export',
    {
      title: 'Exportación de café 2027',
      amount: 185000,
      stage: 'proposal',
      probability: 60,
      closeDate: ts(now + 20 * DAY),
      notes: 'Contenedor de 20 pies, café lavado.',
    },
    'maria',
    A,
    14,
  );
  deal(
    'valle-crm',
    {
      title: 'Licencias CRM para sucursales',
      amount: 24000,
      stage: 'in_progress',
      probability: 40,
      closeDate: ts(now + 35 * DAY),
    },
    'jose',
    C,
    10,
  );
  deal(
    'clinica-equipos',
    { title: 'Renovación de equipos', amount: 56000, stage: 'new', probability: 20 },
    'sofia',
    C,
    5,
  );
  deal(
    'lempira-materiales',
    {
      title: 'Suministro de materiales',
      amount: 310000,
      stage: 'won',
      probability: 100,
      closeDate: ts(now - 3 * DAY),
    },
    'diego',
    C,
    30,
  );
  deal(
    'tecno-soporte',
    { title: 'Soporte anual', amount: 9000, stage: 'lost', probability: 0 },
    'valeria',
    A,
    21,
  );
  deal('cafe-empaque', { title: 'Empaque personalizado', amount: null, stage: 'new' }, 'andrea', A, 1);

  const task = (key, data, contactKey, createdBy, daysAgo) => {
    const companyKey = contactKey ? contactCompany[contactKey] : null;
    return put(
      'tasks',
      `demo-task-${key}`,
      {
        status: 'pending',
        contactId: contactKey ? contactIds[contactKey] : null,
        contactName: contactKey ? contacts[contactKey].name : null,
        companyId: companyKey ? companyIds[companyKey] : null,
        companyName: companyKey ? companies[companyKey].name : null,
        ...data,
      },
      createdBy,
      daysAgo,
    );
  };
  task(
    'llamar-maria',
    {
      title: 'Llamar a María por la cotización',
      description: 'Confirmar volumen y fecha de embarque.',
      dueDate: ts(now + 3 * 60 * 60 * 1000),
      assigneeIds: [A],
    },
    'maria',
    A,
    2,
  );
  task(
    'propuesta-valle',
    { title: 'Enviar propuesta a Finanzas del Valle', dueDate: ts(now - 1 * DAY), assigneeIds: [C] },
    'jose',
    C,
    4,
  );
  task(
    'visita-clinica',
    {
      title: 'Visitar la Clínica San Rafael',
      status: 'in_progress',
      dueDate: ts(now + 2 * DAY),
      assigneeIds: [L, C],
    },
    'sofia',
    L,
    3,
  );
  task(
    'contrato-lempira',
    {
      title: 'Preparar contrato de suministro',
      status: 'completed',
      dueDate: ts(now - 5 * DAY),
      assigneeIds: [C],
    },
    'diego',
    C,
    12,
  );
  task(
    'seguimiento-pedro',
    { title: 'Seguimiento a Pedro Ramírez', dueDate: ts(now + 7 * DAY), assigneeIds: [L] },
    'pedro',
    L,
    1,
  );
  task(
    'reporte-mensual',
    {
      title: 'Reporte mensual de ventas',
      description: 'Resumen de negocios ganados y perdidos.',
      dueDate: null,
      assigneeIds: [A],
    },
    null,
    A,
    0,
  );

  const meeting = (key, data, contactKey, createdBy, daysAgo) => {
    const companyKey = contactKey ? contactCompany[contactKey] : null;
    return put(
      'meetings',
      `demo-meeting-${key}`,
      {
        status: 'scheduled',
        contactId: contactKey ? contactIds[contactKey] : null,
        contactName: contactKey ? contacts[contactKey].name : null,
        companyId: companyKey ? companyIds[companyKey] : null,
        companyName: companyKey ? companies[companyKey].name : null,
        ...data,
      },
      createdBy,
      daysAgo,
    );
  };
  const at = (days, hour) => {
    const d = new Date(now + days * DAY);
    d.setUTCHours(hour + 6, 0, 0, 0); // Honduras is UTC-6
    return d.getTime();
  };
  meeting(
    'cafe-degustacion',
    {
      title: 'Degustación y revisión de muestras',
      startTime: ts(at(1, 10)),
      endTime: ts(at(1, 11)),
      participantIds: [A, C],
      notes: 'Llevar muestras de la finca alta.',
    },
    'maria',
    A,
    3,
  );
  meeting(
    'valle-demo',
    {
      title: 'Demostración para Finanzas del Valle',
      startTime: ts(at(4, 14)),
      endTime: ts(at(4, 15)),
      participantIds: [C],
    },
    'jose',
    C,
    2,
  );
  meeting(
    'clinica-intro',
    {
      title: 'Reunión de introducción',
      startTime: ts(at(2, 9)),
      endTime: ts(at(2, 10)),
      participantIds: [L],
    },
    'sofia',
    L,
    1,
  );
  meeting(
    'lempira-cierre',
    {
      title: 'Cierre del contrato',
      status: 'completed',
      startTime: ts(at(-4, 15)),
      endTime: ts(at(-4, 16)),
      participantIds: [A, C],
    },
    'diego',
    C,
    8,
  );

  // ── Generated records, so every screen looks lived-in (scripts/demo-records.mjs) ──
  generateRecords({
    put,
    now,
    ts,
    at,
    team: [
      { uid: A, name: admin.fullName, role: 'admin' },
      { uid: C, name: people.carlos.fullName, permissions: people.carlos.permissions },
      { uid: L, name: people.lucia.fullName, permissions: people.lucia.permissions },
    ],
    companies: Object.entries(companies).map(([key, data]) => ({
      id: companyIds[key],
      ...data,
      daysAgo: companyAge[key],
    })),
    contacts: Object.entries(contacts).map(([key, data]) => ({
      id: contactIds[key],
      name: data.name,
      companyId: contactCompany[key] ? companyIds[contactCompany[key]] : null,
      companyName: contactCompany[key] ? companies[contactCompany[key]].name : null,
      city: data.city,
      status: data.status ?? 'active',
      daysAgo: contactAge[key],
    })),
  });

  const names = { [A]: admin.fullName, [C]: people.carlos.fullName, [L]: people.lucia.fullName };
  checkAgainstSchemas({ orgId, writes, names, adminUid: A });
  const timeline = timelineWrites({ orgId, writes });
  for (let i = 0; i < writes.length; i += 500) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + 500)) batch.set(db.doc(w.path), w.data);
    await batch.commit();
  }
  for (let i = 0; i < timeline.length; i += 500) {
    const batch = db.batch();
    for (const w of timeline.slice(i, i + 500)) batch.set(db.doc(w.path), w.data);
    await batch.commit();
  }

  await checkAgainstRules({ orgId, writes, timeline, admin, carlos: sellers.carlos, lucia: sellers.lucia });
  await adminApp.delete();
  const counts = {};
  for (const w of writes) {
    const c = w.collection.split('/').at(-1);
    counts[c] = (counts[c] ?? 0) + 1;
  }
  if (timeline.length) counts.timeline = timeline.length;
  return { admin, sellers, orgId, records: writes.length, counts };
}

/**
 * Every CRM record against the model's document schemas (model/src/schemas.ts: keys, types,
 * enums, lengths, bindings such as a note's author name), as the member who created it, and the
 * denormalised names against the records they name.
 */
function checkAgainstSchemas({ orgId, writes, names, adminUid }) {
  const byPath = new Map(writes.map((w) => [w.path, w.data]));
  const org = `organizations/${orgId}`;
  const named = (collection, id, key, value, what) => {
    if (id === null || id === undefined) {
      if (value !== null && value !== undefined) throw new Error(`${what}: ${key} without an id`);
      return;
    }
    const record = byPath.get(`${org}/${collection}/${id}`);
    if (!record) throw new Error(`${what}: ${collection}/${id} does not exist`);
    const expected = record.name;
    if (value !== expected) throw new Error(`${what}: ${key} "${value}" is not "${expected}"`);
    return record;
  };
  for (const w of writes) {
    const collection = w.collection.split('/').at(-1);
    const { createdAt: _c, createdBy, updatedAt: _u, ...body } = w.data;
    try {
      documentSchemas[collection].validateSync(body, {
        strict: true,
        context: {
          op: 'create',
          uid: createdBy,
          orgId,
          id: w.id,
          isAdmin: createdBy === adminUid,
          authorName: names[createdBy],
        },
      });
    } catch (error) {
      throw new Error(`the model's ${collection} schema refuses ${w.path}: ${error.message}`);
    }
    const what = w.path;
    if (collection === 'contacts') named('companies', body.companyId, 'companyName', body.companyName, what);
    if (collection === 'deals' || collection === 'tasks' || collection === 'meetings') {
      const contactKey = collection === 'deals' ? 'primaryContactId' : 'contactId';
      const nameKey = collection === 'deals' ? 'primaryContactName' : 'contactName';
      const contact = named('contacts', body[contactKey], nameKey, body[nameKey], what);
      named('companies', body.companyId, 'companyName', body.companyName, what);
      if (contact && contact.companyId && contact.companyId !== body.companyId)
        throw new Error(`${what}: its contact belongs to ${contact.companyId}, not ${body.companyId}`);
    }
  }
}

/** The timeline entries of the notes, tasks, meetings and deals (model timelineEntryFor). */
function timelineWrites({ orgId, writes }) {
  if (typeof timelineEntryFor !== 'function') return [];
  const byPath = new Map(writes.map((w) => [w.path, w.data]));
  const out = [];
  for (const w of writes) {
    const segments = w.collection.split('/');
    const kind = timelineKindOf(segments.at(-1));
    if (!kind) continue;
    let note;
    if (kind === 'note') {
      const contactId = segments[1];
      const contact = byPath.get(`organizations/${orgId}/contacts/${contactId}`);
      note = { contactId, contactCompanyId: contact?.companyId ?? null };
    }
    const entry = timelineEntryFor(kind, w.id, w.data, note);
    if (entry) out.push({ path: `organizations/${orgId}/timeline/${entry.id}`, data: entry.data });
  }
  return out;
}

/**
 * Proof that the seeded records are what the app itself could have written: through the web SDK
 * and the rules, the admin touches every record (updatedAt = request.time; the rules validate the
 * whole resulting document) — a note its author, since only the author edits a note — and every
 * timeline entry. And a limited seller sees contacts but not deals.
 */
async function checkAgainstRules({ orgId, writes, timeline, admin, carlos, lucia }) {
  const { initializeApp, deleteApp } = await import('firebase/app');
  const { connectAuthEmulator, getAuth, signInWithEmailAndPassword } = await import('firebase/auth');
  const { collection, connectFirestoreEmulator, doc, getDocs, getFirestore, serverTimestamp, writeBatch } =
    await import('firebase/firestore');
  const client = async (name, email) => {
    const app = initializeApp({ projectId, apiKey: 'demo-key', appId: `demo-${name}` }, name);
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${hosts.auth}`, { disableWarnings: true });
    const firestore = getFirestore(app);
    const [host, port] = hosts.firestore.split(':');
    connectFirestoreEmulator(firestore, host, Number(port));
    await signInWithEmailAndPassword(auth, email, PASSWORD);
    return { app, firestore };
  };

  const ana = await client('seed-check-admin', admin.email);
  const authors = { [admin.uid]: ana, [carlos.uid]: await client('seed-check-carlos', carlos.email) };
  // One record per batch so a refusal names the record; a few batches in flight at a time
  // (all ~1,400 records and timeline entries take about half a minute).
  const check = async (path, patch, as = ana) => {
    const batch = writeBatch(as.firestore);
    batch.update(doc(as.firestore, path), patch);
    try {
      await batch.commit();
    } catch (error) {
      throw new Error(`firestore.rules refuse the seeded ${path}: ${error.message}`);
    }
  };
  const jobs = [
    ...writes.map((w) => () => {
      const as = w.collection.endsWith('/notes') ? authors[w.data.createdBy] : ana;
      if (!as) throw new Error(`${w.path}: no client for its author ${w.data.createdBy}`);
      return check(w.path, { updatedAt: serverTimestamp() }, as);
    }),
    // An entry has no updatedAt: rewriting one of its fields unchanged makes the rules check
    // that the whole entry mirrors its record.
    ...timeline.map((t) => () => check(t.path, { title: t.data.title })),
  ];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (jobs.length) await jobs.shift()();
    }),
  );
  console.log(
    `firestore.rules accept all ${writes.length + timeline.length} records (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  const lu = await client('seed-check-seller', lucia.email);
  const seen = await getDocs(collection(lu.firestore, `organizations/${orgId}/contacts`));
  if (seen.size === 0) throw new Error('the seller should see the contacts');
  const denied = await getDocs(collection(lu.firestore, `organizations/${orgId}/deals`)).then(
    () => false,
    () => true,
  );
  if (!denied) throw new Error('the seller without deals.view should not read deals');
  await Promise.all([ana, lu, ...Object.values(authors)].map((c) => deleteApp(c.app).catch(() => {})));
}

async function exportData() {
  // Auth: the hub's export replaces its target directory wholesale, so export to a scratch
  // directory and move the two pieces in.
  const scratch = path.join(dataDir, '.export-tmp-auth');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  await json(
    await fetch(`http://${hosts.hub}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: scratch, initiatedBy: 'seed-demo', targets: ['auth'] }),
    }),
    'auth export',
  );
  rmSync(path.join(dataDir, 'auth_export'), { recursive: true, force: true });
  renameSync(path.join(scratch, 'auth_export'), path.join(dataDir, 'auth_export'));
  cpSync(
    path.join(scratch, 'firebase-export-metadata.json'),
    path.join(dataDir, 'firebase-export-metadata.json'),
  );
  rmSync(scratch, { recursive: true, force: true });

  // Firestore: the project emulator's export, in the format its --import reads.
  const data = await json(
    await fetch(`http://${hosts.firestore}/emulator/v1/projects/${projectId}:export`),
    'firestore export',
  );
  writeFileSync(path.join(dataDir, 'firestore.json'), `${JSON.stringify(data, null, 1)}\n`);
}

let cloud;
try {
  if (!attach) {
    buildFunctions();
    console.log('Starting an empty local cloud…');
    cloud = await startLocalCloud({ quiet: true });
  }
  const { admin, sellers, orgId, records, counts } = await seed();
  await exportData();
  const logins = [
    { role: 'admin', email: admin.email, password: PASSWORD },
    { role: 'seller', email: sellers.carlos.email, password: PASSWORD },
    { role: 'seller', email: sellers.lucia.email, password: PASSWORD },
  ];
  writeFileSync(path.join(dataDir, 'demo-logins.json'), `${JSON.stringify(logins, null, 2)}\n`);
  console.log(`Demo organization ${orgId}: 3 members, 1 pending invitation, ${records} CRM records.`);
  console.log(
    `  ${Object.entries(counts)
      .map(([c, n]) => `${n} ${c}`)
      .join(', ')}`,
  );
  for (const l of logins) console.log(`  ${l.role.padEnd(7)} ${l.email} / ${l.password}`);
  console.log(
    'Written: emulator-data/{auth_export/, firebase-export-metadata.json, firestore.json, demo-logins.json}',
  );
} catch (error) {
  console.error(`seed-demo failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cloud?.stop();
}
process.exit(process.exitCode ?? 0);
