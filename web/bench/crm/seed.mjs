// Seeds one benchmark organization with firebase-admin (batches of 500, several in flight): the
// organization, an active subscription (as scripts/seed-demo.mjs writes it), an admin member (no
// account) and a seller who may view contacts and companies (Auth emulator account, users/{uid}
// profile, username reservation, member document, as the invitation callable writes them), then
// `companies` companies and `contacts` contacts with the fields the model requires, search tokens
// from the model (`withDerivedFields`), denormalised company names and createdAt spread over three
// years. Deterministic for a given seed.
//
// Contacts have a name, company, job title and city but no e-mail or phone: those two fields alone
// would double each contact's search tokens (~50 → ~100, an e-mail also yields its compact form) and
// so the index entries the emulator must build (loading 100,000 contacts would take ~7 minutes
// instead of ~3). Every page shows and queries the same fields either way.
//
// `lastNames` replaces the surnames (bench:search adds González, Pereira…) and `namedCompanies`
// names the companies that follow the distributors, so a search is sure to find some; without
// them the data are the same as before for a given seed.
import {
  BUSINESS_KINDS,
  BUSINESS_NAMES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  PLACES,
} from '../../../scripts/demo-names.mjs';
import { phoneFor, prng, slug } from '../../../scripts/demo-names.mjs';

const DAY = 24 * 60 * 60 * 1000;
const SPAN = 3 * 365 * DAY;
export const PASSWORD = 'trato-bench';

/** What the seller may do by default: view contacts and companies (and the dashboard), nothing
 * else; `seedOrganization({ permissions })` replaces some resources' rights (bench:deals). */
export const SELLER_PERMISSIONS = {
  dashboard: { view: true, create: false, edit: false, delete: false },
  companies: { view: true, create: false, edit: false, delete: false },
  contacts: { view: true, create: false, edit: false, delete: false },
  deals: { view: false, create: false, edit: false, delete: false },
  tasks: { view: false, create: false, edit: false, delete: false },
  meetings: { view: false, create: false, edit: false, delete: false },
  tickets: { view: false, create: false, edit: false, delete: false },
  marketing: { view: false, create: false, edit: false, delete: false },
  documents: { view: false, create: false, edit: false, delete: false },
};

/** Writes `docs` ([path, data], any iterable: generated as they are written) in batches of 500,
 * `inFlight` batches at a time. */
export async function bulkWrite(db, docs, inFlight = 4) {
  const it = docs[Symbol.iterator]();
  let done = false;
  // On a shared machine under heavy load the emulator has stalled a commit past the SDK's 60 s
  // deadline (gRPC code 4); the batch only sets documents, so sending it again is harmless.
  const commit = async (chunk, attempt = 1) => {
    const batch = db.batch();
    for (const [docPath, data] of chunk) batch.set(db.doc(docPath), data);
    try {
      await batch.commit();
    } catch (error) {
      if (error.code !== 4 || attempt >= 3) throw error;
      await commit(chunk, attempt + 1);
    }
  };
  const worker = async () => {
    while (!done) {
      const chunk = [];
      while (chunk.length < 500) {
        const next = it.next();
        if (next.done) {
          done = true;
          break;
        }
        chunk.push(next.value);
      }
      if (chunk.length) await commit(chunk);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore, auth: import('firebase-admin/auth').Auth,
 *   Timestamp: typeof import('firebase-admin/firestore').Timestamp, model: object, key: string,
 *   name: string, contacts: number, companies: number, seed: number,
 *   permissions?: Record<string, { view: boolean, create: boolean, edit: boolean, delete: boolean }>,
 *   lastNames?: string[], namedCompanies?: { name: string, industry: string }[] }} options
 * @returns {Promise<{ orgId: string, email: string, password: string, uid: string }>}
 */
export async function seedOrganization({
  db,
  auth,
  Timestamp,
  model,
  key,
  name,
  contacts,
  companies,
  seed,
  permissions = {},
  lastNames = LAST_NAMES,
  namedCompanies = [],
}) {
  const rng = prng(seed);
  const now = Date.now();
  const ts = (ms) => Timestamp.fromMillis(Math.floor(ms));
  const orgId = `bench-${key}`;
  const org = `organizations/${orgId}`;
  const adminUid = `bench-admin-${key}`;
  const email = `vendedor.${key}@bench.trato.test`;
  const username = `vendedor_${key}`.slice(0, 20);
  const fullName = `Vendedor ${name}`;
  const user = await auth.createUser({ email, password: PASSWORD, displayName: fullName });
  const uid = user.uid;
  const created = ts(now - SPAN - 30 * DAY);

  await bulkWrite(db, [
    [org, { name, country: 'Honduras', rtn: null, createdAt: created, createdBy: adminUid }],
    [
      `${org}/billing/subscription`,
      {
        status: 'active',
        trialEnd: null,
        currentPeriodEnd: Timestamp.fromDate(new Date('2099-12-31T00:00:00Z')),
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        priceId: null,
        updatedAt: ts(now),
      },
    ],
    [
      `${org}/members/${adminUid}`,
      {
        role: 'admin',
        fullName: `Admin ${name}`,
        email: `admin.${key}@bench.trato.test`,
        username: `admin_${key}`.slice(0, 20),
        permissions: {},
        joinedAt: created,
        invitedBy: null,
      },
    ],
    [
      `${org}/members/${uid}`,
      {
        role: 'seller',
        fullName,
        email,
        username,
        permissions: { ...SELLER_PERMISSIONS, ...permissions },
        joinedAt: created,
        invitedBy: adminUid,
      },
    ],
    [
      `users/${uid}`,
      { fullName, email, username, language: 'es', organizationId: orgId, createdAt: created },
    ],
    [`usernames/${username}`, { uid, createdAt: created }],
  ]);

  // ── Companies ──────────────────────────────────────────────────────────────
  const kinds = Object.entries(BUSINESS_KINDS).flatMap(([industry, list]) => list.map((k) => [industry, k]));
  const hondurasCities = PLACES.Honduras.cities;
  const taken = new Set();
  const companyList = [];
  const companyDocs = [];
  while (companyList.length < companies) {
    // A few distributors in every organization, so the companies search ('dis') finds some.
    const named = namedCompanies[companyList.length - 3];
    const [industry, kind] = named
      ? [named.industry, null]
      : companyList.length < 3
        ? ['retail', 'Distribuidora']
        : rng.pick(kinds);
    const city = rng.pick(hondurasCities);
    let companyName = named ? named.name : `${kind} ${rng.pick(BUSINESS_NAMES)}`;
    if (taken.has(companyName)) companyName = `${companyName} ${city}`;
    if (taken.has(companyName)) continue;
    taken.add(companyName);
    const id = `co${String(companyList.length + 1).padStart(5, '0')}`;
    const at = ts(now - rng() * SPAN);
    const data = model.withDerivedFields('companies', {
      name: companyName,
      industry,
      size: rng.pick(model.COMPANY_SIZES),
      city,
      country: 'Honduras',
      phone: phoneFor(rng, 'Honduras', { landline: true }),
      website: `https://${slug(companyName)}.example.com`,
    });
    companyDocs.push([
      `${org}/companies/${id}`,
      { ...data, createdAt: at, createdBy: adminUid, updatedAt: at },
    ]);
    companyList.push({ id, name: companyName, city, domain: `${slug(companyName)}.example.com` });
  }

  await bulkWrite(db, companyDocs);

  // ── Contacts ───────────────────────────────────────────────────────────────
  const stages = model.LIFECYCLE_STAGES;
  function* contactDocs() {
    for (let i = 0; i < contacts; i++) {
      const sex = rng.chance(0.5) ? 'f' : 'm';
      const first = rng.pick(FIRST_NAMES[sex]);
      const last1 = rng.pick(lastNames);
      const last2 = rng.chance(0.6) ? ` ${rng.pick(lastNames)}` : '';
      const company = rng.chance(0.9) ? rng.pick(companyList) : null;
      const lifecycleStage = rng.pick(stages);
      const at = ts(now - rng() * SPAN);
      const data = model.withDerivedFields('contacts', {
        name: `${first} ${last1}${last2}`,
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
        jobTitle: rng.pick(JOB_TITLES),
        city: company?.city ?? rng.pick(hondurasCities),
        country: 'Honduras',
        status: rng.chance(0.9) ? 'active' : 'inactive',
        isCustomer: lifecycleStage === 'customer',
        lifecycleStage,
        ownerId: adminUid,
      });
      const id = `ct${String(i + 1).padStart(6, '0')}`;
      yield [`${org}/contacts/${id}`, { ...data, createdAt: at, createdBy: adminUid, updatedAt: at }];
    }
  }
  await bulkWrite(db, contactDocs());
  return { orgId, email, password: PASSWORD, uid };
}
