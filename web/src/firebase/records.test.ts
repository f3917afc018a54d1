// The payloads record writes build (pure: no Firestore instance, no network): audit stamps and
// the timeline entry that rides in the same batch as each note, task, meeting and deal.
import { deleteField, serverTimestamp, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, fieldSpec, TIMELINE_ENTRY_KEYS, withDerivedFields } from '@trato/model';
import {
  BATCH_LIMIT,
  cleanEmpty,
  createPayload,
  KEEP_EMPTY,
  describeWrite,
  needsCommittedState,
  planBatches,
  planCachedWrite,
  planCommittedWrite,
  planRecordWrite,
  timelineDeleteFor,
  timelineWriteFor,
  touchesSearch,
  updatePayload,
  type CommittedRead,
  type PlannedWrite,
  type RecordTarget,
  type RecordWrite,
  writeRecords,
} from './records';

const NOW = { marker: 'serverTimestamp' };
const UID = 'u1';
const org = (collection: string): RecordTarget => ({ parentPath: 'organizations/o1', collection });
const notes = (contactCompanyId?: string | null): RecordTarget => ({
  parentPath: 'organizations/o1/contacts/c1',
  collection: 'notes',
  ...(contactCompanyId === undefined ? {} : { context: { contactCompanyId } }),
});
// Firestore auto-ids are 20 letters or digits (change entries' ids are checked).
const ids = () => {
  let n = 0;
  return () => `gen${++n}`.padEnd(20, '0');
};
const plan = (write: RecordWrite) => planRecordWrite(write, UID, NOW, ids());

const due = Timestamp.fromMillis(1_800_000_000_000);
const created = Timestamp.fromMillis(1_700_000_000_123);
const storedTask = {
  id: 't1',
  title: 'Enviar propuesta',
  status: 'pending',
  dueDate: due,
  contactId: 'c1',
  companyId: null,
  assigneeIds: [UID],
  searchTokens: ['en'],
  createdAt: created,
  createdBy: 'u9',
  updatedAt: created,
};

function entryOf(writes: PlannedWrite[]): Extract<PlannedWrite, { op: 'set' }> {
  const entry = writes.find((w) => w.path.includes('/timeline/'));
  if (!entry || entry.op !== 'set') throw new Error(`no entry set in ${JSON.stringify(writes)}`);
  return entry;
}

describe('creates', () => {
  it('a task linked to a contact: the record and its entry, with the same server time', () => {
    const writes = plan({
      kind: 'create',
      target: org('tasks'),
      id: 't1',
      data: {
        title: 'Llamar',
        status: 'pending',
        dueDate: due,
        contactId: 'c1',
        companyId: '',
        assigneeIds: [],
      },
    });
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatchObject({ op: 'set', path: 'organizations/o1/tasks/t1' });
    const record = (writes[0] as { data: Record<string, unknown> }).data;
    expect(record.companyId).toBeNull(); // '' → null before the entry is built
    const entry = entryOf(writes);
    expect(entry.path).toBe('organizations/o1/timeline/task_t1');
    expect(entry.data).toEqual({
      kind: 'task',
      recordId: 't1',
      title: 'Llamar',
      detail: 'pending',
      at: due,
      amount: null,
      contactId: 'c1',
      companyId: null,
      createdAt: NOW,
      createdBy: UID,
    });
    expect(entry.data.createdAt).toBe(record.createdAt);
    expect(Object.keys(entry.data).sort()).toEqual([...TIMELINE_ENTRY_KEYS].sort());
  });

  it('with the real sentinel, the entry createdAt is serverTimestamp() too', () => {
    const writes = planRecordWrite(
      {
        kind: 'create',
        target: org('deals'),
        id: 'd1',
        data: { title: 'X', stage: 'new', amount: 5, companyId: 'co1', primaryContactId: null, ownerId: UID },
      },
      UID,
      serverTimestamp(),
    );
    const createdAt = entryOf(writes).data.createdAt as ReturnType<typeof serverTimestamp>;
    expect(createdAt.isEqual(serverTimestamp())).toBe(true);
    expect(entryOf(writes).data).toMatchObject({
      kind: 'deal',
      detail: 'new',
      amount: 5,
      at: null,
      companyId: 'co1',
    });
  });

  it('a record linked to nothing, and collections without a timeline, write one document', () => {
    expect(
      plan({
        kind: 'create',
        target: org('meetings'),
        id: 'm1',
        data: {
          title: 'Demo',
          status: 'scheduled',
          startTime: due,
          endTime: due,
          contactId: null,
          companyId: null,
          participantIds: [],
        },
      }),
    ).toHaveLength(1);
    for (const c of ['companies', 'contacts', 'tickets', 'folders'])
      expect(plan({ kind: 'create', target: org(c), id: 'x', data: { name: 'A' } })).toHaveLength(1);
  });

  it('a create without an id gets one, shared by the record and its entry', () => {
    const writes = plan({
      kind: 'create',
      target: org('tasks'),
      data: {
        title: 'T',
        status: 'pending',
        dueDate: null,
        contactId: null,
        companyId: 'co1',
        assigneeIds: [],
      },
    });
    expect(writes.map((w) => w.path)).toEqual([
      'organizations/o1/tasks/gen10000000000000000',
      'organizations/o1/timeline/task_gen10000000000000000',
    ]);
  });

  it("a note: its contact from the path, the contact's company from the context", () => {
    const writes = plan({
      kind: 'create',
      target: notes('co7'),
      id: 'n1',
      data: { content: 'Hola', authorName: 'Ana' },
    });
    expect(writes[0]!.path).toBe('organizations/o1/contacts/c1/notes/n1');
    expect(entryOf(writes)).toEqual({
      op: 'set',
      path: 'organizations/o1/timeline/note_n1',
      data: {
        kind: 'note',
        recordId: 'n1',
        title: 'Hola',
        detail: null,
        at: null,
        amount: null,
        contactId: 'c1',
        companyId: 'co7',
        createdAt: NOW,
        createdBy: UID,
      },
    });
    expect(
      entryOf(
        plan({ kind: 'create', target: notes(null), id: 'n2', data: { content: 'x', authorName: 'A' } }),
      ).data.companyId,
    ).toBeNull();
  });

  it('a note without the contact company, or under the wrong parent, fails loudly', () => {
    expect(() =>
      plan({ kind: 'create', target: notes(), id: 'n1', data: { content: 'x', authorName: 'A' } }),
    ).toThrow(/contactCompanyId/);
    expect(() =>
      plan({
        kind: 'create',
        target: { parentPath: 'organizations/o1', collection: 'notes', context: { contactCompanyId: null } },
        id: 'n1',
        data: { content: 'x' },
      }),
    ).toThrow(/contacts/);
    expect(() =>
      plan({
        kind: 'create',
        target: { parentPath: 'organizations/o1/x/y', collection: 'tasks' },
        id: 't',
        data: {},
      }),
    ).toThrow();
  });
});

describe('updates', () => {
  it('rewrite the entry from the record as shown merged with the patch', () => {
    const writes = plan({
      kind: 'update',
      target: org('tasks'),
      id: 't1',
      patch: { status: 'completed' },
      current: storedTask,
    });
    expect(writes[0]).toEqual({
      op: 'update',
      path: 'organizations/o1/tasks/t1',
      data: expect.objectContaining({ status: 'completed', updatedAt: NOW }) as unknown,
    });
    expect(entryOf(writes).data).toEqual({
      kind: 'task',
      recordId: 't1',
      title: 'Enviar propuesta',
      detail: 'completed',
      at: due,
      amount: null,
      contactId: 'c1',
      companyId: null,
      createdAt: created, // the stored time, not the update's
      createdBy: 'u9',
    });
  });

  it('delete the entry when the record no longer references a contact or a company', () => {
    const writes = plan({
      kind: 'update',
      target: org('tasks'),
      id: 't1',
      patch: { contactId: '' },
      current: storedTask,
    });
    expect(writes[1]).toEqual({ op: 'delete', path: 'organizations/o1/timeline/task_t1' });
  });

  it('create the entry when an unlinked record gets a company', () => {
    const current = { ...storedTask, contactId: null };
    const writes = plan({
      kind: 'update',
      target: org('tasks'),
      id: 't1',
      patch: { companyId: 'co1' },
      current,
    });
    expect(entryOf(writes).data).toMatchObject({ contactId: null, companyId: 'co1' });
  });

  it('a field removed with deleteField() is absent from the entry', () => {
    const deal = {
      title: 'D',
      stage: 'new',
      amount: 1,
      closeDate: due,
      companyId: 'co1',
      primaryContactId: null,
      ownerId: UID,
      createdAt: created,
      createdBy: UID,
    };
    const writes = plan({
      kind: 'update',
      target: org('deals'),
      id: 'd1',
      patch: { closeDate: deleteField() },
      current: deal,
    });
    expect(entryOf(writes).data.at).toBeNull();
  });

  it('a note edit needs the context; a board drop keeps the rest of the deal', () => {
    const note = { content: 'Viejo', authorName: 'Ana', createdAt: created, createdBy: UID };
    expect(() =>
      plan({ kind: 'update', target: notes(), id: 'n1', patch: { content: 'Nuevo' }, current: note }),
    ).toThrow(/contactCompanyId/);
    expect(
      entryOf(
        plan({ kind: 'update', target: notes('co1'), id: 'n1', patch: { content: 'Nuevo' }, current: note }),
      ).data,
    ).toMatchObject({
      title: 'Nuevo',
      contactId: 'c1',
      companyId: 'co1',
      createdAt: created,
    });
  });

  it('a timeline collection needs the current record; others do not', () => {
    expect(() =>
      plan({ kind: 'update', target: org('tasks'), id: 't1', patch: { title: 'x' }, current: null }),
    ).toThrow(/current record/);
    // A company: its record, and the entry of the tracked field it changes (who changed what).
    const company = plan({
      kind: 'update',
      target: org('companies'),
      id: 'c',
      patch: { phone: '1' },
      current: null,
    });
    expect(company.map((w) => w.path)).toEqual([
      'organizations/o1/companies/c',
      'organizations/o1/timeline/companyEdit_c_gen10000000000000000',
    ]);
    expect(
      plan({ kind: 'update', target: org('tickets'), id: 't', patch: { status: 'closed' }, current: null }),
    ).toHaveLength(1);
  });
});

describe('search tokens on update', () => {
  const contact = {
    name: 'Ana Pérez',
    phone: '9999 1234',
    searchTokens: ['stale'],
    searchIndex: { stale: true },
  };

  it('a change of a searchable field rebuilds both forms from the whole record (as committed)', () => {
    const data = updatePayload(org('contacts'), { name: 'Ana Zzqx' }, contact, NOW);
    expect(touchesSearch(org('contacts'), { name: 'Ana Zzqx' })).toBe(true);
    const expected = withDerivedFields('contacts', { ...contact, name: 'Ana Zzqx' });
    expect(data.searchTokens).toEqual(expected.searchTokens);
    expect(data.searchIndex).toEqual(expected.searchIndex);
    expect(data.searchTokens).toEqual(expect.arrayContaining(['zzqx', '9999']));
  });

  it("a contact's address added or removed sets its hasEmail", () => {
    expect(updatePayload(org('contacts'), { email: 'ana@acme.hn' }, contact, NOW).hasEmail).toBe(true);
    const withEmail = { ...contact, email: 'ana@acme.hn', hasEmail: true };
    expect(updatePayload(org('contacts'), { email: '' }, withEmail, NOW)).toMatchObject({
      email: null,
      hasEmail: false,
    });
    expect(updatePayload(org('companies'), { name: 'Acme' }, { name: 'A' }, NOW)).not.toHaveProperty(
      'hasEmail',
    );
  });

  it('any other change leaves them alone (a plain write: no read, works offline)', () => {
    expect(touchesSearch(org('contacts'), { lifecycleStage: 'customer' })).toBe(false);
    expect(touchesSearch(org('deals'), { stage: 'won' })).toBe(false);
    expect(touchesSearch(org('sequences'), { name: 'x' })).toBe(false);
    const data = updatePayload(org('contacts'), { lifecycleStage: 'customer' }, contact, NOW);
    expect(data).toEqual({ lifecycleStage: 'customer', updatedAt: NOW });
  });
});

describe('deletes', () => {
  it('delete the entry with the record (a missing entry is harmless)', () => {
    expect(plan({ kind: 'delete', target: org('meetings'), id: 'm1' })).toEqual([
      { op: 'delete', path: 'organizations/o1/meetings/m1' },
      { op: 'delete', path: 'organizations/o1/timeline/meeting_m1' },
    ]);
    // Deleting a note needs no context.
    expect(plan({ kind: 'delete', target: notes(), id: 'n1' })[1]).toEqual({
      op: 'delete',
      path: 'organizations/o1/timeline/note_n1',
    });
    expect(plan({ kind: 'delete', target: org('contacts'), id: 'c1' })).toHaveLength(1);
    expect(timelineDeleteFor(org('tickets'), 'x')).toBeNull();
    expect(timelineWriteFor(org('companies'), 'x', {})).toBeNull();
  });
});

describe('batches', () => {
  it('never split a record from its entry, and stay within the batch limit', () => {
    const writes: RecordWrite[] = [
      { kind: 'delete', target: org('companies'), id: 'co1' },
      ...Array.from({ length: 300 }, (_, i): RecordWrite => ({
        kind: 'delete',
        target: notes(),
        id: `n${i}`,
      })),
      { kind: 'delete', target: org('contacts'), id: 'c1' },
    ];
    const batches = planBatches(writes, UID, NOW, ids());
    expect(batches.map((b) => b.length)).toEqual([499, 103]);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(BATCH_LIMIT);
      for (const w of batch)
        if (w.path.includes('/notes/'))
          expect(batch.map((x) => x.path)).toContain(
            `organizations/o1/timeline/note_${w.path.split('/').pop()}`,
          );
    }
    expect(batches.flat().at(-1)).toEqual({ op: 'delete', path: 'organizations/o1/contacts/c1' });
  });

  it('a contact cascade of up to 249 notes is one batch', () => {
    const writes: RecordWrite[] = [
      ...Array.from({ length: 249 }, (_, i): RecordWrite => ({
        kind: 'delete',
        target: notes(),
        id: `n${i}`,
      })),
      { kind: 'delete', target: org('contacts'), id: 'c1' },
    ];
    expect(planBatches(writes, UID, NOW).map((b) => b.length)).toEqual([499]);
  });
});

describe('writes planned from the committed state (transactions)', () => {
  /** The documents as committed, by path; reads are recorded. */
  const committed = (docs: Record<string, Record<string, unknown>>) => {
    const paths: string[] = [];
    const read: CommittedRead = async (path) => {
      paths.push(path);
      return docs[path] ?? null;
    };
    return { read, paths };
  };
  const storedDeal = {
    title: 'Licencias',
    stage: 'new',
    amount: 1_000,
    closeDate: null,
    companyId: 'co1',
    primaryContactId: 'c1',
    ownerId: UID,
    createdAt: created,
    createdBy: 'u9',
  };

  it('are the updates of notes, tasks, meetings and deals, and the creates of notes', () => {
    const update = (collection: string): RecordWrite => ({
      kind: 'update',
      target: org(collection),
      id: 'x',
      patch: {},
      current: {},
    });
    for (const c of ['tasks', 'meetings', 'deals']) expect(needsCommittedState(update(c))).toBe(true);
    expect(needsCommittedState({ ...update('notes'), target: notes() })).toBe(true);
    for (const c of ['contacts', 'companies', 'tickets', 'steps'])
      expect(needsCommittedState(update(c))).toBe(false);
    // A searchable field changed: the search tokens are the whole record's, as committed.
    for (const [c, field] of [
      ['contacts', 'phone'],
      ['companies', 'name'],
      ['tickets', 'description'],
    ] as const)
      expect(
        needsCommittedState({
          kind: 'update',
          target: org(c),
          id: 'x',
          patch: { [field]: 'x' },
          current: {},
        }),
      ).toBe(true);
    expect(needsCommittedState({ kind: 'create', target: notes(), data: {} })).toBe(true);
    expect(needsCommittedState({ kind: 'create', target: org('deals'), data: {} })).toBe(false);
    expect(needsCommittedState({ kind: 'delete', target: notes(), id: 'n1' })).toBe(false);
  });

  it('a board drop with a stale card: the entry mirrors the deal as committed, not as shown', async () => {
    // A colleague renamed the deal, changed its amount and moved it after this card was drawn.
    const { read, paths } = committed({
      'organizations/o1/deals/d1': {
        ...storedDeal,
        title: 'Licencias 2027',
        amount: 2_500,
        stage: 'proposal',
      },
    });
    const writes = await planCommittedWrite(
      { kind: 'update', target: org('deals'), id: 'd1', patch: { stage: 'won' }, current: storedDeal },
      UID,
      read,
      NOW,
    );
    expect(paths).toEqual(['organizations/o1/deals/d1']);
    expect(writes[0]).toMatchObject({ op: 'update', data: { stage: 'won', updatedAt: NOW } });
    expect(entryOf(writes).data).toMatchObject({
      title: 'Licencias 2027',
      detail: 'won',
      amount: 2_500,
      createdAt: created,
      createdBy: 'u9',
    });
  });

  it("a note: the contact's company as committed", async () => {
    const { read } = committed({ 'organizations/o1/contacts/c1': { name: 'Ana', companyId: 'co9' } });
    const writes = await planCommittedWrite(
      { kind: 'create', target: notes(), id: 'n1', data: { content: 'Hola', authorName: 'Ana' } },
      UID,
      read,
      NOW,
    );
    expect(writes.map((w) => w.path)).toEqual([
      'organizations/o1/contacts/c1/notes/n1',
      'organizations/o1/timeline/note_n1',
    ]);
    expect(entryOf(writes).data).toMatchObject({ contactId: 'c1', companyId: 'co9' });
    // An edit reads the note too; a contact without a company (the field absent) gives null.
    const edit = committed({
      'organizations/o1/contacts/c1': { name: 'Ana' },
      'organizations/o1/contacts/c1/notes/n1': { content: 'Viejo', createdAt: created, createdBy: UID },
    });
    const edited = await planCommittedWrite(
      { kind: 'update', target: notes(), id: 'n1', patch: { content: 'Nuevo' }, current: null },
      UID,
      edit.read,
      NOW,
    );
    expect(edit.paths).toEqual(['organizations/o1/contacts/c1', 'organizations/o1/contacts/c1/notes/n1']);
    expect(entryOf(edited).data).toMatchObject({ title: 'Nuevo', companyId: null, createdAt: created });
  });

  it('a record or contact that is gone is not-found', async () => {
    await expect(
      planCommittedWrite(
        {
          kind: 'update',
          target: org('tasks'),
          id: 't1',
          patch: { status: 'completed' },
          current: storedTask,
        },
        UID,
        committed({}).read,
        NOW,
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      planCommittedWrite(
        { kind: 'create', target: notes(), id: 'n1', data: { content: 'x', authorName: 'A' } },
        UID,
        committed({}).read,
        NOW,
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('other writes are planned as they are, without reads', async () => {
    const { read, paths } = committed({});
    const writes = await planCommittedWrite(
      // A company's size: not a searchable field (an edit of its name reads the company as committed).
      {
        kind: 'update',
        target: org('companies'),
        id: 'co1',
        patch: { size: '11-50' },
        current: { size: '1-10' },
      },
      UID,
      read,
      NOW,
      ids(),
    );
    expect(writes.map((w) => w.path)).toEqual([
      'organizations/o1/companies/co1',
      'organizations/o1/timeline/companyEdit_co1_gen10000000000000000',
    ]);
    expect(paths).toEqual([]);
  });

  it('a batch refuses them (it would build the entry from the screen)', async () => {
    await expect(
      writeRecords([
        { kind: 'update', target: org('deals'), id: 'd1', patch: { stage: 'won' }, current: storedDeal },
      ]),
    ).rejects.toThrow(/committed record/);
  });
});

describe('writes planned from the offline cache (issue 35)', () => {
  const cached = (docs: Record<string, Record<string, unknown>>) => {
    const read: CommittedRead = async (path) => docs[path] ?? null;
    return read;
  };
  const storedDeal = {
    title: 'Licencias',
    stage: 'new',
    amount: 1_000,
    closeDate: null,
    companyId: 'co1',
    primaryContactId: 'c1',
    createdAt: created,
    createdBy: 'u9',
  };
  const move = (patch: Record<string, unknown>): RecordWrite => ({
    kind: 'update',
    target: org('deals'),
    id: 'd1',
    patch,
    current: storedDeal,
  });

  it("a move updates the deal, only the entry's fields it changes, and says who changed what", async () => {
    const writes = await planCachedWrite(
      move({ stage: 'won', amount: 2_000 }),
      UID,
      cached({ 'organizations/o1/deals/d1': storedDeal }),
      NOW,
      ids(),
    );
    expect(writes.map((w) => w.path)).toEqual([
      'organizations/o1/deals/d1',
      'organizations/o1/timeline/dealEdit_d1_gen10000000000000000',
      'organizations/o1/timeline/dealEdit_d1_gen20000000000000000',
      'organizations/o1/timeline/deal_d1',
    ]);
    expect(writes[0]).toEqual({
      op: 'update',
      path: 'organizations/o1/deals/d1',
      data: { stage: 'won', amount: 2_000, updatedAt: NOW },
    });
    // No whole entry: a colleague's change of the title meanwhile stays in it.
    expect(writes[3]).toEqual({
      op: 'update',
      path: 'organizations/o1/timeline/deal_d1',
      data: { detail: 'won', amount: 2_000 },
    });
    // One entry per field, true of the deal after the write.
    expect(writes[1]).toMatchObject({ op: 'set', data: { kind: 'dealEdit', title: 'stage', detail: 'won' } });
    expect(writes[2]).toMatchObject({
      op: 'set',
      data: { kind: 'dealEdit', title: 'amount', amount: 2_000 },
    });
  });

  it('an edit of fields the entry does not mirror touches the deal only', async () => {
    const writes = await planCachedWrite(move({ description: 'x' }), UID, cached({}), NOW, ids());
    expect(writes).toEqual([
      { op: 'update', path: 'organizations/o1/deals/d1', data: { description: 'x', updatedAt: NOW } },
    ]);
  });

  it('a deal linked to nothing has no entry to update', async () => {
    const unlinked = { ...storedDeal, companyId: null, primaryContactId: null };
    const writes = await planCachedWrite(
      move({ stage: 'won' }),
      UID,
      cached({ 'organizations/o1/deals/d1': unlinked }),
      NOW,
    );
    expect(writes.map((w) => w.path)).toEqual(['organizations/o1/deals/d1']);
  });

  it('a relink rewrites the entry whole from the cached deal', async () => {
    const writes = await planCachedWrite(
      move({ primaryContactId: 'c2' }),
      UID,
      cached({ 'organizations/o1/deals/d1': { ...storedDeal, title: 'Licencias 2027' } }),
      NOW,
    );
    expect(entryOf(writes).data).toMatchObject({ contactId: 'c2', title: 'Licencias 2027' });
  });

  it("without a cached copy, the screen's copy is used", async () => {
    const writes = await planCachedWrite(move({ primaryContactId: 'c3' }), UID, cached({}), NOW);
    expect(entryOf(writes).data).toMatchObject({ contactId: 'c3', title: 'Licencias' });
  });

  it("a note: the contact's company as cached, else as the screen said", async () => {
    const create: RecordWrite = { kind: 'create', target: notes(null), id: 'n1', data: { content: 'Hola' } };
    const fromCache = await planCachedWrite(
      create,
      UID,
      cached({ 'organizations/o1/contacts/c1': { companyId: 'co7' } }),
      NOW,
    );
    expect(entryOf(fromCache).data.companyId).toBe('co7');
    const fromScreen = await planCachedWrite({ ...create, target: notes('co8') }, UID, cached({}), NOW);
    expect(entryOf(fromScreen).data.companyId).toBe('co8');
  });

  it("a contact's searchable field: tokens from the cached contact with the change", async () => {
    const contact = { firstName: 'Ana', lastName: 'López', email: 'ana@x.co', phone: null, companyId: null };
    const [write] = await planCachedWrite(
      { kind: 'update', target: org('contacts'), id: 'c1', patch: { phone: '9999-8888' }, current: contact },
      UID,
      // A colleague changed the address: the cache has it, the screen does not.
      cached({ 'organizations/o1/contacts/c1': { ...contact, email: 'luis@z.co' } }),
      NOW,
    );
    expect(write!.op).toBe('update');
    const tokens = (write as unknown as { data: { searchTokens: string[] } }).data.searchTokens;
    expect(tokens).toEqual(expect.arrayContaining(['luis', '99998888']));
    expect(tokens).not.toContain('anax');
  });
});

describe('a write as the sync indicator lists it', () => {
  it('names the record and keeps the fields as typed', () => {
    expect(
      describeWrite({
        kind: 'create',
        target: org('contacts'),
        id: 'c9',
        data: { firstName: 'Ana', lastName: 'López', phone: '', score: 3, vip: true, tags: ['x'] },
      }),
    ).toEqual({
      action: 'create',
      collection: 'contacts',
      path: 'organizations/o1/contacts/c9',
      title: 'Ana López',
      fields: { firstName: 'Ana', lastName: 'López', score: '3', vip: 'true' },
    });
    const edit = describeWrite({
      kind: 'update',
      target: org('deals'),
      id: 'd1',
      patch: { stage: 'won' },
      current: { title: 'Licencias' },
    });
    expect(edit).toMatchObject({ action: 'update', title: 'Licencias', fields: { stage: 'won' } });
    expect(describeWrite({ kind: 'delete', target: org('tasks'), id: 't1' })).toMatchObject({
      action: 'delete',
      title: '',
      fields: {},
    });
  });
});

describe('empty strings', () => {
  it('become null, but in the fields the contract keeps as non-null strings (KEEP_EMPTY)', () => {
    const keep: Record<string, string[]> = {};
    for (const [collection, fields] of Object.entries(FIELD_TYPES))
      for (const key of Object.keys(fields)) {
        const spec = fieldSpec(collection as keyof typeof FIELD_TYPES, key);
        if (spec.type.kind === 'string' && !spec.nullable) (keep[collection] ??= []).push(key);
      }
    expect(keep).toEqual(KEEP_EMPTY);
  });

  it("a WhatsApp or wait step keeps '' as its subject and body; other blanks are null", () => {
    const target = { parentPath: 'organizations/o1/sequences/s1', collection: 'steps' };
    expect(
      createPayload(
        target,
        { type: 'whatsapp', subject: '', body: ' ', templateId: 't1', delayDays: 1 },
        UID,
        NOW,
      ),
    ).toMatchObject({ subject: '', body: '', templateId: 't1' });
    expect(cleanEmpty('steps', { subject: '', templateId: '' })).toEqual({ subject: '', templateId: null });
    expect(cleanEmpty('tasks', { description: '' })).toEqual({ description: null });
    expect(updatePayload(target, { body: '' }, null, NOW)).toMatchObject({ body: '' });
  });
});
