/**
 * A person in two organizations (issue 30): a seller with few rights in A and the administrator
 * of B. Each organization's rules see only that organization's member document, so nothing of
 * the admin's power in B reaches A — not through the lists and search tokens, the bell's queries,
 * an export (a list read), the member documents, nor the profile's list of organizations.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { uniformPermissions, type PermissionMap } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  createAudit,
  crmBody,
  memberDoc,
  NOW,
  seedWorld,
  ts,
  userDoc,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';
const B = 'organizations/orgB';
const DUAL = 'dual';

/** In A: deals to view only; contacts not even that; nothing else written down (view only). */
const sellerInA: PermissionMap = {
  contacts: { view: false, create: false, edit: false, delete: false },
  deals: { view: true, create: false, edit: false, delete: false },
};

beforeAll(async () => {
  env = await createEnv('organizations');
  await seedWorld(env);
  const docs: Array<[string, Doc]> = [
    [`users/${DUAL}`, { ...userDoc(DUAL, 'orgB'), organizationIds: ['orgA', 'orgB'] }],
    [`${A}/members/${DUAL}`, memberDoc('seller', sellerInA, DUAL)],
    [`${B}/members/${DUAL}`, memberDoc('admin', {}, DUAL)],
    // B from after issue 30: its name has the superadmin's search key.
    [
      B,
      {
        name: 'Org orgB',
        nameKey: 'org orgb',
        country: 'HN',
        rtn: null,
        createdAt: ts(NOW),
        createdBy: 'adminB',
      },
    ],
  ];
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, docs));
});

afterAll(async () => {
  await env?.cleanup();
});

const db = (): Firestore => as(env, DUAL);
const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const allowed = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertSucceeds(run()).then(() => undefined));

describe('a seller of A who is the administrator of B', () => {
  describe('reads each organization with that organization’s rights', () => {
    allowed('lists and opens the contacts of B', async () => {
      await getDocs(query(collection(db(), `${B}/contacts`), limit(5)));
      await getDoc(doc(db(), `${B}/contacts/contact1`));
    });
    denied('lists the contacts of A (no view there)', () =>
      getDocs(query(collection(db(), `${A}/contacts`), limit(5))),
    );
    denied('opens a contact of A', () => getDoc(doc(db(), `${A}/contacts/contact1`)));
    allowed('lists the deals of A (view on)', () => getDocs(query(collection(db(), `${A}/deals`), limit(5))));
    denied('exports the contacts of A (the export is a list read, paged)', () =>
      getDocs(query(collection(db(), `${A}/contacts`), orderBy('createdAt', 'desc'), limit(500))),
    );
    allowed('exports the contacts of B', () =>
      getDocs(query(collection(db(), `${B}/contacts`), orderBy('createdAt', 'desc'), limit(500))),
    );
  });

  describe('search tokens and the bell stay inside one organization', () => {
    denied('searches the contacts of A by token', () =>
      getDocs(
        query(collection(db(), `${A}/contacts`), where('searchTokens', 'array-contains', 'ana'), limit(5)),
      ),
    );
    allowed('searches the contacts of B by token', () =>
      getDocs(
        query(collection(db(), `${B}/contacts`), where('searchTokens', 'array-contains', 'ana'), limit(5)),
      ),
    );
    // (A token search across organizations is refused before the rules: it has no index.)
    denied('reads contacts across organizations (collection group)', () =>
      getDocs(query(collectionGroup(db(), 'contacts'), limit(5))),
    );
    denied("reads the bell's tasks across organizations (collection group)", () =>
      getDocs(query(collectionGroup(db(), 'tasks'), limit(5))),
    );
    denied('reads the timelines across organizations (collection group)', () =>
      getDocs(query(collectionGroup(db(), 'timeline'), limit(5))),
    );
    denied("lists the member documents of every organization (the superadmin's query)", () =>
      getDocs(query(collectionGroup(db(), 'members'), limit(5))),
    );
  });

  describe("B's administrator has no power in A", () => {
    allowed("renames B with its search key (control: an administrator's write)", () =>
      updateDoc(doc(db(), B), { name: 'Org B Renamed', nameKey: 'org b renamed' }),
    );
    denied('renames B and leaves the old search key', () => updateDoc(doc(db(), B), { name: 'Hidden Name' }));
    denied('gives B a search key that is not its name', () =>
      updateDoc(doc(db(), B), { name: 'Org B Renamed', nameKey: 'acme' }),
    );
    denied('renames A', () => updateDoc(doc(db(), A), { name: 'Taken over' }));
    denied('makes themself an administrator of A', () =>
      updateDoc(doc(db(), `${A}/members/${DUAL}`), { role: 'admin' }),
    );
    denied('gives themself every right in A', () =>
      updateDoc(doc(db(), `${A}/members/${DUAL}`), { permissions: uniformPermissions(true) }),
    );
    denied("changes another member's rights in A", () =>
      updateDoc(doc(db(), `${A}/members/sellerA`), { permissions: uniformPermissions(true) }),
    );
    allowed("changes a member's rights in B (control)", () =>
      updateDoc(doc(db(), `${B}/members/sellerB`), { permissions: uniformPermissions(true) }),
    );
    denied('reads the pending invitations of A', () => getDocs(collection(db(), `${A}/invitations`)));
    denied('creates a contact in A', () =>
      setDoc(doc(db(), `${A}/contacts/from-b`), { ...crmBody('contacts', DUAL, 'x'), ...createAudit(DUAL) }),
    );
    allowed('creates a contact in B (control)', () =>
      setDoc(doc(db(), `${B}/contacts/from-b`), {
        ...crmBody('contacts', DUAL, 'x', 'orgB'),
        ...createAudit(DUAL),
      }),
    );
  });

  describe('the profile’s organizations are the server’s to write', () => {
    allowed('changes their language (control)', () =>
      updateDoc(doc(db(), `users/${DUAL}`), { language: 'en' }),
    );
    denied('adds an organization to their list', () =>
      updateDoc(doc(db(), `users/${DUAL}`), { organizationIds: ['orgA', 'orgB', 'orgC'] }),
    );
    denied('changes the organization opened by default', () =>
      updateDoc(doc(db(), `users/${DUAL}`), { organizationId: 'orgA' }),
    );
    denied('removes their list', () => updateDoc(doc(db(), `users/${DUAL}`), { organizationIds: [] }));
  });
});
