import { describe, expect, it } from 'vitest';

import {
  CHANGE_KIND_OF,
  CHANGE_KINDS,
  changeEntriesFor,
  changeEntryId,
  changeSlotOf,
  isChangeKind,
  isTrackedField,
  TRACKED_FIELDS,
  tracksChanges,
  type ChangeEntriesInput,
} from './changes.js';
import { TIMELINE_KIND_COLLECTION, TIMELINE_KIND_RESOURCE, TIMELINE_KINDS } from './enums.js';
import { FIELD_CONTRACTS, FIELD_TYPES, TIMELINE_ENTRY_KEYS } from './fields.js';
import { parseTimelineEntryId } from './timeline.js';

/** Stand-ins for SDK values: passed through untouched (identity is checked). */
const now = { sentinel: 'serverTimestamp' };
const ids = () => {
  let n = 0;
  return () => `change${String(++n).padStart(14, '0')}`;
};
const stamp = (seconds: number) => ({
  seconds,
  nanoseconds: 0,
  toMillis: () => seconds * 1000,
});

const deal = {
  title: 'Licencias',
  amount: 1500,
  stage: 'proposal',
  probability: 50,
  closeDate: stamp(100),
  companyId: 'co1',
  primaryContactId: 'c1',
  ownerId: 'u1',
  notes: 'x',
};
const contact = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '+504 2222-3333',
  companyId: 'co1',
  companyName: 'Acme',
  status: 'active',
  isCustomer: false,
  lifecycleStage: 'lead',
  ownerId: 'u1',
};

const plan = <TS>(
  input: Partial<ChangeEntriesInput<TS>> & Pick<ChangeEntriesInput<TS>, 'collection' | 'patch'>,
) =>
  changeEntriesFor({
    orgId: 'o1',
    recordId: 'r1',
    recordAfter: {},
    uid: 'u2',
    now: now as TS,
    newId: ids(),
    ...input,
  });

describe('tracked fields', () => {
  it('kinds are timeline kinds of their record, with the record’s view right, without _', () => {
    for (const [collection, kind] of Object.entries(CHANGE_KIND_OF)) {
      expect(TIMELINE_KINDS).toContain(kind);
      expect(kind).not.toContain('_');
      expect(TIMELINE_KIND_COLLECTION[kind]).toBe(collection);
      expect(TIMELINE_KIND_RESOURCE[kind]).toBe(collection);
    }
    expect(Object.values(CHANGE_KIND_OF).sort()).toEqual([...CHANGE_KINDS].sort());
  });

  it('are fields of the contract, each carried in the slot of its type', () => {
    for (const [collection, fields] of Object.entries(TRACKED_FIELDS)) {
      const contract = FIELD_CONTRACTS[collection as keyof typeof FIELD_CONTRACTS];
      const types = FIELD_TYPES[collection as keyof typeof FIELD_TYPES];
      for (const [field, slot] of Object.entries(fields)) {
        expect([...contract.required, ...contract.optional]).toContain(field);
        const type = types[field]!.type.kind;
        const expected =
          type === 'number' ? 'amount' : type === 'timestamp' ? 'at' : type === 'bool' ? 'bool' : 'detail';
        expect(`${collection}.${field}: ${slot}`).toBe(`${collection}.${field}: ${expected}`);
      }
    }
  });

  it('skip audit, derived and denormalised fields', () => {
    for (const collection of Object.keys(TRACKED_FIELDS))
      for (const field of [
        'createdAt',
        'createdBy',
        'updatedAt',
        'searchTokens',
        'searchIndex',
        'hasEmail',
        'companyName',
        'primaryContactName',
        'listIds',
        'emailConsent',
        'notes',
      ])
        expect(isTrackedField(collection, field)).toBe(false);
  });

  it('the predicates', () => {
    expect(isTrackedField('contacts', 'phone')).toBe(true);
    expect(isTrackedField('deals', 'stage')).toBe(true);
    expect(isTrackedField('companies', 'industry')).toBe(true);
    expect(isTrackedField('tasks', 'title')).toBe(false);
    expect(isTrackedField('contacts', 'toString')).toBe(false);
    expect(tracksChanges('deals')).toBe(true);
    expect(tracksChanges('notes')).toBe(false);
    expect(tracksChanges('constructor')).toBe(false);
    expect(isChangeKind('dealEdit')).toBe(true);
    expect(isChangeKind('deal')).toBe(false);
    expect(changeSlotOf('dealEdit', 'closeDate')).toBe('at');
    expect(changeSlotOf('contactEdit', 'isCustomer')).toBe('bool');
    expect(changeSlotOf('companyEdit', 'stage')).toBeNull();
  });
});

describe('changeEntryId', () => {
  it('kind, record id and change id; parsed back', () => {
    const id = changeEntryId('dealEdit', 'd_1', 'AbCdEfGhIj0123456789');
    expect(id).toBe('dealEdit_d_1_AbCdEfGhIj0123456789');
    expect(parseTimelineEntryId(id)).toEqual({
      kind: 'dealEdit',
      recordId: 'd_1',
      changeId: 'AbCdEfGhIj0123456789',
    });
  });
  it('refuses a change id that is not an auto-id, and an invalid record id', () => {
    expect(() => changeEntryId('dealEdit', 'd1', 'a_b')).toThrow();
    expect(() => changeEntryId('dealEdit', 'd1', 'short')).toThrow();
    expect(() => changeEntryId('dealEdit', 'a/b', 'AbCdEfGhIj0123456789')).toThrow();
  });
});

describe('changeEntriesFor', () => {
  it('a deal moved to won at a new amount: two entries, the links of the deal after the write', () => {
    const patch = { stage: 'won', amount: 2500, updatedAt: now };
    const entries = plan({
      collection: 'deals',
      recordId: 'd1',
      patch,
      recordAfter: { ...deal, ...patch },
      recordBefore: deal,
    });
    expect(entries).toEqual([
      {
        op: 'set',
        path: 'organizations/o1/timeline/dealEdit_d1_change00000000000001',
        data: {
          kind: 'dealEdit',
          recordId: 'd1',
          title: 'stage',
          detail: 'won',
          at: null,
          amount: null,
          contactId: 'c1',
          companyId: 'co1',
          createdAt: now,
          createdBy: 'u2',
        },
      },
      {
        op: 'set',
        path: 'organizations/o1/timeline/dealEdit_d1_change00000000000002',
        data: {
          kind: 'dealEdit',
          recordId: 'd1',
          title: 'amount',
          detail: null,
          at: null,
          amount: 2500,
          contactId: 'c1',
          companyId: 'co1',
          createdAt: now,
          createdBy: 'u2',
        },
      },
    ]);
    for (const e of entries) expect(Object.keys(e.data).sort()).toEqual([...TIMELINE_ENTRY_KEYS].sort());
  });

  it('a contact: its own id and its company; a company: only itself', () => {
    const patch = { phone: '+504 9999-8888' };
    const [c] = plan({
      collection: 'contacts',
      recordId: 'c1',
      patch,
      recordAfter: { ...contact, ...patch },
    });
    expect(c!.data).toMatchObject({
      kind: 'contactEdit',
      title: 'phone',
      detail: '+504 9999-8888',
      contactId: 'c1',
      companyId: 'co1',
    });
    const [k] = plan({
      collection: 'companies',
      recordId: 'co1',
      patch: { industry: 'retail' },
      recordAfter: { name: 'Acme', industry: 'retail' },
    });
    expect(k!.data).toMatchObject({
      kind: 'companyEdit',
      title: 'industry',
      detail: 'retail',
      contactId: null,
      companyId: 'co1',
    });
  });

  it('a contact moved to another company: the entries carry the new company', () => {
    const patch = { companyId: 'co2', companyName: 'Beta', jobTitle: 'CEO' };
    const entries = plan({
      collection: 'contacts',
      recordId: 'c1',
      patch,
      recordAfter: { ...contact, ...patch },
      recordBefore: contact,
    });
    expect(entries.map((e) => [e.data.title, e.data.detail, e.data.companyId])).toEqual([
      ['companyId', 'co2', 'co2'],
      ['jobTitle', 'CEO', 'co2'],
    ]);
  });

  it('only tracked fields the write changes (a dialog saves every field)', () => {
    const patch = { ...contact, phone: '+504 1', searchTokens: ['ana'], updatedAt: now };
    const entries = plan({ collection: 'contacts', patch, recordAfter: patch, recordBefore: contact });
    expect(entries.map((e) => e.data.title)).toEqual(['phone']);
    // Without the record before: every tracked key of the patch.
    expect(plan({ collection: 'contacts', patch, recordAfter: patch }).map((e) => e.data.title)).toEqual(
      Object.keys(TRACKED_FIELDS.contacts).filter((f) => f in patch),
    );
  });

  it('an instant is unchanged whatever its form (a Date from the form, a Timestamp stored)', () => {
    const patch = { closeDate: new Date(100_000), title: 'Licencias' };
    expect(
      plan({ collection: 'deals', patch, recordAfter: { ...deal, ...patch }, recordBefore: deal }),
    ).toEqual([]);
    const moved = { closeDate: new Date(200_000) };
    const [e] = plan({
      collection: 'deals',
      patch: moved,
      recordAfter: { ...deal, ...moved },
      recordBefore: deal,
    });
    expect(e!.data).toMatchObject({ title: 'closeDate', at: moved.closeDate, detail: null, amount: null });
  });

  it('a cleared field: every slot null (absent, null or a deleteField() sentinel)', () => {
    const sentinel = { sentinel: 'deleteField' };
    const entries = plan({
      collection: 'deals',
      patch: { amount: null, closeDate: sentinel, probability: undefined },
      recordAfter: { ...deal, amount: null, closeDate: sentinel, probability: undefined },
      recordBefore: deal,
      isCleared: (v) => v === sentinel,
    });
    expect(entries.map((e) => [e.data.title, e.data.detail, e.data.amount, e.data.at])).toEqual([
      ['amount', null, null, null],
      ['probability', null, null, null],
      ['closeDate', null, null, null],
    ]);
    const [phone] = plan({
      collection: 'contacts',
      patch: { phone: null },
      recordAfter: { ...contact, phone: null },
    });
    expect(phone!.data.detail).toBeNull();
  });

  it('a boolean as true / false', () => {
    const [e] = plan({
      collection: 'contacts',
      patch: { isCustomer: true },
      recordAfter: { ...contact, isCustomer: true },
    });
    expect(e!.data).toMatchObject({ title: 'isCustomer', detail: 'true', amount: null, at: null });
  });

  it('a deal linked to nothing gets no entries; other collections none', () => {
    const patch = { stage: 'won' };
    const alone = { ...deal, primaryContactId: null, companyId: null, ...patch };
    expect(plan({ collection: 'deals', patch, recordAfter: alone })).toEqual([]);
    expect(
      plan({
        collection: 'deals',
        patch,
        recordAfter: { ...deal, primaryContactId: undefined, companyId: null },
      }),
    ).toEqual([]);
    expect(plan({ collection: 'tasks', patch: { title: 'x' }, recordAfter: { title: 'x' } })).toEqual([]);
    // A deal with only a company keeps its entries (contactId null).
    const [e] = plan({
      collection: 'deals',
      patch,
      recordAfter: { ...deal, primaryContactId: null, ...patch },
    });
    expect(e!.data).toMatchObject({ contactId: null, companyId: 'co1' });
  });

  it('one new id per entry, and wrong values fail loudly', () => {
    let calls = 0;
    const newId = () => `${'x'.repeat(19)}${++calls}`;
    const patch = { title: 'T', stage: 'won', ownerId: 'u3' };
    const entries = plan({ collection: 'deals', patch, recordAfter: { ...deal, ...patch }, newId });
    expect(new Set(entries.map((e) => e.path)).size).toBe(3);
    expect(calls).toBe(3);
    expect(() =>
      plan({ collection: 'deals', patch: { amount: '10' }, recordAfter: { ...deal, amount: '10' } }),
    ).toThrow(/amount/);
    expect(() =>
      plan({ collection: 'contacts', patch: { phone: 5 }, recordAfter: { ...contact, phone: 5 } }),
    ).toThrow(/phone/);
    expect(() =>
      plan({
        collection: 'contacts',
        patch: { isCustomer: null },
        recordAfter: { ...contact, isCustomer: null },
      }),
    ).toThrow(/isCustomer/);
    expect(() =>
      plan({ collection: 'deals', patch: { stage: 'won' }, recordAfter: { ...deal, companyId: 5 } }),
    ).toThrow(/companyId/);
    expect(() =>
      plan({ collection: 'deals', recordId: 'a/b', patch: { stage: 'won' }, recordAfter: deal }),
    ).toThrow();
    expect(() =>
      plan({ collection: 'deals', patch: { stage: 'won' }, recordAfter: deal, newId: () => 'bad_id' }),
    ).toThrow();
  });
});
