/**
 * Marketing topics and the preference centre (issue 31), from the attacker's side first, each
 * refusal with a control that differs only in the point under test.
 * 1. Topics: read with marketing.view, written with marketing.create/edit/delete (as lists);
 *    what a topic holds (a name of at most 100 characters, a description of at most 300).
 * 2. topicOptOuts: the topics each address opted out of, written by the preference page (a
 *    function) only — read with marketing.view, never created, changed or deleted by a client,
 *    not even an admin (opting a contact back in is the contact's own act).
 * 3. A campaign's topic is its content: its author sets or changes it while a draft; nobody else
 *    (not even an admin) does, and once scheduled (or paused) it is fixed, also when a status
 *    move carries it along.
 * 4. A sequence's topic speaks with its owner's voice: another member only pauses and resumes.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
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
  activeSubscription,
  campaignDoc,
  campaignPath,
  createAudit,
  crmBody,
  crmCollectionPath,
  DAY,
  freshId,
  HOUR,
  memberDoc,
  NOW,
  scheduled,
  seedWorld,
  sequencePath,
  storedAudit,
  TOPIC,
  TOPIC_OPT_OUT,
  topicOptOutDoc,
  ts,
  userDoc,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string | null): Firestore => as(env, uid);
const A = 'organizations/orgA';
const B = 'organizations/orgB';
const ADMIN = 'adminA';
/** Every marketing right, contacts viewed only (as marketing.test.ts). */
const MARKETER = 'tpMarketer';
/** Another member with every marketing right: the attacker on the marketer's campaigns. */
const OTHER_MARKETER = 'tpOtherMarketer';
/** Only marketing.view. */
const VIEWER = 'tpViewer';
/** Every right but marketing. */
const NO_MARKETING = 'tpNoMarketing';
/** Matrix sellers of A (src/roles.ts): every right but one, or only one. */
const NO_MK_CREATE = 's_off_marketing_create';
const NO_MK_VIEW = 's_off_marketing_view';
const NO_MK_EDIT = 's_off_marketing_edit';
const NO_MK_DELETE = 's_off_marketing_delete';
const MK_CREATE_ONLY = 's_on_marketing_create';
const MK_VIEW_ONLY = 's_on_marketing_view';
const CONTACTS_VIEW_ONLY = 's_on_contacts_view';
/** A seller of A without permission entries (views everything, writes only the defaults). */
const SELLER = 'sellerA';
const ADMIN_B = 'adminB';
/** A seller of B with every right there. */
const SELLER_B = 'sellerB';
/** An organization whose subscription lapsed (past the grace), and its admin. */
const LAPSED = 'organizations/orgTpLapsed';
const LAPSED_ADMIN = 'orgTpLapsed-admin';

const marketing = (on: boolean) => ({ view: on, create: on, edit: on, delete: on });
const MARKETER_RIGHTS: PermissionMap = {
  ...uniformPermissions(true),
  contacts: { view: true, create: false, edit: false, delete: false },
};
const MEMBERS: Record<string, PermissionMap> = {
  [MARKETER]: MARKETER_RIGHTS,
  [OTHER_MARKETER]: MARKETER_RIGHTS,
  [VIEWER]: {
    ...uniformPermissions(false),
    marketing: { view: true, create: false, edit: false, delete: false },
  },
  [NO_MARKETING]: { ...uniformPermissions(true), marketing: marketing(false) },
};

const seeds: Array<[string, Doc]> = [];
const topics = crmCollectionPath('topics');
const topicPath = (id: string, org = A) => `${org}/topics/${id}`;
const optOuts = (org = A) => `${org}/topicOptOuts`;
const optOutPath = (id = TOPIC_OPT_OUT, org = A) => `${optOuts(org)}/${id}`;
const edit = (patch: Doc): Doc => ({ ...patch, updatedAt: serverTimestamp() });
/** A campaign's or sequence's topic fields. */
const topic = (id = TOPIC, name = 'Promociones'): Doc => ({ topicId: id, topicName: name });

/** A fresh topic of A as stored. */
function topicOf(patch: Doc = {}, by = ADMIN): string {
  const path = `${topics}/${freshId('topic')}`;
  seeds.push([path, { ...crmBody('topics', by, ''), ...storedAudit(by), ...patch }]);
  return path;
}

/** A new topic of `uid` (create body). */
const newTopic = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('topics', uid, ''),
  ...createAudit(uid),
  ...patch,
});

/** A fresh opt-out document of A (the topics an address opted out of) as the page stores it. */
function optOutOf(patch: Doc = {}): string {
  const path = optOutPath(freshId('opt'));
  seeds.push([path, { ...topicOptOutDoc(), ...patch }]);
  return path;
}

/** A fresh campaign of `author` as stored (a draft unless `patch` says otherwise). */
function campaignOf(author: string, patch: Doc = {}): string {
  const path = campaignPath(freshId('camp'));
  seeds.push([path, campaignDoc(author, patch)]);
  return path;
}

/** A new campaign draft of `uid` (create body). */
const newCampaign = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('campaigns', uid, ''),
  ...createAudit(uid),
  ...patch,
});

/** A fresh sequence of `owner` as stored. */
function sequenceOf(owner: string, patch: Doc = {}): string {
  const path = sequencePath(freshId('seq'));
  seeds.push([path, { ...crmBody('sequences', owner, ''), ...storedAudit(owner), ...patch }]);
  return path;
}

const paused = (): Doc => ({ status: 'paused', scheduledAt: ts(NOW - HOUR) });

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

// ── Topics ─────────────────────────────────────────────────────────────────

describe.concurrent('topics: who reads and writes them', () => {
  const at = () => `${topics}/${freshId()}`;
  // Escalations.
  denied('a seller without marketing.create creates a topic', () =>
    setDoc(doc(db(NO_MK_CREATE), at()), newTopic(NO_MK_CREATE)),
  );
  denied('a marketing.view member creates a topic', () => setDoc(doc(db(VIEWER), at()), newTopic(VIEWER)));
  denied('a seller without marketing rights creates a topic', () =>
    setDoc(doc(db(NO_MARKETING), at()), newTopic(NO_MARKETING)),
  );
  denied('a seller without permission entries (view-only) creates a topic', () =>
    setDoc(doc(db(SELLER), at()), newTopic(SELLER)),
  );
  denied('a seller without marketing.view reads a topic', () =>
    getDoc(doc(db(NO_MK_VIEW), topicPath(TOPIC))),
  );
  denied('a seller without marketing.view lists the topics', () =>
    getDocs(collection(db(NO_MK_VIEW), topics)),
  );
  denied('a seller without marketing.view runs the pickers’ query (by name)', () =>
    getDocs(query(collection(db(NO_MK_VIEW), topics), orderBy('name'))),
  );
  denied('a seller without marketing rights reads a topic', () =>
    getDoc(doc(db(NO_MARKETING), topicPath(TOPIC))),
  );
  {
    const p = topicOf();
    denied('a seller without marketing.edit renames a topic', () =>
      updateDoc(doc(db(NO_MK_EDIT), p), edit({ name: 'Ofertas' })),
    );
  }
  {
    const p = topicOf();
    denied('a marketing.view member renames a topic', () =>
      updateDoc(doc(db(VIEWER), p), edit({ name: 'Ofertas' })),
    );
  }
  {
    const p = topicOf();
    denied('a seller with only marketing.create describes a topic', () =>
      updateDoc(doc(db(MK_CREATE_ONLY), p), edit({ description: 'Las ofertas' })),
    );
  }
  {
    const p = topicOf();
    denied('a seller without marketing.delete deletes a topic', () => deleteDoc(doc(db(NO_MK_DELETE), p)));
  }
  {
    const p = topicOf();
    denied('a marketing.view member deletes a topic', () => deleteDoc(doc(db(VIEWER), p)));
  }
  denied("a topic in another member's name (createdBy)", () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { createdBy: ADMIN })),
  );
  denied('a visitor (signed out) reads a topic', () => getDoc(doc(db(null), topicPath(TOPIC))));
  denied('a visitor (signed out) lists the topics', () => getDocs(collection(db(null), topics)));
  denied('a visitor (signed out) creates a topic', () => setDoc(doc(db(null), at()), newTopic('ghost')));
  denied('a signed-in stranger reads a topic', () => getDoc(doc(db('stranger'), topicPath(TOPIC))));
  denied("the superadmin reads an organization's topic", () =>
    getDoc(doc(as(env, 'root', { superadmin: true }), topicPath(TOPIC))),
  );
  // Controls.
  control('a marketer creates a topic', () => setDoc(doc(db(MARKETER), at()), newTopic(MARKETER)));
  control('a seller with only marketing.create creates a topic', () =>
    setDoc(doc(db(MK_CREATE_ONLY), at()), newTopic(MK_CREATE_ONLY)),
  );
  control('the admin creates a topic', () => setDoc(doc(db(ADMIN), at()), newTopic(ADMIN)));
  control('a marketing.view member reads a topic', () => getDoc(doc(db(VIEWER), topicPath(TOPIC))));
  control('a marketing.view member lists the topics', () => getDocs(collection(db(VIEWER), topics)));
  control('a seller without permission entries runs the pickers’ query (by name)', () =>
    getDocs(query(collection(db(SELLER), topics), orderBy('name'))),
  );
  {
    const p = topicOf();
    control('a marketer renames a topic', () => updateDoc(doc(db(MARKETER), p), edit({ name: 'Ofertas' })));
  }
  {
    const p = topicOf({}, MARKETER);
    control("a marketer edits another member's topic (topics have no owner, as lists)", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ description: 'Las ofertas del mes' })),
    );
  }
  {
    const p = topicOf();
    control('a marketer deletes a topic', () => deleteDoc(doc(db(MARKETER), p)));
  }
});

describe.concurrent('topics: what a topic holds', () => {
  const at = () => `${topics}/${freshId()}`;
  // Escalations.
  denied('a blank name', () => setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { name: '   ' })));
  denied('a name over 100 characters', () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { name: 'x'.repeat(101) })),
  );
  denied('a description over 300 characters', () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { description: 'x'.repeat(301) })),
  );
  denied('a description that is not a string', () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { description: ['Ofertas'] })),
  );
  denied('without a name', () => {
    const { name: _, ...body } = newTopic(MARKETER);
    return setDoc(doc(db(MARKETER), at()), body);
  });
  denied('a key the contract does not know (its opt-outs)', () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { optedOut: ['ana@acme.hn'] })),
  );
  denied('created with a past createdAt', () =>
    setDoc(doc(db(MARKETER), at()), newTopic(MARKETER, { createdAt: ts(NOW - DAY) })),
  );
  {
    const p = topicOf();
    denied("removing a topic's name", () => updateDoc(doc(db(MARKETER), p), edit({ name: deleteField() })));
  }
  {
    const p = topicOf();
    denied('renaming to over 100 characters', () =>
      updateDoc(doc(db(MARKETER), p), edit({ name: 'x'.repeat(101) })),
    );
  }
  {
    const p = topicOf();
    denied('renaming without stamping updatedAt', () => updateDoc(doc(db(MARKETER), p), { name: 'Ofertas' }));
  }
  {
    const p = topicOf();
    denied('taking a topic over (createdBy)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ createdBy: MARKETER })),
    );
  }
  {
    const p = topicOf();
    denied('adding an unknown key on update', () =>
      updateDoc(doc(db(MARKETER), p), edit({ subscribers: 10 })),
    );
  }
  // Controls.
  control('a name of 100 characters and a description of 300', () =>
    setDoc(
      doc(db(MARKETER), at()),
      newTopic(MARKETER, { name: 'x'.repeat(100), description: 'y'.repeat(300) }),
    ),
  );
  control('without a description', () => {
    const { description: _, ...body } = newTopic(MARKETER);
    return setDoc(doc(db(MARKETER), at()), body);
  });
  {
    const p = topicOf({ description: 'Las ofertas' });
    control('clearing the description (null)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ description: null })),
    );
  }
  {
    const p = topicOf({ description: 'Las ofertas' });
    control('removing the description', () =>
      updateDoc(doc(db(MARKETER), p), edit({ description: deleteField() })),
    );
  }
});

describe.concurrent("topics: another tenant's", () => {
  denied("the admin of B reads A's topic", () => getDoc(doc(db(ADMIN_B), topicPath(TOPIC))));
  denied("the admin of B lists A's topics", () => getDocs(collection(db(ADMIN_B), topics)));
  denied('the admin of B creates a topic in A', () =>
    setDoc(doc(db(ADMIN_B), `${topics}/${freshId()}`), newTopic(ADMIN_B)),
  );
  denied('a seller of B (every right there) creates a topic in A', () =>
    setDoc(doc(db(SELLER_B), `${topics}/${freshId()}`), newTopic(SELLER_B)),
  );
  {
    const p = topicOf();
    denied("the admin of B renames A's topic", () =>
      updateDoc(doc(db(ADMIN_B), p), edit({ name: 'Hackeado' })),
    );
  }
  {
    const p = topicOf();
    denied("the admin of B deletes A's topic", () => deleteDoc(doc(db(ADMIN_B), p)));
  }
  denied("A's admin reads B's topic", () => getDoc(doc(db(ADMIN), topicPath(TOPIC, B))));
  denied("A's admin creates a topic in B", () =>
    setDoc(doc(db(ADMIN), `${crmCollectionPath('topics', 'orgB')}/${freshId()}`), newTopic(ADMIN)),
  );
  denied("A's marketer deletes B's topic", () => deleteDoc(doc(db(MARKETER), topicPath(TOPIC, B))));
  control("the admin of B reads B's own topic", () => getDoc(doc(db(ADMIN_B), topicPath(TOPIC, B))));
});

// ── topicOptOuts ───────────────────────────────────────────────────────────

describe.concurrent('topicOptOuts: the preference page writes them, marketers read them', () => {
  // Writes: no client, not even the admin.
  denied('the admin opts an address out of a topic (create)', () =>
    setDoc(doc(db(ADMIN), optOutPath(freshId('opt'))), topicOptOutDoc()),
  );
  denied('the admin opts an address back in (topicIds emptied)', () =>
    updateDoc(doc(db(ADMIN), optOutPath()), { topicIds: [] }),
  );
  denied('the admin adds a topic to an address’s opt-outs', () =>
    updateDoc(doc(db(ADMIN), optOutPath()), { topicIds: [TOPIC, 'topic2'] }),
  );
  denied('the admin rewrites an opt-out whole (merge)', () =>
    setDoc(doc(db(ADMIN), optOutPath()), { ...topicOptOutDoc(), topicIds: [] }, { merge: true }),
  );
  {
    const p = optOutOf();
    denied('the admin deletes an address’s opt-outs', () => deleteDoc(doc(db(ADMIN), p)));
  }
  denied('a marketer opts an address out (create, stamped now)', () =>
    setDoc(doc(db(MARKETER), optOutPath(freshId('opt'))), {
      ...topicOptOutDoc(),
      updatedAt: serverTimestamp(),
    }),
  );
  {
    const p = optOutOf();
    denied('a marketer opts an address back in', () =>
      updateDoc(doc(db(MARKETER), p), { topicIds: [], updatedAt: serverTimestamp() }),
    );
  }
  {
    const p = optOutOf();
    denied('a marketer deletes an address’s opt-outs', () => deleteDoc(doc(db(MARKETER), p)));
  }
  denied('a visitor (signed out) forges the preference page (create)', () =>
    setDoc(doc(db(null), optOutPath(freshId('opt'))), topicOptOutDoc()),
  );
  denied('a visitor (signed out) opts an address back in', () =>
    updateDoc(doc(db(null), optOutPath()), { topicIds: [] }),
  );
  denied("the admin of B writes A's opt-outs", () =>
    updateDoc(doc(db(ADMIN_B), optOutPath()), { topicIds: [] }),
  );
  // Reads.
  denied('a seller without marketing.view reads an opt-out', () => getDoc(doc(db(NO_MK_VIEW), optOutPath())));
  denied('a seller without marketing.view lists the opt-outs', () =>
    getDocs(collection(db(NO_MK_VIEW), optOuts())),
  );
  denied('a seller without marketing rights (contacts.view among the rest) reads an opt-out', () =>
    getDoc(doc(db(NO_MARKETING), optOutPath())),
  );
  denied('a seller with only contacts.view lists the opt-outs of a topic', () =>
    getDocs(query(collection(db(CONTACTS_VIEW_ONLY), optOuts()), where('topicIds', 'array-contains', TOPIC))),
  );
  denied("the admin of B reads A's opt-out", () => getDoc(doc(db(ADMIN_B), optOutPath())));
  denied("the admin of B lists A's opt-outs", () => getDocs(collection(db(ADMIN_B), optOuts())));
  denied("A's admin reads B's opt-out", () => getDoc(doc(db(ADMIN), optOutPath(TOPIC_OPT_OUT, B))));
  denied('a visitor (signed out) reads an opt-out', () => getDoc(doc(db(null), optOutPath())));
  denied('a signed-in stranger lists the opt-outs', () => getDocs(collection(db('stranger'), optOuts())));
  // Controls.
  control('a seller with only marketing.view reads an opt-out', () =>
    getDoc(doc(db(MK_VIEW_ONLY), optOutPath())),
  );
  control('a marketing.view member lists the opt-outs', () => getDocs(collection(db(VIEWER), optOuts())));
  control('a marketing.view member lists the opt-outs of a topic', () =>
    getDocs(query(collection(db(VIEWER), optOuts()), where('topicIds', 'array-contains', TOPIC))),
  );
  control('a seller without permission entries reads an opt-out', () =>
    getDoc(doc(db(SELLER), optOutPath())),
  );
  control('the admin reads an opt-out', () => getDoc(doc(db(ADMIN), optOutPath())));
  control("the admin of B reads B's own opt-out", () =>
    getDoc(doc(db(ADMIN_B), optOutPath(TOPIC_OPT_OUT, B))),
  );
});

// ── A campaign's topic ─────────────────────────────────────────────────────

describe.concurrent("campaigns: the topic is the author's content while a draft", () => {
  const at = () => campaignPath(freshId());
  // Escalations: someone else's draft.
  {
    const p = campaignOf(MARKETER);
    denied("another marketer sets a topic on the author's draft", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit(topic())),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("the admin sets a topic on a member's draft", () => updateDoc(doc(db(ADMIN), p), edit(topic())));
  }
  {
    const p = campaignOf(MARKETER, topic());
    denied("another marketer changes the topic of the author's draft", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit(topic('topic2', 'Boletín'))),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    denied("another marketer removes the topic of the author's draft (null)", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ topicId: null, topicName: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    denied("another marketer deletes the topic keys of the author's draft", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ topicId: deleteField(), topicName: deleteField() })),
    );
  }
  {
    const p = campaignOf(NO_MK_EDIT);
    denied('an author without marketing.edit sets a topic on their draft', () =>
      updateDoc(doc(db(NO_MK_EDIT), p), edit(topic())),
    );
  }
  {
    const p = campaignOf(VIEWER);
    denied('an author with only marketing.view sets a topic on their draft', () =>
      updateDoc(doc(db(VIEWER), p), edit(topic())),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied("the admin of B sets a topic on A's draft", () => updateDoc(doc(db(ADMIN_B), p), edit(topic())));
  }
  // Escalations: what a topic holds.
  {
    const p = campaignOf(MARKETER);
    denied('the author sets a topic id that is a path', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('../../orgB/topics/topic1'))),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('the author sets a topic name over 100 characters', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic(TOPIC, 'x'.repeat(101)))),
    );
  }
  {
    const p = campaignOf(MARKETER);
    denied('the author sets a topic id that is not a string', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: { id: TOPIC }, topicName: 'Promociones' })),
    );
  }
  denied('a draft created with an empty topic id', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, topic(''))),
  );
  denied('a draft created with a topic name over 100 characters', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, topic(TOPIC, 'x'.repeat(101)))),
  );
  // Controls.
  control('the author creates a draft with a topic', () =>
    setDoc(doc(db(MARKETER), at()), newCampaign(MARKETER, topic())),
  );
  {
    const p = campaignOf(MARKETER);
    control('the author sets a topic on their draft', () => updateDoc(doc(db(MARKETER), p), edit(topic())));
  }
  {
    const p = campaignOf(MARKETER, topic());
    control('the author changes the topic of their draft', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('topic2', 'Boletín'))),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    control('the author removes the topic of their draft (null)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: null, topicName: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    control('the author deletes the topic keys of their draft', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: deleteField(), topicName: deleteField() })),
    );
  }
  {
    const p = campaignOf(MARKETER);
    control('the author sets a topic with the rest of the content', () =>
      updateDoc(doc(db(MARKETER), p), edit({ ...topic(), subject: 'Ofertas de diciembre' })),
    );
  }
  {
    const p = campaignOf(ADMIN);
    control('the admin sets a topic on their own draft', () => updateDoc(doc(db(ADMIN), p), edit(topic())));
  }
});

describe.concurrent("campaigns: a scheduled campaign's topic is fixed", () => {
  // Escalations.
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the author changes the topic of their scheduled campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('topic2', 'Boletín'))),
    );
  }
  {
    const p = campaignOf(MARKETER, scheduled());
    denied('the author sets a topic on their scheduled campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic())),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the author removes the topic of their scheduled campaign (null)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: null, topicName: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the author deletes the topic keys of their scheduled campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: deleteField(), topicName: deleteField() })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the author renames only the topic of their scheduled campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicName: 'Boletín' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the author changes the topic while taking it back to draft', () =>
      updateDoc(
        doc(db(MARKETER), p),
        edit({ status: 'draft', scheduledAt: null, ...topic('topic2', 'Boletín') }),
      ),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    denied('the author changes the topic while scheduling the draft', () =>
      updateDoc(doc(db(MARKETER), p), edit({ ...scheduled(), ...topic('topic2', 'Boletín') })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('another marketer removes the topic while pausing the campaign', () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ status: 'paused', topicId: null, topicName: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    denied('the admin changes the topic while canceling the campaign', () =>
      updateDoc(doc(db(ADMIN), p), edit({ status: 'canceled', ...topic('topic2', 'Boletín') })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...paused(), ...topic() });
    denied('the author changes the topic of their paused campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('topic2', 'Boletín'))),
    );
  }
  {
    const p = campaignOf(MARKETER, { status: 'sending', scheduledAt: ts(NOW - HOUR), ...topic() });
    denied('the author removes the topic of their sending campaign', () =>
      updateDoc(doc(db(MARKETER), p), edit({ topicId: null, topicName: null })),
    );
  }
  // Controls: the same moves without the topic.
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    control('the author takes their scheduled campaign back to draft (topic kept)', () =>
      updateDoc(doc(db(MARKETER), p), edit({ status: 'draft', scheduledAt: null })),
    );
  }
  {
    const p = campaignOf(MARKETER, topic());
    control('the author schedules their draft (topic kept)', () =>
      updateDoc(doc(db(MARKETER), p), edit(scheduled())),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    control('another marketer pauses the campaign (topic kept)', () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ status: 'paused' })),
    );
  }
  {
    const p = campaignOf(MARKETER, { ...scheduled(), ...topic() });
    control('the admin cancels the campaign (topic kept)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ status: 'canceled' })),
    );
  }
});

// ── A sequence's topic ─────────────────────────────────────────────────────

describe.concurrent("sequences: the topic is the owner's", () => {
  const at = () => sequencePath(freshId());
  // Escalations.
  {
    const p = sequenceOf(MARKETER);
    denied("another marketer sets a topic on the owner's sequence", () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit(topic())),
    );
  }
  {
    const p = sequenceOf(MARKETER, topic());
    denied("the admin removes the topic of a member's sequence", () =>
      updateDoc(doc(db(ADMIN), p), edit({ topicId: null, topicName: null })),
    );
  }
  {
    const p = sequenceOf(MARKETER, { ...topic(), isActive: true });
    denied('another marketer changes the topic while pausing the sequence', () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ isActive: false, ...topic('topic2', 'Boletín') })),
    );
  }
  {
    const p = sequenceOf(NO_MK_EDIT);
    denied('an owner without marketing.edit sets a topic on their sequence', () =>
      updateDoc(doc(db(NO_MK_EDIT), p), edit(topic())),
    );
  }
  {
    const p = sequenceOf(MARKETER);
    denied('the owner sets a topic id that is a path', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('a/b'))),
    );
  }
  {
    const p = sequenceOf(MARKETER);
    denied('the owner sets a topic name over 100 characters', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic(TOPIC, 'x'.repeat(101)))),
    );
  }
  denied('a sequence created with a topic id of 129 characters', () =>
    setDoc(doc(db(MARKETER), at()), {
      ...crmBody('sequences', MARKETER, ''),
      ...createAudit(MARKETER),
      ...topic('x'.repeat(129)),
    }),
  );
  // Controls.
  control('the owner creates a sequence with a topic', () =>
    setDoc(doc(db(MARKETER), at()), {
      ...crmBody('sequences', MARKETER, ''),
      ...createAudit(MARKETER),
      ...topic(),
    }),
  );
  {
    const p = sequenceOf(MARKETER);
    control('the owner sets a topic on their sequence', () => updateDoc(doc(db(MARKETER), p), edit(topic())));
  }
  {
    const p = sequenceOf(MARKETER, { ...topic(), isActive: true });
    control('the owner changes the topic of their active sequence', () =>
      updateDoc(doc(db(MARKETER), p), edit(topic('topic2', 'Boletín'))),
    );
  }
  {
    const p = sequenceOf(MARKETER, { ...topic(), isActive: true });
    control('another marketer pauses the sequence (topic kept)', () =>
      updateDoc(doc(db(OTHER_MARKETER), p), edit({ isActive: false })),
    );
  }
});

// ── A lapsed subscription ──────────────────────────────────────────────────

describe.concurrent('a lapsed subscription', () => {
  denied('its admin creates a topic', () =>
    setDoc(doc(db(LAPSED_ADMIN), `${LAPSED}/topics/${freshId()}`), newTopic(LAPSED_ADMIN)),
  );
  denied('its admin renames a topic', () =>
    updateDoc(doc(db(LAPSED_ADMIN), topicPath(TOPIC, LAPSED)), edit({ name: 'Ofertas' })),
  );
  denied('its admin deletes a topic', () => deleteDoc(doc(db(LAPSED_ADMIN), topicPath(TOPIC, LAPSED))));
  denied('its admin lists the topics', () => getDocs(collection(db(LAPSED_ADMIN), `${LAPSED}/topics`)));
  denied('its admin reads an opt-out', () =>
    getDoc(doc(db(LAPSED_ADMIN), optOutPath(TOPIC_OPT_OUT, LAPSED))),
  );
});

beforeAll(async () => {
  env = await createEnv('topics');
  await seedWorld(env);
  for (const [uid, permissions] of Object.entries(MEMBERS))
    seeds.push([`${A}/members/${uid}`, memberDoc('seller', permissions, uid)]);
  seeds.push(
    [
      LAPSED,
      { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW - 30 * DAY), createdBy: LAPSED_ADMIN },
    ],
    [`${LAPSED}/members/${LAPSED_ADMIN}`, memberDoc('admin', {}, LAPSED_ADMIN)],
    [`users/${LAPSED_ADMIN}`, userDoc(LAPSED_ADMIN, 'orgTpLapsed')],
    [`${LAPSED}/billing/subscription`, { ...activeSubscription(), currentPeriodEnd: ts(NOW - 3 * DAY) }],
    [topicPath(TOPIC, LAPSED), { ...crmBody('topics', LAPSED_ADMIN, ''), ...storedAudit(LAPSED_ADMIN) }],
    [optOutPath(TOPIC_OPT_OUT, LAPSED), topicOptOutDoc()],
  );
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
