/**
 * E-mail sequences (issue 28).
 * 1. A sequence speaks with its owner's voice: its creator owns it and every enrolment is sent
 *    from the owner's Gmail, so only the owner writes its steps and renames it. Other members
 *    pause and resume it or duplicate it; the owner or an admin deletes it. Every refusal is
 *    written from the attacker's side, with controls for what stays allowed.
 * 2. Enrolling in batches the rules can judge: each enrolment's rule reads its contact, so a
 *    batch carries at most ENROLL_BATCH_SIZE of them within the 20 reads a batch may make.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENROLL_BATCH_SIZE, enrollmentBatches, uniformPermissions } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import {
  createAudit,
  crmBody,
  crmCollectionPath,
  freshId,
  memberDoc,
  seedWorld,
  sequencePath,
  storedAudit,
  writeAll,
  type CrmName,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const db = (uid: string): Firestore => as(env, uid);
const ADMIN = 'adminA';
/** A seller of A with every right: rights are not in question, only whose sequence it is. */
const SELLER = 'marketer';
/** Another seller with every right, who owns sequences of their own. */
const OWNER = 'owner';

const seeds: Array<[string, Doc]> = [];
const stored = (name: CrmName, by: string, patch: Doc = {}): Doc => ({
  ...crmBody(name, by, ''),
  ...storedAudit(by),
  ...patch,
});

/** A fresh sequence of `owner` with steps st1 and st2 (and an ended enrolment); returns its path. */
function sequenceOf(owner: string, patch: Doc = {}): string {
  const path = sequencePath(freshId('seq'));
  seeds.push([path, stored('sequences', owner, patch)]);
  seeds.push([`${path}/steps/st1`, stored('steps', owner)]);
  seeds.push([`${path}/steps/st2`, stored('steps', owner, { stepOrder: 2, subject: 'Segundo' })]);
  seeds.push([
    `${path}/enrollments/contact1`,
    stored('enrollments', owner, { contactId: 'contact1', status: 'stopped' }),
  ]);
  return path;
}

/** `n` fresh contacts of A; returns their ids. */
function contacts(n: number): string[] {
  return Array.from({ length: n }, () => {
    const id = freshId('c');
    seeds.push([`${crmCollectionPath('contacts')}/${id}`, stored('contacts', ADMIN)]);
    return id;
  });
}

const step = (uid: string, patch: Doc = {}): Doc => ({
  ...crmBody('steps', uid, ''),
  ...createAudit(uid),
  ...patch,
});
const edit = (patch: Doc): Doc => ({ ...patch, updatedAt: serverTimestamp() });
const batch = (uid: string, fill: (b: ReturnType<typeof writeBatch>, d: Firestore) => void) => {
  const d = db(uid);
  const b = writeBatch(d);
  fill(b, d);
  return b.commit();
};
const denied = (name: string, run: () => Promise<unknown>) =>
  it(name, () => assertFails(run()).then(() => undefined));
const control = (name: string, run: () => Promise<unknown>) =>
  it(`control: ${name}`, () => assertSucceeds(run()).then(() => undefined));

/** The client's duplicate: a new inactive sequence of `uid` with copies of both steps. */
function duplicate(uid: string, patch: Doc = {}) {
  return batch(uid, (b, d) => {
    const copy = sequencePath(freshId('copy'));
    b.set(doc(d, copy), {
      ...crmBody('sequences', uid, ''),
      name: 'Copia de Bienvenida',
      ...createAudit(uid),
      ...patch,
    });
    for (const [id, order] of [
      ['st1', 1],
      ['st2', 2],
    ] as const)
      b.set(doc(d, `${copy}/steps/${id}`), step(uid, { stepOrder: order }));
  });
}

/** The client's delete: enrolments and steps, then the sequence, in one batch. */
function deleteWhole(uid: string, path: string) {
  return batch(uid, (b, d) => {
    b.delete(doc(d, `${path}/enrollments/contact1`));
    b.delete(doc(d, `${path}/steps/st1`));
    b.delete(doc(d, `${path}/steps/st2`));
    b.delete(doc(d, path));
  });
}

describe.concurrent("a seller with every marketing right, on the admin's sequence", () => {
  const s = () => sequenceOf(ADMIN);
  {
    const p = s();
    denied("rewrites a step's subject and body", () =>
      updateDoc(doc(db(SELLER), `${p}/steps/st1`), edit({ subject: 'Oferta falsa', body: 'Otro texto' })),
    );
  }
  {
    const p = s();
    denied('reorders the steps', () =>
      batch(SELLER, (b, d) => {
        b.update(doc(d, `${p}/steps/st1`), edit({ stepOrder: 2 }));
        b.update(doc(d, `${p}/steps/st2`), edit({ stepOrder: 1 }));
      }),
    );
  }
  {
    const p = s();
    denied('adds a step', () =>
      setDoc(doc(db(SELLER), `${p}/steps/${freshId()}`), step(SELLER, { stepOrder: 3 })),
    );
  }
  {
    const p = s();
    denied('deletes a step', () => deleteDoc(doc(db(SELLER), `${p}/steps/st2`)));
  }
  {
    const p = s();
    denied('renames it', () => updateDoc(doc(db(SELLER), p), edit({ name: 'Mi secuencia' })));
  }
  {
    const p = s();
    denied('changes its description', () => updateDoc(doc(db(SELLER), p), edit({ description: 'Otra' })));
  }
  {
    const p = s();
    denied('activates it while renaming it', () =>
      updateDoc(doc(db(SELLER), p), edit({ isActive: true, name: 'Mi secuencia' })),
    );
  }
  {
    const p = s();
    control('activates it', () => updateDoc(doc(db(SELLER), p), edit({ isActive: true })));
  }
  {
    const p = sequenceOf(ADMIN, { isActive: true });
    control('pauses it', () => updateDoc(doc(db(SELLER), p), edit({ isActive: false })));
  }
  {
    const p = s();
    denied('deletes it with its steps and enrolments', () => deleteWhole(SELLER, p));
  }
  {
    const p = s();
    denied('deletes it alone', () => deleteDoc(doc(db(SELLER), p)));
  }
  control('duplicates it: a sequence of their own, inactive, with copies of the steps', () =>
    duplicate(SELLER),
  );
  denied('duplicates it already active', () => duplicate(SELLER, { isActive: true }));
  denied("duplicates it in the admin's name", () => duplicate(SELLER, { createdBy: ADMIN }));
  {
    const [c] = contacts(1);
    const p = s();
    control("enrols a contact (sent from the admin's Gmail)", () =>
      setDoc(doc(db(SELLER), `${p}/enrollments/${c}`), {
        ...crmBody('enrollments', SELLER, c!),
        ...createAudit(SELLER),
      }),
    );
  }
});

describe.concurrent('taking a sequence over', () => {
  {
    const p = sequenceOf(ADMIN);
    denied('changing createdBy to oneself while activating it', () =>
      updateDoc(doc(db(SELLER), p), edit({ isActive: true, createdBy: SELLER })),
    );
  }
  {
    const p = sequenceOf(ADMIN);
    denied('changing createdBy to oneself as its owner (a gift of voice)', () =>
      updateDoc(doc(db(ADMIN), p), edit({ createdBy: SELLER })),
    );
  }
  {
    const p = sequenceOf(ADMIN);
    denied('a batch that activates it and adds a step', () =>
      batch(SELLER, (b, d) => {
        b.update(doc(d, p), edit({ isActive: true }));
        b.set(doc(d, `${p}/steps/${freshId()}`), step(SELLER, { stepOrder: 3 }));
      }),
    );
  }
  {
    const p = sequenceOf(ADMIN);
    denied('a batch that changes createdBy and rewrites a step', () =>
      batch(SELLER, (b, d) => {
        b.update(doc(d, p), edit({ createdBy: SELLER }));
        b.update(doc(d, `${p}/steps/st1`), edit({ subject: 'Oferta falsa' }));
      }),
    );
  }
  {
    const p = sequenceOf(ADMIN);
    denied("a batch that creates one's own sequence and adds a step to the admin's", () =>
      batch(SELLER, (b, d) => {
        b.set(doc(d, sequencePath(freshId('mine'))), {
          ...crmBody('sequences', SELLER, ''),
          ...createAudit(SELLER),
        });
        b.set(doc(d, `${p}/steps/${freshId()}`), step(SELLER, { stepOrder: 3 }));
      }),
    );
  }
  {
    const p = sequenceOf(ADMIN);
    denied('overwriting it whole (set) as oneself', () =>
      setDoc(doc(db(SELLER), p), { ...crmBody('sequences', SELLER, ''), ...createAudit(SELLER) }),
    );
  }
  {
    const p = sequenceOf(OWNER);
    denied('deleting it and a step in one batch, neither owner nor admin', () =>
      batch(SELLER, (b, d) => {
        b.delete(doc(d, `${p}/steps/st1`));
        b.delete(doc(d, p));
      }),
    );
  }
});

describe.concurrent('the owner (a seller with every marketing right)', () => {
  {
    const p = sequenceOf(OWNER);
    control('adds a step', () =>
      setDoc(doc(db(OWNER), `${p}/steps/${freshId()}`), step(OWNER, { stepOrder: 3 })),
    );
  }
  {
    const p = sequenceOf(OWNER);
    control('rewrites a step', () =>
      updateDoc(doc(db(OWNER), `${p}/steps/st1`), edit({ subject: 'Hola otra vez' })),
    );
  }
  {
    const p = sequenceOf(OWNER);
    control('deletes a step and renumbers the next', () =>
      batch(OWNER, (b, d) => {
        b.delete(doc(d, `${p}/steps/st1`));
        b.update(doc(d, `${p}/steps/st2`), edit({ stepOrder: 1 }));
      }),
    );
  }
  {
    const p = sequenceOf(OWNER);
    control('renames it and changes its description', () =>
      updateDoc(doc(db(OWNER), p), edit({ name: 'Bienvenida 2027', description: 'Nueva' })),
    );
  }
  {
    const p = sequenceOf(OWNER);
    control('deletes it with its steps and enrolments', () => deleteWhole(OWNER, p));
  }
});

describe.concurrent("an admin, on a seller's sequence (admins speak with their own voice too)", () => {
  {
    const p = sequenceOf(OWNER);
    control('deletes it with its steps and enrolments', () => deleteWhole(ADMIN, p));
  }
  {
    const p = sequenceOf(OWNER);
    control('activates it', () => updateDoc(doc(db(ADMIN), p), edit({ isActive: true })));
  }
  control('duplicates it', () => duplicate(ADMIN));
  {
    const p = sequenceOf(OWNER);
    denied('rewrites a step', () =>
      updateDoc(doc(db(ADMIN), `${p}/steps/st1`), edit({ subject: 'Del admin' })),
    );
  }
  {
    const p = sequenceOf(OWNER);
    denied('adds a step', () =>
      setDoc(doc(db(ADMIN), `${p}/steps/${freshId()}`), step(ADMIN, { stepOrder: 3 })),
    );
  }
  {
    const p = sequenceOf(OWNER);
    denied('deletes one step (the sequence stays)', () => deleteDoc(doc(db(ADMIN), `${p}/steps/st2`)));
  }
  {
    const p = sequenceOf(OWNER);
    denied('renames it', () => updateDoc(doc(db(ADMIN), p), edit({ name: 'Del admin' })));
  }
});

describe.concurrent('steps left without their sequence', () => {
  const p = sequencePath(freshId('gone'));
  seeds.push([`${p}/steps/st1`, stored('steps', OWNER)], [`${p}/steps/st2`, stored('steps', OWNER)]);
  control('are deleted by a member with marketing.delete', () =>
    deleteDoc(doc(db(SELLER), `${p}/steps/st1`)),
  );
  denied('are not rewritten', () => updateDoc(doc(db(SELLER), `${p}/steps/st2`), edit({ subject: 'x' })));
});

describe.concurrent('enrolling in batches the rules can judge (20 reads a batch)', () => {
  const shared = sequenceOf(ADMIN);
  const enrolAll = (ids: readonly string[], sequence = shared) =>
    batch(SELLER, (b, d) => {
      for (const c of ids)
        b.set(doc(d, `${sequence}/enrollments/${c}`), {
          ...crmBody('enrollments', SELLER, c),
          ...createAudit(SELLER),
        });
    });
  const exactly = contacts(ENROLL_BATCH_SIZE);
  const oneMore = contacts(ENROLL_BATCH_SIZE + 1);
  const fifty = contacts(50);
  const fiftyInBatches = contacts(50);

  control(`${ENROLL_BATCH_SIZE} enrolments in one batch`, () => enrolAll(exactly));
  denied(`${ENROLL_BATCH_SIZE + 1} enrolments in one batch (21 reads)`, () => enrolAll(oneMore));
  denied('50 enrolments in one batch (the old enrollContacts)', () => enrolAll(fifty));
  const target = sequenceOf(ADMIN);
  it('control: 50 enrolments in enrollmentBatches, one batch after the other', async () => {
    for (const ids of enrollmentBatches(fiftyInBatches)) await assertSucceeds(enrolAll(ids, target));
    const enrolled = await getCountFromServer(collection(db(SELLER), `${target}/enrollments`));
    // The 50, and the ended enrolment every seeded sequence has.
    expect(enrolled.data().count).toBe(50 + 1);
  });
});

beforeAll(async () => {
  env = await createEnv('sequences');
  await seedWorld(env);
  seeds.push([`organizations/orgA/members/${SELLER}`, memberDoc('seller', uniformPermissions(true), SELLER)]);
  seeds.push([`organizations/orgA/members/${OWNER}`, memberDoc('seller', uniformPermissions(true), OWNER)]);
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
});

afterAll(async () => {
  await env?.cleanup();
});
