/**
 * Every list query of the app (model/src/queries.ts APP_QUERIES) is allowed for the callers that
 * make it — rules are not filters, so this proves the rules admit the query itself — and, with
 * the local cloud in strict-index mode, that firestore.indexes.json has the index it needs.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  FieldPath,
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  sum,
  getAggregateFromServer,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  APP_QUERIES,
  PREFIX_END,
  RESOURCES,
  searchQueryWords,
  TIMELINE_KINDS,
  uniformPermissions,
  viewableTimelineKinds,
  type QuerySpec,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { ROLES } from '../src/roles.js';
import {
  CAMPAIGN,
  CONTACT,
  crmBody,
  DAY,
  FORM,
  LIST,
  memberDoc,
  NOW,
  searchFields,
  SEQUENCE,
  seedWorld,
  storedAudit,
  ts,
  writeAll,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';

const PARENT: Record<string, string> = {
  notes: `${A}/contacts/${CONTACT}/notes`,
  steps: `${A}/sequences/${SEQUENCE}/steps`,
  enrollments: `${A}/sequences/${SEQUENCE}/enrollments`,
  recipients: `${A}/campaigns/${CAMPAIGN}/recipients`,
  // The customer portal (issue 34): a ticket's conversation; the sites are top-level.
  replies: `${A}/tickets/ticket1/replies`,
  organizations: 'organizations',
  portals: 'portals',
};

/** The timeline kinds a caller may view (the web's `kind in [...]`). */
function viewableKinds(uid: string): readonly string[] {
  const r = ROLES.find((x) => x.uid === uid);
  return r?.role ? viewableTimelineKinds({ role: r.role, permissions: r.permissions ?? {} }) : TIMELINE_KINDS;
}

/** A plausible value for each filtered field. */
function value(spec: QuerySpec, field: string, op: string, uid: string): unknown {
  // `kind in` the kinds the caller views; `kind ==` one of the field-edit kinds it views.
  if (field === 'kind' && op === '==') return viewableKinds(uid).find((k) => k.endsWith('Edit'));
  if (field === 'kind') return viewableKinds(uid);
  if (field === '__name__') return ['company1', CONTACT];
  if (field === 'email' && op === 'in') return ['ana@acme.example', 'luis@acme.example'];
  if (field === 'email') return 'ana@acme.example';
  if (op === 'in') return ['pending', 'in_progress', 'cancelled'];
  // The inbox's threads with unread messages.
  if (field === 'unreadCount') return 0;
  if (op.startsWith('<') || op.startsWith('>')) return ts(NOW + DAY);
  if (op === 'prefix') return 'org';
  const byField: Record<string, unknown> = {
    searchTokens: 'acme',
    // Two words: the seeded company 'Acme Honduras' has both.
    searchIndex: 'acme hond',
    assigneeIds: uid,
    participantIds: uid,
    createdBy: uid,
    companyId: 'company1',
    primaryContactId: CONTACT,
    // A contact's field-edit entries (deleted with it).
    recordId: CONTACT,
    contactId: CONTACT,
    sequenceId: SEQUENCE,
    senderUid: uid,
    lifecycleStage: 'lead',
    industry: 'technology',
    size: '11-50',
    stage: 'new',
    priority: 'High',
    parentId: null,
    folderId: null,
    // Marketing (issue 31): a static list's contacts, a segment's criteria, a campaign's opt-outs.
    listIds: LIST,
    isCustomer: false,
    ownerId: uid,
    city: 'Tegucigalpa',
    country: 'HN',
    campaignId: CAMPAIGN,
    // Forms and consent (issue 31): a form's submissions, a segment of consenting contacts.
    formId: FORM,
    emailConsent: 'granted',
    hasEmail: true,
    // Two-way e-mail (issue 32): a contact's or a company's conversations, a conversation's
    // messages, the replies a member received; the sync's readable mailboxes.
    contactIds: CONTACT,
    companyIds: 'company1',
    threadKey: `${uid}_t1`,
    ownerUid: uid,
    direction: 'in',
    threadId: 't1',
    reads: true,
    // WhatsApp (issue 33): a member's threads, a platform message id (the webhook's statuses).
    assigneeId: uid,
    wamid: 'wamid.in1',
    // The customer portal (issue 34): the bell's answered tickets, a ticket's Gmail thread, the
    // public replies, a document's shares, the organization's site.
    conversationState: 'customer-replied',
    emailThreadIds: 't1',
    visibility: 'public',
    targetId: 'document1',
    organizationId: 'orgA',
  };
  if (field === 'status')
    return {
      tasks: 'pending',
      tickets: 'New',
      meetings: 'scheduled',
      invitations: 'pending',
      enrollments: 'active',
      sendLog: 'failed',
      contacts: 'active',
      recipients: 'pending',
      campaigns: 'scheduled',
      mailConnections: 'connected',
      waTemplates: 'approved',
    }[spec.collection];
  return byField[field];
}

function build(db: Firestore, spec: QuerySpec, uid: string, values: Record<string, unknown> = {}): Query {
  const constraints: QueryConstraint[] = [
    ...spec.where.flatMap((f) => {
      const v = values[f.field] ?? value(spec, f.field, f.op, uid);
      // A search of several words: one equality on searchIndex per word (as web/src/firebase/queries.ts).
      if (f.op === 'words')
        return searchQueryWords(v as string).map((w) => where(new FieldPath(f.field, w), '==', true));
      if (f.op === 'prefix')
        return [where(f.field, '>=', v), where(f.field, '<', `${String(v)}${PREFIX_END}`)];
      return [where(f.field, f.op, v)];
    }),
    ...spec.orderBy.map((o) => orderBy(o.field, o.direction)),
    limit(25),
  ];
  const base =
    spec.scope === 'COLLECTION_GROUP'
      ? collectionGroup(db, spec.collection)
      : collection(db, PARENT[spec.collection] ?? `${A}/${spec.collection}`);
  return query(base, ...constraints);
}

/**
 * Collections the rules let members read with either of two view rights: WhatsApp templates are
 * marketing's (Plantillas) and the inbox's (the composer); document shares are the documents'
 * (a document's shares) and the contacts' (a contact's).
 */
const READ_WITH: Record<string, readonly [string, string]> = {
  waTemplates: ['marketing', 'conversations'],
  documentShares: ['documents', 'contacts'],
};
/** Per collection of READ_WITH, a seller of A with every right but the view of both (seeded below). */
const NO_TEMPLATE_VIEW = 'q_noTemplateView';
const NEITHER_VIEW: Record<string, string> = {
  waTemplates: NO_TEMPLATE_VIEW,
  documentShares: 'q_noShareView',
};

/** Who runs each query in the app: the admin, and a seller with only the view it needs. */
function callers(spec: QuerySpec): string[] {
  if (spec.by === 'superadmin') return ['root'];
  if (spec.by === 'admin') return ['adminA'];
  if (spec.by === 'member') return ['adminA', 'sellerA'];
  if (spec.by.endsWith('.view')) return ['adminA', `s_on_${spec.by.split('.')[0]}_view`];
  return [];
}

beforeAll(async () => {
  env = await createEnv('queries');
  await seedWorld(env);
  const off = { view: false, create: true, edit: true, delete: true };
  await env.withSecurityRulesDisabled((ctx) =>
    writeAll(ctx.firestore() as unknown as Firestore, [
      [
        `${A}/members/${NO_TEMPLATE_VIEW}`,
        memberDoc(
          'seller',
          { ...uniformPermissions(true), marketing: off, conversations: off },
          NO_TEMPLATE_VIEW,
        ),
      ],
      [
        `${A}/members/${NEITHER_VIEW.documentShares}`,
        memberDoc(
          'seller',
          { ...uniformPermissions(true), documents: off, contacts: off },
          NEITHER_VIEW.documentShares!,
        ),
      ],
    ]),
  );
});

afterAll(async () => {
  await env?.cleanup();
});

describe.concurrent('app queries are allowed and indexed', () => {
  for (const spec of APP_QUERIES) {
    for (const uid of callers(spec))
      if (spec.collection === 'timeline' && viewableKinds(uid).length === 0)
        // Firestore refuses an empty `in`: a member who views no kind gets no timeline query.
        it(`${spec.id} is not made by ${uid} (views no kind)`, () => expect(viewableKinds(uid)).toEqual([]));
      else
        it(`${spec.id} as ${uid}`, async () => {
          const db = as(env, uid, uid === 'root' ? { superadmin: true } : undefined);
          await assertSucceeds(getDocs(build(db, spec, uid)));
        });
    if (spec.collection === 'timeline') {
      // The timeline mixes kinds: what decides is `kind in`, each kind needing its own view right.
      const seller = 's_off_deals_view';
      it(`${spec.id} runs with the kinds a seller without deals.view may view`, () =>
        assertSucceeds(getDocs(build(as(env, seller), spec, seller))).then(() => undefined));
      const dealKinds = spec.where.some((f) => f.field === 'kind' && f.op === '==')
        ? 'dealEdit'
        : TIMELINE_KINDS;
      it(`${spec.id} refused when it includes a kind the seller may not view (deal)`, () =>
        assertFails(getDocs(build(as(env, seller), spec, seller, { kind: dealKinds }))).then(
          () => undefined,
        ));
    } else if (spec.by.endsWith('.view') && READ_WITH[spec.collection]) {
      // Read with either right: one suffices, neither is refused.
      const [first, second] = READ_WITH[spec.collection]!;
      const other = spec.by.startsWith(`${first}.`) ? second : first;
      const seller = `s_off_${spec.by.split('.')[0]}_view`;
      it(`${spec.id} runs for a seller without ${spec.by} who has ${other}.view`, () =>
        assertSucceeds(getDocs(build(as(env, seller), spec, seller))).then(() => undefined));
      const neither = NEITHER_VIEW[spec.collection]!;
      it(`${spec.id} refused to a seller without ${first}.view and ${second}.view`, () =>
        assertFails(getDocs(build(as(env, neither), spec, neither))).then(() => undefined));
    } else if (spec.by.endsWith('.view')) {
      const resource = spec.by.split('.')[0];
      it(`${spec.id} refused to a seller without ${resource}.view`, () =>
        assertFails(getDocs(build(as(env, `s_off_${resource}_view`), spec, `s_off_${resource}_view`))).then(
          () => undefined,
        ));
    }
    if (spec.by.startsWith('server') && spec.scope === 'COLLECTION_GROUP')
      it(`${spec.id} runs for the server (index present) and is refused to clients`, async () => {
        await env.withSecurityRulesDisabled((ctx) =>
          getDocs(build(ctx.firestore() as unknown as Firestore, spec, 'server')).then(() => undefined),
        );
        await assertFails(getDocs(build(as(env, 'adminA'), spec, 'adminA')));
      });
    else if (spec.by.startsWith('server'))
      // Under one parent (a campaign's recipients): the collection's readers may run it too.
      it(`${spec.id} runs for the server (index present)`, () =>
        env.withSecurityRulesDisabled((ctx) =>
          getDocs(build(ctx.firestore() as unknown as Firestore, spec, 'server')).then(() => undefined),
        ));
  }
  it('every view resource used by a query exists', () => {
    for (const spec of APP_QUERIES)
      if (spec.by.endsWith('.view')) expect(RESOURCES).toContain(spec.by.split('.')[0]);
  });
});

describe.concurrent('counts and sums (dashboard, deals board)', () => {
  for (const c of ['contacts', 'deals', 'tasks', 'meetings'])
    it(`count of ${c} for the dashboard`, async () => {
      const snap = await getCountFromServer(collection(as(env, 'sellerA'), `${A}/${c}`));
      expect(snap.data().count).toBeGreaterThanOrEqual(1);
    });
  it('sum of amounts per stage', async () => {
    const snap = await getAggregateFromServer(
      query(collection(as(env, 'adminA'), `${A}/deals`), where('stage', '==', 'new')),
      { total: sum('amount') },
    );
    expect(snap.data().total).toBe(1500);
  });
  it('sendLog count (debug page) needs marketing.view', async () => {
    await assertSucceeds(getCountFromServer(collection(as(env, 'adminA'), `${A}/sendLog`)));
    await assertFails(getCountFromServer(collection(as(env, 's_off_marketing_view'), `${A}/sendLog`)));
  });
});

describe('searches of several words', () => {
  it('match every word on the server, without a composite index, in id order', async () => {
    const contacts = `${A}/contacts`;
    await env.withSecurityRulesDisabled(async (ctx) => {
      const admin = ctx.firestore() as unknown as Firestore;
      await writeAll(admin, [
        [
          `${contacts}/w3`,
          {
            ...crmBody('contacts', 'adminA', 'w3'),
            ...searchFields('contacts', { name: 'Zzqx Ana' }),
            ...storedAudit(),
          },
        ],
        [
          `${contacts}/w1`,
          {
            ...crmBody('contacts', 'adminA', 'w1'),
            ...searchFields('contacts', { name: 'Ana Zzqxy' }),
            ...storedAudit(),
          },
        ],
        [
          `${contacts}/w2`,
          {
            ...crmBody('contacts', 'adminA', 'w2'),
            ...searchFields('contacts', { name: 'Zzqx Luis' }),
            ...storedAudit(),
          },
        ],
      ]);
    });
    const spec = APP_QUERIES.find((q) => q.id === 'contacts.words')!;
    const seller = 's_on_contacts_view';
    const found = await getDocs(build(as(env, seller), spec, seller, { searchIndex: 'zzqx ANA' }));
    expect(found.docs.map((d) => d.id)).toEqual(['w1', 'w3']);
    const counted = await getCountFromServer(
      build(as(env, seller), spec, seller, { searchIndex: 'zzqx an' }),
    );
    expect(counted.data().count).toBe(2);
  });
});

describe('strict-index mode', () => {
  it('a query without its composite index is refused (so the checks above prove the indexes)', async () => {
    const q = query(
      collection(as(env, 'adminA'), `${A}/contacts`),
      where('status', '==', 'active'),
      orderBy('name'),
    );
    await expect(getDocs(q)).rejects.toMatchObject({ code: 'failed-precondition' });
  });
});
