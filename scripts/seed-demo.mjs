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

import { buildFunctions, cloudEnv, ports, projectId, root, startLocalCloud } from './local-cloud.mjs';

register(); // @trato/model is TypeScript source
const { tokensFor } = await import('../model/src/index.ts');

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
  let age = 40;
  for (const [key, data] of Object.entries(companies))
    companyIds[key] = put('companies', `demo-company-${key}`, data, key === 'tecno' ? C : A, (age -= 3));

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
  for (const [key, data] of Object.entries(contacts))
    contactIds[key] = contact(key, data, contactCompany[key], contactOwner[key], (age -= 2));

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

  const batch = db.batch();
  for (const w of writes) batch.set(db.doc(w.path), w.data);
  await batch.commit();

  await checkAgainstRules({ orgId, writes, admin, lucia: sellers.lucia });
  await adminApp.delete();
  return { admin, sellers, orgId, records: writes.length };
}

/**
 * Proof that the seeded records are what the app itself could have written: the admin, through
 * the web SDK and the rules, touches every record (updatedAt = request.time; the rules validate
 * the whole resulting document). And a limited seller sees contacts but not deals.
 */
async function checkAgainstRules({ orgId, writes, admin, lucia }) {
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
  // One record per batch so a refusal names the record.
  for (const w of writes) {
    const batch = writeBatch(ana.firestore);
    batch.update(doc(ana.firestore, w.path), { updatedAt: serverTimestamp() });
    try {
      await batch.commit();
    } catch (error) {
      throw new Error(`firestore.rules refuse the seeded ${w.path}: ${error.message}`);
    }
  }
  const lu = await client('seed-check-seller', lucia.email);
  const seen = await getDocs(collection(lu.firestore, `organizations/${orgId}/contacts`));
  if (seen.size === 0) throw new Error('the seller should see the contacts');
  const denied = await getDocs(collection(lu.firestore, `organizations/${orgId}/deals`)).then(
    () => false,
    () => true,
  );
  if (!denied) throw new Error('the seller without deals.view should not read deals');
  await Promise.all([deleteApp(ana.app), deleteApp(lu.app)]);
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
  const { admin, sellers, orgId, records } = await seed();
  await exportData();
  const logins = [
    { role: 'admin', email: admin.email, password: PASSWORD },
    { role: 'seller', email: sellers.carlos.email, password: PASSWORD },
    { role: 'seller', email: sellers.lucia.email, password: PASSWORD },
  ];
  writeFileSync(path.join(dataDir, 'demo-logins.json'), `${JSON.stringify(logins, null, 2)}\n`);
  console.log(`Demo organization ${orgId}: 3 members, 1 pending invitation, ${records} CRM records.`);
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
