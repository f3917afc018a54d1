import { describe, expect, it } from 'vitest';
import { changedFields, entryPatchFor, patchChangesLinks } from './offline.js';
import { timelineEntryFor } from './timeline.js';

describe('offline record writes', () => {
  it('maps a patch onto the entry fields it changes', () => {
    expect(entryPatchFor('deal', { stage: 'won', amount: 1200, description: 'x' })).toEqual({
      detail: 'won',
      amount: 1200,
    });
    expect(entryPatchFor('task', { title: 'Llamar', status: 'completed', dueDate: null })).toEqual({
      title: 'Llamar',
      detail: 'completed',
      at: null,
    });
    expect(entryPatchFor('meeting', { startTime: 't1' })).toEqual({ at: 't1' });
    expect(entryPatchFor('note', { content: 'Hola' })).toEqual({ title: 'Hola' });
    expect(entryPatchFor('deal', { description: 'only' })).toEqual({});
  });

  it('a cleared field clears the entry field', () => {
    const CLEAR = Symbol('clear');
    expect(entryPatchFor('deal', { closeDate: CLEAR }, (v) => v === CLEAR)).toEqual({ at: null });
  });

  it('the entry after a field-by-field update equals the entry of the record after it', () => {
    const deal = {
      title: 'Proyecto',
      stage: 'new',
      amount: 10,
      closeDate: null,
      primaryContactId: 'c1',
      companyId: null,
      createdAt: 't0',
      createdBy: 'u1',
    };
    // A colleague renamed the deal meanwhile; this member moves it.
    const colleague = { title: 'Proyecto grande' };
    const mine = { stage: 'won', amount: 99 };
    const entryBefore = timelineEntryFor('deal', 'd1', deal)!.data;
    const entryAfter = {
      ...entryBefore,
      ...entryPatchFor('deal', colleague),
      ...entryPatchFor('deal', mine),
    };
    expect(entryAfter).toEqual(timelineEntryFor('deal', 'd1', { ...deal, ...colleague, ...mine })!.data);
  });

  it('tells the updates that change links', () => {
    expect(patchChangesLinks('deal', { primaryContactId: 'c2' })).toBe(true);
    expect(patchChangesLinks('deal', { companyId: null })).toBe(true);
    expect(patchChangesLinks('deal', { stage: 'won' })).toBe(false);
    expect(patchChangesLinks('task', { contactId: 'c' })).toBe(true);
    expect(patchChangesLinks('note', { content: 'x' })).toBe(false);
  });
});

describe('changedFields', () => {
  it('keeps only what differs from the record as shown', () => {
    const shown = { name: 'Ana', phone: null, tags: ['a'], when: new Date(5), email: 'a@x.co' };
    expect(
      changedFields({ name: 'Ana', phone: '', tags: ['a'], when: new Date(5), email: 'b@x.co' }, shown),
    ).toEqual({ email: 'b@x.co' });
    expect(changedFields({ tags: ['a', 'b'], city: 'Tegucigalpa' }, shown)).toEqual({
      tags: ['a', 'b'],
      city: 'Tegucigalpa',
    });
  });

  it('keeps write-time sentinels, and the whole patch without a shown record', () => {
    const SENTINEL = { sentinel: true };
    expect(changedFields({ phone: SENTINEL }, { phone: null }, (v) => v === SENTINEL)).toEqual({
      phone: SENTINEL,
    });
    expect(changedFields({ name: 'Ana' }, null)).toEqual({ name: 'Ana' });
  });
});
