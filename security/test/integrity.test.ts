/**
 * Integrity inside an organization (issue 20): writes a member of the organization may attempt
 * that the data model's contract forbids — list elements of the wrong type or size, identity
 * fields that name someone else, required keys deleted on update, parents deleted in the same
 * batch, folder cycles and depth, enrollment status transitions. Every case is written from the
 * attacker's side; "control" cases prove the legitimate write still passes.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  deleteField,
  doc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { uniformPermissions } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  createAudit,
  crmBody,
  crmCollectionPath,
  freshId,
  memberDoc,
  seedWorld,
  storedAudit,
  tokensPatch,
  userDoc,
  writeAll,
  type CrmName,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = 'organizations/orgA';
const db = (uid: string): Firestore => as(env, uid);
/** A seller of A with every right (the attacker of most cases: rights are not in question). */
const SELLER = 'trusted';
const ADMIN = 'adminA';
const seeds: Array<[string, Doc]> = [];
const seed = (path: string, data: Doc) => seeds.push([path, data]);
const stored = (name: CrmName, id: string, by = ADMIN, patch: Doc = {}): Doc => ({
  ...crmBody(name, by, id),
  ...storedAudit(by),
  ...patch,
});

const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

/** Creates a valid document of `name` by `uid` with `patch` applied (a fresh id unless given). */
function create(uid: string, name: CrmName, patch: Doc = {}, id = freshId(name)): Promise<void> {
  return setDoc(doc(db(uid), `${crmCollectionPath(name)}/${id}`), {
    ...crmBody(name, uid, id),
    ...createAudit(uid),
    ...patch,
  });
}

/** Seeds a document of `name` (by the admin) and returns a function updating it with `patch`. */
function seededUpdate(uid: string, name: CrmName, patch: Doc): () => Promise<void> {
  const id = freshId(`upd_${name}`);
  if (name === 'enrollments') seed(`${crmCollectionPath('contacts')}/${id}`, stored('contacts', id));
  seed(`${crmCollectionPath(name)}/${id}`, stored(name, id));
  return () =>
    updateDoc(doc(db(uid), `${crmCollectionPath(name)}/${id}`), { ...patch, updatedAt: serverTimestamp() });
}

// ── List elements ─────────────────────────────────────────────────────────────

const SEARCHABLE: CrmName[] = ['companies', 'contacts', 'deals', 'tasks', 'meetings', 'tickets', 'documents'];
const valid = (n: number, f = (i: number) => `tok${i}`) => Array.from({ length: n }, (_, i) => f(i));

const BAD_TOKENS: Record<string, unknown[]> = {
  'a map': [{ $gt: '' }],
  'a number': [42],
  null: [null],
  'a boolean': [true],
  'a timestamp': [new Date()],
  'a 100,000-character string': ['x'.repeat(100_000)],
  'a 21-character token': ['x'.repeat(21)],
  'a 1-character token': ['x'],
  'an empty string': [''],
  'a token with a space (two tokens in one)': ['ab cd'],
  'a token with markup': ['<script>'],
  'a repeated token': ['acme', 'acme'],
  'a bad element after 100 good ones': [...valid(100), { x: 1 }],
};
const BAD_IDS = (max: number): Record<string, unknown[]> => ({
  'a number': [42],
  'a map': [{ uid: 'sellerA' }],
  null: [null],
  'a timestamp': [new Date()],
  'a 60,000-character string': ['u'.repeat(60_000)],
  'a 129-character id': ['u'.repeat(129)],
  'an empty string': [''],
  'an id with a slash (not a document id)': ['sellerA/x'],
  'the same member twice': ['sellerA', 'sellerA'],
  'a bad element last': [...valid(max - 1, (i) => `u${i}`), 7],
});

describe.concurrent('list elements: searchTokens of every searchable collection', () => {
  for (const c of SEARCHABLE) {
    for (const [what, tokens] of Object.entries(BAD_TOKENS))
      denied(`${c}: create with ${what} in searchTokens`, () => create(SELLER, c, tokensPatch(tokens)));
    denied(
      `${c}: update with a 100,000-character token`,
      seededUpdate(SELLER, c, tokensPatch(['x'.repeat(100_000)])),
    );
    denied(`${c}: update with a map token`, seededUpdate(SELLER, c, tokensPatch([{}])));
    control(`${c}: 120 tokens of 20 letters or digits`, () =>
      create(SELLER, c, tokensPatch(valid(120, (i) => `${'ñ'.repeat(16)}${String(i).padStart(4, '0')}`))),
    );
  }
});

// searchIndex is what a search of several words matches: a member must not make a record
// findable by a word its searchTokens (the one-word search) do not list, nor hide it from one.
describe.concurrent('searchIndex mirrors searchTokens in every searchable collection', () => {
  for (const c of SEARCHABLE) {
    const { searchTokens, searchIndex } = crmBody(c, SELLER, 'x') as {
      searchTokens: string[];
      searchIndex: Record<string, true>;
    };
    const [first] = searchTokens;
    const without = Object.fromEntries(Object.entries(searchIndex).filter(([k]) => k !== first));
    denied(`${c}: create with a word in searchIndex that searchTokens lack`, () =>
      create(SELLER, c, { searchIndex: { ...searchIndex, zzqx: true } }),
    );
    denied(`${c}: create with a token missing from searchIndex`, () =>
      create(SELLER, c, { searchIndex: without }),
    );
    denied(`${c}: create with a token set to false`, () =>
      create(SELLER, c, { searchIndex: { ...searchIndex, [first!]: false } }),
    );
    denied(`${c}: create with searchIndex as a list`, () => create(SELLER, c, { searchIndex: searchTokens }));
    denied(
      `${c}: update adding a word to searchIndex only`,
      seededUpdate(SELLER, c, { [`searchIndex.zzqx`]: true }),
    );
    denied(`${c}: update removing searchIndex`, seededUpdate(SELLER, c, { searchIndex: deleteField() }));
    control(
      `${c}: update adding the word to both`,
      seededUpdate(SELLER, c, tokensPatch([...searchTokens, 'zzqx'])),
    );
  }
});

describe.concurrent('list elements: assigneeIds and participantIds', () => {
  for (const [c, field, max] of [
    ['tasks', 'assigneeIds', 20],
    ['meetings', 'participantIds', 50],
  ] as const) {
    for (const [what, ids] of Object.entries(BAD_IDS(max)))
      denied(`${c}: create with ${what} in ${field}`, () => create(SELLER, c, { [field]: ids }));
    denied(
      `${c}: update with a 60,000-character ${field} element`,
      seededUpdate(SELLER, c, {
        [field]: ['u'.repeat(60_000)],
      }),
    );
    denied(`${c}: update with null in ${field}`, seededUpdate(SELLER, c, { [field]: ['sellerA', null] }));
    control(`${c}: a seller assigns other members (${max} ids of 128 characters)`, () =>
      create(SELLER, c, { [field]: valid(max, (i) => `${String(i).padStart(3, '0')}${'u'.repeat(125)}`) }),
    );
  }
  control('tasks: a seller creates a task assigned to the admin and another seller', () =>
    create(SELLER, 'tasks', { assigneeIds: [ADMIN, 'sellerA'] }),
  );
});

// ── Identity ──────────────────────────────────────────────────────────────────

const NOTES = `${A}/contacts/contact1/notes`;
const note = (uid: string, patch: Doc = {}) =>
  setDoc(doc(db(uid), `${NOTES}/${freshId('note')}`), {
    content: 'Llamar el lunes',
    ...createAudit(uid),
    ...patch,
  });
/** The admin's note and the seller's own note, each case its own. */
function seededNote(author: string): string {
  const id = freshId('n');
  seed(`${NOTES}/${id}`, { content: 'Original', authorName: `User ${author}`, ...storedAudit(author) });
  return `${NOTES}/${id}`;
}

describe.concurrent('identity: note authors', () => {
  denied("a seller signs a new note with the admin's name", () =>
    note(SELLER, { authorName: `User ${ADMIN}` }),
  );
  denied('a seller signs a new note with an invented name', () => note(SELLER, { authorName: 'Gerencia' }));
  denied('a seller leaves the note unsigned (no authorName)', () => note(SELLER));
  denied('a seller signs a new note with null', () => note(SELLER, { authorName: null }));
  {
    const p = seededNote(ADMIN);
    denied("a seller changes the author name on the admin's note", () =>
      updateDoc(doc(db(SELLER), p), { authorName: `User ${SELLER}`, updatedAt: serverTimestamp() }),
    );
  }
  {
    const p = seededNote(ADMIN);
    denied("a seller rewrites the admin's note", () =>
      updateDoc(doc(db(SELLER), p), { content: 'Cliente perdido', updatedAt: serverTimestamp() }),
    );
  }
  {
    const p = seededNote(ADMIN);
    denied("a seller deletes the author name of the admin's note", () =>
      updateDoc(doc(db(SELLER), p), { authorName: deleteField(), updatedAt: serverTimestamp() }),
    );
  }
  {
    const p = seededNote(SELLER);
    denied('a seller renames the author of their own note', () =>
      updateDoc(doc(db(SELLER), p), { authorName: `User ${ADMIN}`, updatedAt: serverTimestamp() }),
    );
  }
  {
    const p = seededNote(SELLER);
    denied("the admin rewrites a seller's note (notes are signed)", () =>
      updateDoc(doc(db(ADMIN), p), { content: 'Editado', updatedAt: serverTimestamp() }),
    );
  }
  control('a seller signs a note with their own member name', () =>
    note(SELLER, { authorName: `User ${SELLER}` }),
  );
  {
    const p = seededNote(SELLER);
    control('a seller edits the content of their own note', () =>
      updateDoc(doc(db(SELLER), p), { content: 'Llamar el martes', updatedAt: serverTimestamp() }),
    );
  }
});

describe.concurrent('identity: owners', () => {
  for (const c of ['contacts', 'deals'] as const) {
    denied(`${c}: a seller creates one owned by the admin`, () => create(SELLER, c, { ownerId: ADMIN }));
    denied(`${c}: a seller creates one owned by a stranger uid`, () =>
      create(SELLER, c, { ownerId: 'nobody' }),
    );
    denied(
      `${c}: a seller takes over the admin's (ownerId = self)`,
      seededUpdate(SELLER, c, { ownerId: SELLER }),
    );
    denied(
      `${c}: a seller hands the admin's to another seller`,
      seededUpdate(SELLER, c, { ownerId: 'sellerA' }),
    );
    denied(`${c}: the admin assigns one to a uid that is not a member`, () =>
      create(ADMIN, c, { ownerId: 'not-a-member' }),
    );
    denied(
      `${c}: the admin reassigns one to a member of organization B`,
      seededUpdate(ADMIN, c, {
        ownerId: 'sellerB',
      }),
    );
    control(`${c}: a seller creates one owned by themself`, () => create(SELLER, c, { ownerId: SELLER }));
    control(`${c}: the admin creates one for a seller`, () => create(ADMIN, c, { ownerId: 'sellerA' }));
    control(`${c}: the admin reassigns one to a seller`, seededUpdate(ADMIN, c, { ownerId: 'sellerA' }));
    control(
      `${c}: a seller edits the admin's without touching the owner`,
      seededUpdate(SELLER, c, {
        [c === 'contacts' ? 'name' : 'title']: 'Editado',
      }),
    );
  }
  denied('tickets: a seller makes a non-member the owner', () =>
    create(SELLER, 'tickets', { ownerId: 'nobody' }),
  );
  denied(
    'tickets: a seller makes a member of B the owner',
    seededUpdate(SELLER, 'tickets', { ownerId: 'adminB' }),
  );
  control('tickets: a seller makes another member the owner', () =>
    create(SELLER, 'tickets', { ownerId: 'sellerA' }),
  );
  control('tickets: an unowned ticket', () => create(SELLER, 'tickets', { ownerId: null }));
});

// ── Required keys on update ───────────────────────────────────────────────────

describe.concurrent('required keys cannot be deleted on update', () => {
  for (const k of ['country', 'rtn', 'name', 'createdAt', 'createdBy'])
    denied(`the admin deletes ${k} of the organization`, () =>
      updateDoc(doc(db(ADMIN), A), { [k]: deleteField() }),
    );
  control('the admin sets country and rtn to null', () =>
    updateDoc(doc(db(ADMIN), A), { country: null, rtn: null }),
  );
  for (const k of ['fullName', 'language', 'email', 'username', 'organizationId'])
    denied(`a user deletes ${k} of their profile`, () =>
      updateDoc(doc(db('sellerA'), 'users/sellerA'), { [k]: deleteField() }),
    );
  for (const k of ['permissions', 'role', 'fullName', 'invitedBy'])
    denied(`the admin deletes ${k} of another member`, () =>
      updateDoc(doc(db(ADMIN), `${A}/members/victimA`), { [k]: deleteField() }),
    );
  denied('a member deletes their own fullName in the rename batch', () => {
    const b = writeBatch(db('renamer'));
    b.update(doc(db('renamer'), 'users/renamer'), { fullName: 'Nuevo' });
    b.update(doc(db('renamer'), `${A}/members/renamer`), { fullName: deleteField() });
    return b.commit();
  });
  {
    const p = seededNote(SELLER);
    denied('a seller deletes the authorName of their own note', () =>
      updateDoc(doc(db(SELLER), p), { authorName: deleteField(), updatedAt: serverTimestamp() }),
    );
  }
});

// ── Parents in the same batch ─────────────────────────────────────────────────

describe.concurrent('parent existence sees the batch', () => {
  const batch = (uid: string, fill: (b: ReturnType<typeof writeBatch>, d: Firestore) => void) => {
    const d = db(uid);
    const b = writeBatch(d);
    fill(b, d);
    return b.commit();
  };
  {
    const c = freshId('c');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    denied('delete a contact and add a note under it', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/contacts/${c}`));
        b.set(doc(d, `${A}/contacts/${c}/notes/${freshId()}`), {
          content: 'x',
          authorName: `User ${ADMIN}`,
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  {
    const c = freshId('c');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    seed(`${A}/contacts/${c}/notes/n1`, { content: 'x', authorName: `User ${ADMIN}`, ...storedAudit(ADMIN) });
    denied('delete a contact and edit a note under it', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/contacts/${c}`));
        b.update(doc(d, `${A}/contacts/${c}/notes/n1`), { content: 'y', updatedAt: serverTimestamp() });
      }),
    );
  }
  {
    const s = freshId('s');
    seed(`${A}/sequences/${s}`, stored('sequences', s));
    denied('delete a sequence and add a step to it', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/sequences/${s}`));
        b.set(doc(d, `${A}/sequences/${s}/steps/${freshId()}`), {
          ...crmBody('steps', ADMIN, 'x'),
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  {
    const s = freshId('s');
    seed(`${A}/sequences/${s}`, stored('sequences', s));
    seed(`${A}/sequences/${s}/steps/st1`, stored('steps', 'st1'));
    denied('delete a sequence and edit one of its steps', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/sequences/${s}`));
        b.update(doc(d, `${A}/sequences/${s}/steps/st1`), { subject: 'Otro', updatedAt: serverTimestamp() });
      }),
    );
  }
  {
    const c = freshId('c');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    denied('delete a contact and enroll it in a sequence', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/contacts/${c}`));
        b.set(doc(d, `${A}/sequences/seq1/enrollments/${c}`), {
          ...crmBody('enrollments', ADMIN, c),
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  {
    const s = freshId('s');
    const c = freshId('c');
    seed(`${A}/sequences/${s}`, stored('sequences', s));
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    denied('delete a sequence and enroll a contact in it', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/sequences/${s}`));
        b.set(doc(d, `${A}/sequences/${s}/enrollments/${c}`), {
          ...crmBody('enrollments', ADMIN, c),
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  {
    const c = freshId('c');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    seed(`${A}/sequences/seq1/enrollments/${c}`, stored('enrollments', c, ADMIN, { status: 'paused' }));
    denied('delete a contact and resume its enrollment', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/contacts/${c}`));
        b.update(doc(d, `${A}/sequences/seq1/enrollments/${c}`), {
          status: 'active',
          updatedAt: serverTimestamp(),
        });
      }),
    );
  }
  {
    const f = freshId('f');
    seed(`${A}/folders/${f}`, stored('folders', f));
    denied('delete a folder and create a sub-folder in it', () =>
      batch(ADMIN, (b, d) => {
        b.delete(doc(d, `${A}/folders/${f}`));
        b.set(doc(d, `${A}/folders/${freshId()}`), { name: 'Sub', parentId: f, ...createAudit(ADMIN) });
      }),
    );
  }
  {
    const f = freshId('f');
    seed(`${A}/folders/${f}`, stored('folders', f));
    denied('delete a folder and file a document in it', () =>
      batch(ADMIN, (b, d) => {
        const id = freshId('d');
        b.delete(doc(d, `${A}/folders/${f}`));
        b.set(doc(d, `${A}/documents/${id}`), {
          ...crmBody('documents', ADMIN, id),
          folderId: f,
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  denied('a sub-folder of a folder that does not exist', () =>
    create(ADMIN, 'folders', { parentId: 'ghost-folder' }),
  );
  denied('a document filed in a folder that does not exist', () =>
    create(ADMIN, 'documents', { folderId: 'ghost-folder' }),
  );
  denied(
    'moving a document into a folder that does not exist',
    seededUpdate(ADMIN, 'documents', {
      folderId: 'ghost-folder',
    }),
  );
  {
    const c = freshId('c');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    control('create a contact and its first note in one batch', () =>
      batch(ADMIN, (b, d) => {
        const n = freshId('nc');
        b.set(doc(d, `${A}/contacts/${n}`), { ...crmBody('contacts', ADMIN, n), ...createAudit(ADMIN) });
        b.set(doc(d, `${A}/contacts/${n}/notes/${freshId()}`), {
          content: 'x',
          authorName: `User ${ADMIN}`,
          ...createAudit(ADMIN),
        });
      }),
    );
  }
  control('create a sequence and its first step in one batch', () =>
    batch(ADMIN, (b, d) => {
      const s = freshId('ns');
      b.set(doc(d, `${A}/sequences/${s}`), { ...crmBody('sequences', ADMIN, s), ...createAudit(ADMIN) });
      b.set(doc(d, `${A}/sequences/${s}/steps/${freshId()}`), {
        ...crmBody('steps', ADMIN, 'x'),
        ...createAudit(ADMIN),
      });
    }),
  );
});

// ── Folders: cycles and depth ─────────────────────────────────────────────────

describe.concurrent('folders: no cycles, bounded depth', () => {
  // A chain fc1 (root) → fc2 → fc3 → fc4 → fc5: five levels.
  const chain = ['fc1', 'fc2', 'fc3', 'fc4', 'fc5'];
  chain.forEach((f, i) =>
    seed(`${A}/folders/${f}`, stored('folders', f, ADMIN, { parentId: i ? chain[i - 1] : null })),
  );
  seed(`${A}/folders/fa`, stored('folders', 'fa', ADMIN, { parentId: null }));
  seed(`${A}/folders/fb`, stored('folders', 'fb', ADMIN, { parentId: 'fa' }));
  seed(`${A}/folders/fx`, stored('folders', 'fx', ADMIN, { parentId: null }));
  seed(`${A}/folders/fy`, stored('folders', 'fy', ADMIN, { parentId: 'fx' }));

  denied('A → B → A: moving a folder under its own child', () =>
    updateDoc(doc(db(ADMIN), `${A}/folders/fa`), { parentId: 'fb', updatedAt: serverTimestamp() }),
  );
  denied('moving a root folder under an unrelated folder (folders are not moved)', () =>
    updateDoc(doc(db(ADMIN), `${A}/folders/fx`), { parentId: 'fc1', updatedAt: serverTimestamp() }),
  );
  denied('two new folders that are each other’s parent, in one batch', () => {
    const d = db(ADMIN);
    const b = writeBatch(d);
    b.set(doc(d, `${A}/folders/loop-x`), { name: 'X', parentId: 'loop-y', ...createAudit(ADMIN) });
    b.set(doc(d, `${A}/folders/loop-y`), { name: 'Y', parentId: 'loop-x', ...createAudit(ADMIN) });
    return b.commit();
  });
  denied('deleting a folder and re-creating it under its own child, in one batch', () => {
    const d = db(ADMIN);
    const b = writeBatch(d);
    b.delete(doc(d, `${A}/folders/fx`));
    b.set(doc(d, `${A}/folders/fx`), { name: 'X', parentId: 'fy', ...createAudit(ADMIN) });
    return b.commit();
  });
  denied('a sixth level (under a folder five levels deep)', () =>
    create(ADMIN, 'folders', { parentId: 'fc5' }),
  );
  control('a fifth level (under a folder four levels deep)', () =>
    create(ADMIN, 'folders', { parentId: 'fc4' }),
  );
  control('renaming a folder', () =>
    updateDoc(doc(db(ADMIN), `${A}/folders/fb`), { name: 'Renombrada', updatedAt: serverTimestamp() }),
  );
});

// ── Enrollment status transitions ─────────────────────────────────────────────

describe.concurrent('enrollments: status transitions a client may make', () => {
  const transition = (from: string, to: string) => {
    const c = freshId('enr');
    seed(`${A}/contacts/${c}`, stored('contacts', c));
    seed(`${A}/sequences/seq1/enrollments/${c}`, stored('enrollments', c, ADMIN, { status: from }));
    return () =>
      updateDoc(doc(db(SELLER), `${A}/sequences/seq1/enrollments/${c}`), {
        status: to,
        updatedAt: serverTimestamp(),
      });
  };
  denied('resurrecting a stopped enrollment (stopped → active)', transition('stopped', 'active'));
  denied('pausing a stopped enrollment (stopped → paused)', transition('stopped', 'paused'));
  denied('restarting a completed enrollment (completed → active)', transition('completed', 'active'));
  denied('pausing a completed enrollment (completed → paused)', transition('completed', 'paused'));
  denied(
    'rewriting a completed enrollment as stopped (completed → stopped)',
    transition('completed', 'stopped'),
  );
  denied('completing an enrollment (active → completed, the scheduler’s)', transition('active', 'completed'));
  control('pause (active → paused)', transition('active', 'paused'));
  control('resume (paused → active)', transition('paused', 'active'));
  control('stop (active → stopped)', transition('active', 'stopped'));
  control('stop (paused → stopped)', transition('paused', 'stopped'));
  // The scheduler ends an enrollment as unsubscribed (the address opted out) or failed (the
  // reason is in the step's send-log entry); a client may retry or stop a failed one only.
  denied(
    'unsubscribing a contact from the client (active → unsubscribed)',
    transition('active', 'unsubscribed'),
  );
  denied('failing an enrollment from the client (active → failed)', transition('active', 'failed'));
  denied('re-subscribing an opted-out contact (unsubscribed → active)', transition('unsubscribed', 'active'));
  denied('pausing an unsubscribed enrollment (unsubscribed → paused)', transition('unsubscribed', 'paused'));
  control('retry a failed enrollment (failed → active)', transition('failed', 'active'));
  control('stop a failed enrollment (failed → stopped)', transition('failed', 'stopped'));
});

beforeAll(async () => {
  env = await createEnv('integrity');
  await seedWorld(env);
  seed(`${A}/members/${SELLER}`, memberDoc('seller', uniformPermissions(true), SELLER));
  seed('users/renamer', userDoc('renamer', 'orgA'));
  seed(`${A}/members/renamer`, memberDoc('seller', {}, 'renamer'));
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
