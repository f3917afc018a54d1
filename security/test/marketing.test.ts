/**
 * Marketing lists and campaigns (issue 31).
 * 1. Lists: read with marketing.view, written with marketing.create/edit/delete; a static list
 *    has no criteria and a list's kind is fixed. A marketer (marketing.edit and contacts.view,
 *    without contacts.edit) adds contacts to a static list by changing their listIds alone.
 * 2. A campaign speaks with its author's voice (its creator's Gmail sends it): only the author
 *    writes its content (while a draft), schedules it, takes it back to draft and resumes it;
 *    any member with marketing.edit stops it (pause, cancel). The sender (server) alone starts
 *    it (scheduled → sending) and ends it (sent, failed); its recipients and runs are the
 *    sender's. Every refusal is written from the attacker's side, with controls for what stays
 *    allowed.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import {
  CLIENT_CAMPAIGN_MOVES,
  LIST_MEMBERSHIPS_MAX,
  uniformPermissions,
  type CampaignStatus,
  type PermissionMap,
} from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  activeSubscription,
  CAMPAIGN,
  campaignDoc,
  campaignPath,
  campaignRunDoc,
  createAudit,
  crmBody,
  crmCollectionPath,
  DAY,
  freshId,
  HOUR,
  LIST,
  memberDoc,
  NOW,
  RECIPIENT,
  recipientDoc,
  scheduled,
  seedWorld,
  storedAudit,
  ts,
  userDoc,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string): Firestore => as(env, uid);
const A = 'organizations/orgA';
const ADMIN = 'adminA';
/** Every marketing right, contacts viewed only: the member who runs the campaigns. */
const MARKETER = 'marketer';
/** Another member with every marketing right (and contacts.view), who is not the author. */
const COLLEAGUE = 'colleague';
/** Only marketing.view. */
const VIEWER = 'mkViewer';
/** Every right but marketing. */
const NO_MARKETING = 'noMarketing';
/** marketing.edit without contacts.view. */
const BLIND_MARKETER = 'blindMarketer';
/** The admin of organization B. */
const ADMIN_B = 'adminB';
/** An organization whose subscription lapsed (active, past the 48 h grace), and its admin. */
const LAPSED = 'orgMkLapsed';
const LAPSED_ADMIN = 'orgMkLapsed-admin';

const marketing = (on: boolean) => ({ view: on, create: on, edit: on, delete: on });
const MARKETER_RIGHTS: PermissionMap = {
  ...uniformPermissions(true),
  contacts: { view: true, create: false, edit: false, delete: false },
};
const MEMBERS: Record<string, PermissionMap> = {
  [MARKETER]: MARKETER_RIGHTS,
  [COLLEAGUE]: MARKETER_RIGHTS,
  [VIEWER]: {
    ...uniformPermissions(false),
    marketing: { view: true, create: false, edit: false, delete: false },
  },
  [NO_MARKETING]: { ...uniformPermissions(true), marketing: marketing(false) },
  [BLIND_MARKETER]: {
    ...uniformPermissions(false),
    marketing: marketing(true),
    contacts: { view: false, create: false, edit: false, delete: false },
  },
};

const seeds: Array<[string, Doc]> = [];
const lists = crmCollectionPath('lists');
const listPath = (id: string, org = A) => `${org}/lists/${id}`;

/** A fresh list of A as stored (a segment without criteria unless `patch` says otherwise). */
function listOf(patch: Doc = {}, by = ADMIN): string {
  const path = `${lists}/${freshId('list')}`;
  seeds.push([path, { ...crmBody('lists', by, ''), ...storedAudit(by), ...patch }]);
  return path;
}

/** A fresh campaign of `author` in A (a draft unless `patch` says otherwise). */
function campaignOf(author: string, patch: Doc = {}): string {
  const path = campaignPath(freshId('camp'));
  seeds.push([path, campaignDoc(author, patch)]);
  return path;
}

/** A fresh campaign of A that the sender had started (its run exists). */
function startedCampaignOf(author: string, patch: Doc = {}): string {
  const id = freshId('camp');
  seeds.push([campaignPath(id), campaignDoc(author, patch)]);
  seeds.push([`${A}/campaignRuns/${id}`, campaignRunDoc()]);
  return campaignPath(id);
}

/** A fresh contact of A (optionally on lists). */
function contactOf(patch: Doc = {}): string {
  const path = `${crmCollectionPath('contacts')}/${freshId('c')}`;
  seeds.push([path, { ...crmBody('contacts', ADMIN, ''), ...storedAudit(), ...patch }]);
  return path;
}

const newList = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('lists', uid, ''),
  ...createAudit(uid),
  ...patch,
});
const newCampaign = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('campaigns', uid, ''),
  ...createAudit(uid),
  ...patch,
});
const edit = (patch: Doc): Doc => ({ ...patch, updatedAt: serverTimestamp() });
/** Every criterion of a segment set. */
const CRITERIA: Doc = {
  lifecycleStage: 'customer',
  contactStatus: 'active',
  isCustomer: true,
  companyId: 'company1',
  ownerId: 'sellerA',
  city: 'Tegucigalpa',
  country: 'HN',
  createdFrom: ts(NOW - 30 * DAY),
  createdTo: ts(NOW),
};
/** A time a few minutes ago, when the request is made (within the rules' 5 minutes of leeway). */
const minutesAgo = (m: number) => ts(Date.now() - m * 60_000);

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

// ── Lists ──────────────────────────────────────────────────────────────────

describe.concurrent('lists', () => {
  control('a marketer creates a static list', () =>
    setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList(MARKETER, { kind: 'static' })),
  );
  control('a marketer creates a segment with every criterion', () =>
    setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList(MARKETER, CRITERIA)),
  );
  control('a static list with every criterion null', () =>
    setDoc(
      doc(db(MARKETER), `${lists}/${freshId()}`),
      newList(MARKETER, {
        kind: 'static',
        ...Object.fromEntries(Object.keys(CRITERIA).map((k) => [k, null])),
      }),
    ),
  );
  for (const [key, value] of Object.entries(CRITERIA))
    denied(`a static list with a criterion (${key})`, () =>
      setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList(MARKETER, { kind: 'static', [key]: value })),
    );
  denied('a segment whose owner criterion is not a member', () =>
    setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList(MARKETER, { ownerId: 'adminB' })),
  );
  denied("a list in another member's name", () =>
    setDoc(doc(db(MARKETER), `${lists}/${freshId()}`), newList(MARKETER, { createdBy: COLLEAGUE })),
  );
  {
    const p = listOf(CRITERIA);
    control('a marketer renames a segment and changes its criteria', () =>
      updateDoc(
        doc(db(MARKETER), p),
        edit({
          name: 'Clientes de San Pedro',
          city: 'San Pedro Sula',
          companyId: null,
          description: 'Norte',
        }),
      ),
    );
  }
  {
    const p = listOf({ kind: 'static' });
    control('a marketer renames a static list', () =>
      updateDoc(doc(db(MARKETER), p), edit({ name: 'Boletín 2027' })),
    );
  }
  {
    const p = listOf({ kind: 'static' });
    denied('a static list given a criterion', () =>
      updateDoc(doc(db(MARKETER), p), edit({ lifecycleStage: 'lead' })),
    );
  }
  {
    const p = listOf();
    denied("changing a list's kind (segment → static)", () =>
      updateDoc(doc(db(MARKETER), p), edit({ kind: 'static' })),
    );
  }
  {
    const p = listOf({ kind: 'static' });
    denied("changing a list's kind (static → segment)", () =>
      updateDoc(doc(db(ADMIN), p), edit({ kind: 'segment' })),
    );
  }
  {
    const p = listOf();
    denied('an update that does not stamp updatedAt', () =>
      updateDoc(doc(db(MARKETER), p), { name: 'Sin fecha' }),
    );
  }
  {
    const p = listOf();
    control('a marketer deletes a list', () => deleteDoc(doc(db(MARKETER), p)));
  }
  control('a marketing.view member reads a list', () => getDoc(doc(db(VIEWER), listPath(LIST))));
  control('a marketing.view member lists the lists', () => getDocs(collection(db(VIEWER), lists)));
  denied('a marketing.view member creates a list', () =>
    setDoc(doc(db(VIEWER), `${lists}/${freshId()}`), newList(VIEWER)),
  );
  {
    const p = listOf();
    denied('a marketing.view member renames a list', () =>
      updateDoc(doc(db(VIEWER), p), edit({ name: 'Mía' })),
    );
  }
  {
    const p = listOf();
    denied('a marketing.view member deletes a list', () => deleteDoc(doc(db(VIEWER), p)));
  }
  denied('a seller without marketing rights reads a list', () =>
    getDoc(doc(db(NO_MARKETING), listPath(LIST))),
  );
  denied('a seller without marketing rights lists the lists', () =>
    getDocs(collection(db(NO_MARKETING), lists)),
  );
  denied('a seller without marketing rights creates a list', () =>
    setDoc(doc(db(NO_MARKETING), `${lists}/${freshId()}`), newList(NO_MARKETING)),
  );
  {
    const p = listOf();
    denied('a seller without marketing rights renames a list', () =>
      updateDoc(doc(db(NO_MARKETING), p), edit({ name: 'Mía' })),
    );
  }
  {
    const p = listOf();
    denied('a seller without marketing rights deletes a list', () => deleteDoc(doc(db(NO_MARKETING), p)));
  }
});

// ── Contacts on static lists ───────────────────────────────────────────────

describe.concurrent("a contact's listIds", () => {
  {
    const p = contactOf();
    control('a marketer (no contacts.edit) adds a contact to a list, listIds alone', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayUnion(LIST) }),
    );
  }
  {
    const p = contactOf({ listIds: [LIST, 'list2'] });
    control('a marketer takes a contact off a list', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: arrayRemove(LIST) }),
    );
  }
  {
    const p = contactOf();
    control(`a marketer puts a contact on ${LIST_MEMBERSHIPS_MAX} lists`, () =>
      updateDoc(doc(db(MARKETER), p), {
        listIds: Array.from({ length: LIST_MEMBERSHIPS_MAX }, (_, i) => `list-${i}`),
      }),
    );
  }
  {
    const p = contactOf();
    denied('a marketer changes listIds and the name', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: [LIST], name: 'Otro nombre' }),
    );
  }
  {
    const p = contactOf();
    denied('a marketer changes listIds and stamps updatedAt (the contact itself did not change)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ listIds: [LIST] })),
    );
  }
  {
    const p = contactOf();
    denied(`a marketer puts a contact on ${LIST_MEMBERSHIPS_MAX + 1} lists`, () =>
      updateDoc(doc(db(MARKETER), p), {
        listIds: Array.from({ length: LIST_MEMBERSHIPS_MAX + 1 }, (_, i) => `list-${i}`),
      }),
    );
  }
  {
    const p = contactOf();
    denied('a marketer writes the same list twice', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: [LIST, LIST] }),
    );
  }
  {
    const p = contactOf();
    denied('a marketer writes a list id that is not an id', () =>
      updateDoc(doc(db(MARKETER), p), { listIds: ['a/b'] }),
    );
  }
  {
    const p = contactOf();
    denied('a member with marketing.edit but without contacts.view changes listIds', () =>
      updateDoc(doc(db(BLIND_MARKETER), p), { listIds: [LIST] }),
    );
  }
  {
    const p = contactOf();
    denied('a marketing.view member changes listIds', () =>
      updateDoc(doc(db(VIEWER), p), { listIds: [LIST] }),
    );
  }
  {
    const p = contactOf();
    control('a member with contacts.edit (no marketing) changes listIds in a normal update', () =>
      updateDoc(doc(db(NO_MARKETING), p), edit({ listIds: [LIST], jobTitle: 'Gerente' })),
    );
  }
  control('a contact created on a list', () =>
    setDoc(doc(db(ADMIN), `${crmCollectionPath('contacts')}/${freshId()}`), {
      ...crmBody('contacts', ADMIN, ''),
      listIds: [LIST],
      ...createAudit(ADMIN),
    }),
  );
  denied('a marketer creates a contact (contacts.create is needed)', () =>
    setDoc(doc(db(MARKETER), `${crmCollectionPath('contacts')}/${freshId()}`), {
      ...crmBody('contacts', MARKETER, ''),
      listIds: [LIST],
      ...createAudit(MARKETER),
    }),
  );
});

// ── Campaigns ──────────────────────────────────────────────────────────────

describe.concurrent('creating a campaign', () => {
  const at = () => `${crmCollectionPath('campaigns')}/${freshId()}`;
  control('a marketer creates a draft for an existing list', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER)),
  );
  denied('for a list that does not exist', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, { listId: 'ghost-list' })),
  );
  denied("for organization B's list (same id, another tenant)", () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, { listId: 'list-only-in-b' })),
  );
  denied('already scheduled', () => setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, scheduled())));
  denied('a draft with a start time', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, { scheduledAt: ts(NOW + HOUR) })),
  );
  denied('already sending', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, { status: 'sending', scheduledAt: ts(NOW) })),
  );
  denied("in another member's name (their Gmail would send it)", () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, { createdBy: COLLEAGUE })),
  );
  denied('by a marketing.view member', () => setDoc(doc(db(VIEWER), at()), newCampaign(VIEWER)));
  denied('by a seller without marketing rights', () =>
    setDoc(doc(db(NO_MARKETING), at()), newCampaign(NO_MARKETING)),
  );
});

describe.concurrent("the author's content", () => {
  {
    const other = listOf({ kind: 'static' });
    const p = campaignOf(MARKETER);
    control('the author rewrites a draft and points it at another list', () =>
      updateDoc(
        doc(db(MARKETER), p),
        edit({
          name: 'Lanzamiento (v2)',
          subject: 'Lo nuevo',
          body: 'Otro texto',
          listId: other.split('/').pop(),
          listName: 'Boletín',
        }),
      ),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('the author points a draft at a list that does not exist', () =>
      updateDoc(doc(db(MARKETER), p), edit({ listId: 'ghost-list', listName: 'Fantasma' })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('the author edits a scheduled campaign (what is scheduled is what goes)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ subject: 'Cambio de último minuto' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    denied('the author edits a paused campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit({ body: 'Otro texto' })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('the author schedules it while rewriting it', () =>
      updateDoc(
        doc(db(MARKETER), p),
        edit({ subject: 'Otro', status: 'scheduled', scheduledAt: ts(NOW + HOUR) }),
      ),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('the author hands it to a colleague (createdBy)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ createdBy: COLLEAGUE })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("another member rewrites the author's draft", () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ subject: 'Oferta falsa', body: 'Otro texto' })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("an admin rewrites the author's draft", () =>
      updateDoc(doc(db(ADMIN), p), edit({ subject: 'Del admin' })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('another member takes the draft over (createdBy) while rewriting it', () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ subject: 'Mía', createdBy: COLLEAGUE })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('a marketing.view member rewrites a draft', () =>
      updateDoc(doc(db(VIEWER), p), edit({ name: 'Mía' })),
    );
  }
});

describe.concurrent('status moves', () => {
  // Scheduling, back to draft, resuming: the author's.
  {
    const p = campaignOf(MARKETER);
    control('the author schedules a draft for later', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: ts(NOW + DAY) })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    control('the author sends it now (scheduledAt = the request time)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: serverTimestamp() })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    control("the author schedules it for 'now' by a clock two minutes behind", () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: minutesAgo(2) })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('scheduling for ten minutes ago', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: minutesAgo(10) })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('scheduling for yesterday', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: ts(NOW - DAY) })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('scheduling without a time', () => updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled' })));
  }
  {
    const p = campaignOf(MARKETER);
    denied("another member schedules the author's draft", () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'scheduled', scheduledAt: ts(NOW + HOUR) })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("an admin schedules the author's draft", () =>
      updateDoc(doc(db(ADMIN), p), edit({ status: 'scheduled', scheduledAt: ts(NOW + HOUR) })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    control('the author takes a scheduled campaign back to draft', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'draft', scheduledAt: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('back to draft keeping its start time', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'draft' })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied("another member takes the author's scheduled campaign back to draft", () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'draft', scheduledAt: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('the author moves a scheduled campaign to another time without pausing it', () =>
      updateDoc(doc(db(MARKETER), p), edit({ scheduledAt: ts(NOW + DAY) })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    control('the author resumes a paused campaign that never started (→ scheduled, same time)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    control('the author resumes it for another time', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: ts(NOW + DAY) })),
    );
  }
  {
    const p = startedCampaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW - DAY) });
    control('the author resumes one that had started (→ sending)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'sending' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW - DAY) });
    denied('the author resumes one that never started as sending (no pass would pick it up)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'sending' })),
    );
  }
  {
    const p = startedCampaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW - DAY) });
    denied('the author resumes one that had started as scheduled (it would start twice)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: ts(NOW + HOUR) })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    control('anyone with marketing.edit cancels a paused campaign, started or not', () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'canceled' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    denied('the author resumes it for yesterday', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'scheduled', scheduledAt: ts(NOW - DAY) })),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW + HOUR) });
    denied("another member resumes the author's campaign (→ scheduled)", () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'scheduled' })),
    );
  }
  {
    const p = startedCampaignOf(MARKETER, { status: 'paused', scheduledAt: ts(NOW - DAY) });
    denied("another member resumes the author's campaign (→ sending)", () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'sending' })),
    );
  }

  // Stopping: any member with marketing.edit.
  for (const from of ['scheduled', 'sending'] as const) {
    const p = campaignOf(MARKETER, { status: from, scheduledAt: ts(NOW - HOUR) });
    control(`another member pauses a ${from} campaign`, () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'paused' })),
    );
  }
  for (const from of ['draft', 'scheduled', 'sending', 'paused'] as const) {
    const p = campaignOf(MARKETER, from === 'draft' ? {} : { status: from, scheduledAt: ts(NOW - HOUR) });
    control(`another member cancels a ${from} campaign`, () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'canceled' })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('pausing while moving its start time', () =>
      updateDoc(doc(db(COLLEAGUE), p), edit({ status: 'paused', scheduledAt: ts(NOW + DAY) })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('pausing while rewriting it', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'paused', subject: 'Otro' })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('a marketing.view member pauses a campaign', () =>
      updateDoc(doc(db(VIEWER), p), edit({ status: 'paused' })),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('a seller without marketing rights cancels a campaign', () =>
      updateDoc(doc(db(NO_MARKETING), p), edit({ status: 'canceled' })),
    );
  }

  // The sender's moves: nobody else makes them, not the author, not an admin.
  const serverMoves: Array<[CampaignStatus, CampaignStatus]> = [
    ['scheduled', 'sending'],
    ['sent', 'sending'],
    ['failed', 'sending'],
    ['draft', 'sending'],
    ['sending', 'sent'],
    ['sending', 'failed'],
    ['canceled', 'scheduled'],
    ['sent', 'draft'],
    ['canceled', 'draft'],
    ['paused', 'paused'],
  ];
  for (const [from, to] of serverMoves) {
    for (const uid of [MARKETER, ADMIN]) {
      const p = campaignOf(MARKETER, from === 'draft' ? {} : { status: from, scheduledAt: ts(NOW - HOUR) });
      denied(`${uid === ADMIN ? 'an admin' : 'the author'} sets '${to}' on a ${from} campaign`, () =>
        updateDoc(doc(db(uid), p), edit({ status: to })),
      );
    }
  }
  it("the sender's moves above are not in the model's table of client moves", () => {
    for (const [from, to] of serverMoves)
      if (CLIENT_CAMPAIGN_MOVES[from]?.includes(to)) throw new Error(`${from} → ${to} is a client move`);
  });
});

describe.concurrent('deleting a campaign', () => {
  for (const status of ['draft', 'canceled', 'sent', 'failed'] as const) {
    const p = campaignOf(MARKETER, status === 'draft' ? {} : { status, scheduledAt: ts(NOW - HOUR) });
    control(`the author deletes a ${status} campaign`, () => deleteDoc(doc(db(MARKETER), p)));
  }
  {
    const p = campaignOf(MARKETER, { status: 'canceled', scheduledAt: null });
    control("an admin deletes a member's canceled campaign", () => deleteDoc(doc(db(ADMIN), p)));
  }
  for (const status of ['scheduled', 'sending', 'paused'] as const)
    for (const uid of [MARKETER, ADMIN]) {
      const p = campaignOf(MARKETER, { status, scheduledAt: ts(NOW - HOUR) });
      denied(`${uid === ADMIN ? 'an admin' : 'the author'} deletes a ${status} campaign`, () =>
        deleteDoc(doc(db(uid), p)),
      );
    }
  {
    const p = campaignOf(MARKETER);
    denied("another member (not an admin) deletes the author's draft", () =>
      deleteDoc(doc(db(COLLEAGUE), p)),
    );
  }
  {
    const p = campaignOf(VIEWER);
    denied('its author deletes it without marketing.delete', () => deleteDoc(doc(db(VIEWER), p)));
  }
});

describe.concurrent('reading campaigns, recipients and runs', () => {
  const recipients = `${campaignPath(CAMPAIGN)}/recipients`;
  const run = `${A}/campaignRuns/${CAMPAIGN}`;
  control('a marketing.view member reads a campaign', () => getDoc(doc(db(VIEWER), campaignPath(CAMPAIGN))));
  control('a marketing.view member lists the campaigns', () =>
    getDocs(collection(db(VIEWER), crmCollectionPath('campaigns'))),
  );
  control("a marketing.view member reads a campaign's recipients", () =>
    getDocs(collection(db(VIEWER), recipients)),
  );
  control("a marketing.view member reads a campaign's run", () => getDoc(doc(db(VIEWER), run)));
  denied('a seller without marketing rights reads a campaign', () =>
    getDoc(doc(db(NO_MARKETING), campaignPath(CAMPAIGN))),
  );
  denied('a seller without marketing rights lists the campaigns', () =>
    getDocs(collection(db(NO_MARKETING), crmCollectionPath('campaigns'))),
  );
  denied("a seller without marketing rights reads a campaign's recipients", () =>
    getDocs(collection(db(NO_MARKETING), recipients)),
  );
  denied("a seller without marketing rights reads a campaign's run", () =>
    getDoc(doc(db(NO_MARKETING), run)),
  );
});

describe.concurrent("the sender's documents: no client writes, not even an admin's", () => {
  const recipients = `${campaignPath(CAMPAIGN)}/recipients`;
  const run = `${A}/campaignRuns/${CAMPAIGN}`;
  denied('an admin adds a recipient', () =>
    setDoc(doc(db(ADMIN), `${recipients}/${'e'.repeat(64)}`), { ...recipientDoc(), status: 'pending' }),
  );
  denied('an admin marks a recipient sent', () =>
    updateDoc(doc(db(ADMIN), `${recipients}/${RECIPIENT}`), { status: 'sent', messageId: 'forged' }),
  );
  denied('an admin deletes a recipient', () => deleteDoc(doc(db(ADMIN), `${recipients}/${RECIPIENT}`)));
  denied("the campaign's author adds a recipient to their own campaign", () =>
    setDoc(
      doc(db(MARKETER), `${campaignPath('camp_marketer_sent')}/recipients/${'f'.repeat(64)}`),
      recipientDoc(),
    ),
  );
  denied('an admin creates a run', () =>
    setDoc(doc(db(ADMIN), `${A}/campaignRuns/${freshId()}`), campaignRunDoc()),
  );
  denied('an admin moves a run forward', () =>
    updateDoc(doc(db(ADMIN), run), { nextRunAt: ts(NOW), holdReason: null }),
  );
  denied('an admin deletes a run', () => deleteDoc(doc(db(ADMIN), run)));
});

describe.concurrent('another tenant', () => {
  denied("the admin of B reads A's list", () => getDoc(doc(db(ADMIN_B), listPath(LIST))));
  denied("the admin of B lists A's campaigns", () =>
    getDocs(collection(db(ADMIN_B), crmCollectionPath('campaigns'))),
  );
  denied('the admin of B creates a list in A', () =>
    setDoc(doc(db(ADMIN_B), `${lists}/${freshId()}`), newList(ADMIN_B)),
  );
  {
    const p = listOf();
    denied("the admin of B renames A's list", () => updateDoc(doc(db(ADMIN_B), p), edit({ name: 'De B' })));
  }
  {
    const p = listOf();
    denied("the admin of B deletes A's list", () => deleteDoc(doc(db(ADMIN_B), p)));
  }
  denied('the admin of B creates a campaign in A for a list of A', () =>
    setDoc(doc(db(ADMIN_B), `${crmCollectionPath('campaigns')}/${freshId()}`), newCampaign(ADMIN_B)),
  );
  {
    const p = campaignOf(MARKETER, scheduled());
    denied("the admin of B pauses A's campaign", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ status: 'paused' })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("the admin of B deletes A's draft", () => deleteDoc(doc(db(ADMIN_B), p)));
  }
  {
    const p = contactOf();
    denied("the admin of B puts A's contact on a list", () =>
      updateDoc(doc(db(ADMIN_B), p), { listIds: [LIST] }),
    );
  }
  denied("A's marketer creates a campaign in B for B's list", () =>
    setDoc(
      doc(db(MARKETER), `${crmCollectionPath('campaigns', 'orgB')}/${freshId()}`),
      newCampaign(MARKETER),
    ),
  );
});

describe.concurrent('a lapsed subscription', () => {
  const L = `organizations/${LAPSED}`;
  const listsL = `${L}/lists`;
  const campaignsL = `${L}/campaigns`;
  denied('its admin creates a list', () =>
    setDoc(doc(db(LAPSED_ADMIN), `${listsL}/${freshId()}`), newList(LAPSED_ADMIN)),
  );
  denied('its admin renames a list', () =>
    updateDoc(doc(db(LAPSED_ADMIN), `${listsL}/${LIST}`), edit({ name: 'Otro' })),
  );
  denied('its admin deletes a list', () => deleteDoc(doc(db(LAPSED_ADMIN), `${listsL}/list-to-delete`)));
  denied('its admin creates a campaign', () =>
    setDoc(doc(db(LAPSED_ADMIN), `${campaignsL}/${freshId()}`), newCampaign(LAPSED_ADMIN)),
  );
  denied('its admin schedules their draft', () =>
    updateDoc(
      doc(db(LAPSED_ADMIN), `${campaignsL}/${CAMPAIGN}`),
      edit({ status: 'scheduled', scheduledAt: ts(NOW + HOUR) }),
    ),
  );
  denied('its admin cancels a scheduled campaign', () =>
    updateDoc(doc(db(LAPSED_ADMIN), `${campaignsL}/camp-scheduled`), edit({ status: 'canceled' })),
  );
  denied('its admin deletes their draft', () =>
    deleteDoc(doc(db(LAPSED_ADMIN), `${campaignsL}/camp-to-delete`)),
  );
  denied('its admin puts a contact on a list', () =>
    updateDoc(doc(db(LAPSED_ADMIN), `${L}/contacts/contact1`), { listIds: [LIST] }),
  );
  denied('its admin reads the lists', () => getDocs(collection(db(LAPSED_ADMIN), listsL)));
  denied('its admin reads a run', () => getDoc(doc(db(LAPSED_ADMIN), `${L}/campaignRuns/${CAMPAIGN}`)));
});

beforeAll(async () => {
  env = await createEnv('marketing');
  await seedWorld(env);
  for (const [uid, permissions] of Object.entries(MEMBERS))
    seeds.push([`${A}/members/${uid}`, memberDoc('seller', permissions, uid)]);
  // A list only organization B has, and a sent campaign of the marketer's.
  seeds.push([
    listPath('list-only-in-b', 'organizations/orgB'),
    { ...crmBody('lists', 'adminB', ''), ...storedAudit('adminB') },
  ]);
  seeds.push([
    campaignPath('camp_marketer_sent'),
    campaignDoc(MARKETER, { status: 'sent', scheduledAt: ts(NOW - DAY) }),
  ]);
  // The lapsed organization: an admin, a list, campaigns, a contact, a run.
  const L = `organizations/${LAPSED}`;
  const lapsedAdmin = (patch: Doc = {}) => campaignDoc(LAPSED_ADMIN, { listId: LIST, ...patch }, LAPSED);
  seeds.push(
    [L, { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: LAPSED_ADMIN }],
    [`${L}/members/${LAPSED_ADMIN}`, memberDoc('admin', {}, LAPSED_ADMIN)],
    [`users/${LAPSED_ADMIN}`, userDoc(LAPSED_ADMIN, LAPSED)],
    [`${L}/billing/subscription`, { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) }],
    [`${L}/lists/${LIST}`, { ...crmBody('lists', LAPSED_ADMIN, ''), ...storedAudit(LAPSED_ADMIN) }],
    [`${L}/lists/list-to-delete`, { ...crmBody('lists', LAPSED_ADMIN, ''), ...storedAudit(LAPSED_ADMIN) }],
    [`${L}/campaigns/${CAMPAIGN}`, lapsedAdmin()],
    [`${L}/campaigns/camp-scheduled`, lapsedAdmin(scheduled())],
    [`${L}/campaigns/camp-to-delete`, lapsedAdmin()],
    [`${L}/campaignRuns/${CAMPAIGN}`, campaignRunDoc()],
    [`${L}/contacts/contact1`, { ...crmBody('contacts', LAPSED_ADMIN, ''), ...storedAudit(LAPSED_ADMIN) }],
  );
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
