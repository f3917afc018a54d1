import { describe, expect, it } from 'vitest';

import { TIMELINE_KIND_COLLECTION, TIMELINE_KINDS } from './enums.js';
import { TIMELINE_ENTRY_KEYS } from './fields.js';
import { paths } from './paths.js';
import { uniformPermissions } from './permissions.js';
import {
  parseTimelineEntryId,
  timelineEntryFor,
  timelineEntryId,
  timelineKindOf,
  CLIENT_TIMELINE_KINDS,
  serverTimelineEntry,
  viewableTimelineKinds,
} from './timeline.js';

/** Stand-ins for SDK values: passed through untouched (identity is checked). */
const created = { sentinel: 'serverTimestamp' };
const due = { seconds: 1, nanoseconds: 5 };
const audit = { createdAt: created, createdBy: 'u1', updatedAt: created };

const task = {
  title: 'Enviar propuesta',
  description: 'x',
  status: 'pending',
  dueDate: due,
  contactId: 'c1',
  companyId: null,
  assigneeIds: ['u1'],
  searchTokens: ['en'],
  ...audit,
};
const meeting = {
  title: 'Demo',
  startTime: due,
  endTime: { seconds: 2, nanoseconds: 0 },
  status: 'scheduled',
  contactId: null,
  companyId: 'co1',
  participantIds: [],
  searchTokens: [],
  ...audit,
};
const deal = {
  title: 'Licencias',
  amount: 1500,
  stage: 'proposal',
  companyId: 'co1',
  primaryContactId: 'c1',
  ownerId: 'u1',
  searchTokens: [],
  ...audit,
};

describe('timelineEntryFor', () => {
  it('mirrors a task', () => {
    const entry = timelineEntryFor('task', 't1', task);
    expect(entry).toEqual({
      id: 'task_t1',
      data: {
        kind: 'task',
        recordId: 't1',
        title: 'Enviar propuesta',
        detail: 'pending',
        at: due,
        amount: null,
        contactId: 'c1',
        companyId: null,
        createdAt: created,
        createdBy: 'u1',
      },
    });
    expect(entry!.data.createdAt).toBe(created);
    expect(entry!.data.at).toBe(due);
  });

  it('mirrors a meeting (startTime) and a deal (stage, closeDate, amount, primaryContactId)', () => {
    expect(timelineEntryFor('meeting', 'm1', meeting)!.data).toMatchObject({
      kind: 'meeting',
      detail: 'scheduled',
      at: due,
      amount: null,
      contactId: null,
      companyId: 'co1',
    });
    expect(timelineEntryFor('deal', 'd1', deal)).toEqual({
      id: 'deal_d1',
      data: {
        kind: 'deal',
        recordId: 'd1',
        title: 'Licencias',
        detail: 'proposal',
        at: null, // no closeDate
        amount: 1500,
        contactId: 'c1',
        companyId: 'co1',
        createdAt: created,
        createdBy: 'u1',
      },
    });
    expect(timelineEntryFor('deal', 'd1', { ...deal, closeDate: due, amount: null })!.data).toMatchObject({
      at: due,
      amount: null,
    });
  });

  it('mirrors a note: whole content, the contact from the path and its company', () => {
    const content = 'ñ'.repeat(10_000);
    const note = { content, authorName: 'Ana', ...audit };
    expect(timelineEntryFor('note', 'n1', note, { contactId: 'c1', contactCompanyId: 'co9' })).toEqual({
      id: 'note_n1',
      data: {
        kind: 'note',
        recordId: 'n1',
        title: content,
        detail: null,
        at: null,
        amount: null,
        contactId: 'c1',
        companyId: 'co9',
        createdAt: created,
        createdBy: 'u1',
      },
    });
    expect(
      timelineEntryFor('note', 'n1', note, { contactId: 'c1', contactCompanyId: null })!.data.companyId,
    ).toBeNull();
    expect(() => timelineEntryFor('note', 'n1', note)).toThrow(/contact/);
  });

  it('is null for a record linked to nothing', () => {
    expect(timelineEntryFor('task', 't1', { ...task, contactId: null, companyId: null })).toBeNull();
    expect(timelineEntryFor('meeting', 'm1', { ...meeting, companyId: null })).toBeNull();
    expect(timelineEntryFor('deal', 'd1', { ...deal, primaryContactId: null, companyId: null })).toBeNull();
    // Absent keys count as null.
    const { contactId: _c, companyId: _co, ...bare } = task;
    expect(timelineEntryFor('task', 't1', bare)).toBeNull();
  });

  it('writes exactly the entry keys', () => {
    for (const [kind, record] of [
      ['task', task],
      ['meeting', meeting],
      ['deal', deal],
    ] as const)
      expect(Object.keys(timelineEntryFor(kind, 'x', record)!.data).sort()).toEqual(
        [...TIMELINE_ENTRY_KEYS].sort(),
      );
    const note = timelineEntryFor(
      'note',
      'x',
      { content: 'a', ...audit },
      { contactId: 'c', contactCompanyId: null },
    );
    expect(Object.keys(note!.data).sort()).toEqual([...TIMELINE_ENTRY_KEYS].sort());
  });

  it('fails loudly on a partial record or a bad id', () => {
    const { createdAt: _a, ...noCreatedAt } = task;
    expect(() => timelineEntryFor('task', 't1', noCreatedAt)).toThrow(/createdAt/);
    expect(() => timelineEntryFor('task', 't1', { ...task, createdAt: null })).toThrow(/createdAt/);
    expect(() => timelineEntryFor('deal', 'd1', { ...deal, stage: undefined })).toThrow(/stage/);
    expect(() => timelineEntryFor('task', 'a/b', task)).toThrow();
    expect(() => timelineEntryFor('ticket' as never, 't1', task)).toThrow();
  });
});

describe('timeline ids, kinds and paths', () => {
  it('maps collections to kinds', () => {
    expect(timelineKindOf('notes')).toBe('note');
    expect(timelineKindOf('tasks')).toBe('task');
    expect(timelineKindOf('meetings')).toBe('meeting');
    expect(timelineKindOf('deals')).toBe('deal');
    // Form submissions and consents are written with their entries by the functions, never mirrored.
    for (const c of ['tickets', 'contacts', 'companies', 'timeline', 'note', '', 'submissions', 'consents'])
      expect(timelineKindOf(c)).toBeNull();
    for (const kind of CLIENT_TIMELINE_KINDS)
      expect(timelineKindOf(TIMELINE_KIND_COLLECTION[kind])).toBe(kind);
  });

  it('entry ids round-trip (record ids may contain _)', () => {
    expect(timelineEntryId('deal', 'a_b')).toBe('deal_a_b');
    expect(parseTimelineEntryId('deal_a_b')).toEqual({ kind: 'deal', recordId: 'a_b' });
    expect(parseTimelineEntryId('ticket_1')).toBeNull();
    expect(parseTimelineEntryId('task_')).toBeNull();
    expect(parseTimelineEntryId('task')).toBeNull();
    // A field edit's entries: the record id between the first and the last '_'.
    const changeId = 'AbCdEfGhIj0123456789';
    expect(parseTimelineEntryId(`dealEdit_a_b_${changeId}`)).toEqual({
      kind: 'dealEdit',
      recordId: 'a_b',
      changeId,
    });
    expect(parseTimelineEntryId(`contactEdit_c1_${changeId}`)).toEqual({
      kind: 'contactEdit',
      recordId: 'c1',
      changeId,
    });
    expect(parseTimelineEntryId('contactEdit_c1')).toBeNull();
    expect(parseTimelineEntryId(`contactEdit__${changeId}`)).toBeNull();
    expect(parseTimelineEntryId(`contactEdit_${changeId}`)).toBeNull();
    expect(parseTimelineEntryId('contactEdit_c1_short')).toBeNull();
    expect(() => timelineEntryId('dealEdit', 'd1')).toThrow(/changeEntryId/);
    expect(paths.timelineEntry('o1', 'note_n1')).toBe('organizations/o1/timeline/note_n1');
  });

  it('viewable kinds follow the view rights', () => {
    expect(viewableTimelineKinds({ role: 'admin', permissions: {} })).toEqual([...TIMELINE_KINDS]);
    expect(viewableTimelineKinds({ role: 'seller', permissions: {} })).toEqual([...TIMELINE_KINDS]);
    expect(viewableTimelineKinds({ role: 'seller', permissions: { deals: { view: false } } })).toEqual([
      'note',
      'task',
      'meeting',
      'submission',
      'consent',
      'email',
      'whatsapp',
      'contactEdit',
      'companyEdit',
    ]);
    expect(viewableTimelineKinds({ role: 'seller', permissions: { companies: { view: false } } })).toEqual(
      TIMELINE_KINDS.filter((kind) => kind !== 'companyEdit'),
    );
    expect(viewableTimelineKinds({ role: 'seller', permissions: uniformPermissions(false) })).toEqual([]);
    expect(viewableTimelineKinds(null)).toEqual([]);
  });
});

describe('serverTimelineEntry', () => {
  it("builds a form submission's and a consent change's entries, with no time or amount", () => {
    const at = { seconds: 1, nanoseconds: 0 };
    expect(
      serverTimelineEntry('submission', 's1', {
        title: 'Contacto web',
        detail: 'created',
        contactId: 'c1',
        companyId: null,
        createdAt: at,
        createdBy: '',
      }),
    ).toEqual({
      id: 'submission_s1',
      data: {
        kind: 'submission',
        recordId: 's1',
        title: 'Contacto web',
        detail: 'created',
        at: null,
        amount: null,
        contactId: 'c1',
        companyId: null,
        createdAt: at,
        createdBy: '',
      },
    });
    expect(
      serverTimelineEntry('consent', 'k1', {
        title: 'Acepto recibir correos',
        detail: 'granted',
        contactId: 'c1',
        companyId: 'co1',
        createdAt: at,
        createdBy: 'u1',
      }).id,
    ).toBe('consent_k1');
  });

  it('is not for the kinds members write', () => {
    expect(() => timelineEntryFor('submission' as never, 's1', {})).toThrow(/unknown kind/);
  });
});
