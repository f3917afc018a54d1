// A list's form and what it saves (issue 31): a segment saves every criterion (null: any), dates
// are whole days of the member's zone ('Creado hasta' includes its day), a static list none; the
// e-mail consent criterion is one of them.
import { describe, expect, it } from 'vitest';
import { SEGMENT_KEYS, type MarketingList } from '@trato/model';
import { criteriaOf, criteriaParts, dayStart, listFormValues, listWrite } from './criteria';

const ZONE = 'America/Tegucigalpa'; // UTC−6, no daylight saving
const at = (iso: string) => new Date(iso);

describe('dayStart', () => {
  it("is the midnight of the zone's day, or of a day after it", () => {
    // 23:30 on 31 March in Tegucigalpa is already 1 April in UTC.
    expect(dayStart(at('2026-04-01T05:30:00Z').getTime(), ZONE)).toEqual(at('2026-03-31T06:00:00Z'));
    expect(dayStart(at('2026-03-31T06:00:00Z').getTime(), ZONE, 1)).toEqual(at('2026-04-01T06:00:00Z'));
    expect(dayStart(at('2026-12-31T12:00:00Z').getTime(), 'UTC', 1)).toEqual(at('2027-01-01T00:00:00Z'));
  });
});

describe('criteriaOf', () => {
  const blank = listFormValues(null, ZONE, null, 'segment');

  it('a new segment with nothing set: every criterion null (every contact)', () => {
    const criteria = criteriaOf(blank, ZONE);
    expect(Object.keys(criteria).sort()).toEqual([...SEGMENT_KEYS].sort());
    expect(Object.values(criteria).every((v) => v === null)).toBe(true);
  });

  it('keeps what is chosen, trims texts, reads yes / no', () => {
    expect(
      criteriaOf(
        {
          ...blank,
          lifecycleStage: 'customer',
          contactStatus: 'active',
          isCustomer: 'no',
          companyId: 'co1',
          companyName: 'Café Copán',
          ownerId: 'u2',
          city: '  Tegucigalpa ',
          country: '   ',
          emailConsent: 'granted',
          hasEmail: 'yes',
        },
        ZONE,
      ),
    ).toEqual({
      lifecycleStage: 'customer',
      contactStatus: 'active',
      isCustomer: false,
      companyId: 'co1',
      ownerId: 'u2',
      city: 'Tegucigalpa',
      country: null,
      emailConsent: 'granted',
      hasEmail: true,
      createdFrom: null,
      createdTo: null,
    });
    expect(criteriaOf({ ...blank, isCustomer: 'yes' }, ZONE).isCustomer).toBe(true);
    expect(criteriaOf({ ...blank, hasEmail: 'no' }, ZONE).hasEmail).toBe(false);
    expect(criteriaOf(blank, ZONE).hasEmail).toBeNull();
  });

  it("saves 'Creado hasta' as the next day's midnight: its own day is included", () => {
    const criteria = criteriaOf(
      { ...blank, createdFrom: at('2026-03-01T06:00:00Z'), createdTo: at('2026-03-31T06:00:00Z') },
      ZONE,
    );
    expect(criteria.createdFrom).toEqual(at('2026-03-01T06:00:00Z'));
    expect(criteria.createdTo).toEqual(at('2026-04-01T06:00:00Z'));
  });
});

describe('listFormValues', () => {
  it('reads a saved segment back into the form (the last day shown, not the bound)', () => {
    const list = {
      name: 'Clientes de marzo',
      description: null,
      kind: 'segment',
      lifecycleStage: 'customer',
      isCustomer: true,
      companyId: 'co1',
      emailConsent: 'pending',
      createdFrom: at('2026-03-01T06:00:00Z'),
      createdTo: at('2026-04-01T06:00:00Z'),
    } as unknown as MarketingList<Date>;
    const values = listFormValues(list, ZONE, 'Café Copán');
    expect(values).toMatchObject({
      name: 'Clientes de marzo',
      description: '',
      kind: 'segment',
      lifecycleStage: 'customer',
      contactStatus: null,
      isCustomer: 'yes',
      companyId: 'co1',
      companyName: 'Café Copán',
      city: '',
      emailConsent: 'pending',
      createdFrom: at('2026-03-01T06:00:00Z'),
      createdTo: at('2026-03-31T06:00:00Z'),
    });
    // Saved again unchanged, it is the same segment.
    expect(criteriaOf(values, ZONE)).toMatchObject({
      createdFrom: at('2026-03-01T06:00:00Z'),
      createdTo: at('2026-04-01T06:00:00Z'),
      isCustomer: true,
      emailConsent: 'pending',
    });
    // A segment saved before the criterion existed reads as any consent.
    expect(listFormValues({ kind: 'segment' }, ZONE).emailConsent).toBeNull();
  });
});

describe('listWrite', () => {
  it('a new static list: name, description and kind, no criteria', () => {
    const values = { ...listFormValues(null, ZONE), name: ' VIP ', description: '', city: 'León' };
    expect(listWrite(values, ZONE, true)).toEqual({ name: 'VIP', description: null, kind: 'static' });
  });

  it('an edited segment: no kind (it is fixed), every criterion', () => {
    const values = {
      ...listFormValues(null, ZONE, null, 'segment'),
      name: 'Leads',
      lifecycleStage: 'lead' as const,
    };
    const write = listWrite(values, ZONE, false);
    expect(write).not.toHaveProperty('kind');
    expect(write).toMatchObject({ name: 'Leads', lifecycleStage: 'lead', city: null });
    expect(Object.keys(write)).toEqual(expect.arrayContaining([...SEGMENT_KEYS]));
  });
});

describe('criteriaParts (the summary)', () => {
  it('a static list has none; a segment lists what it sets, in the form order', () => {
    expect(criteriaParts({ kind: 'static' }, ZONE)).toEqual([]);
    expect(
      criteriaParts(
        {
          kind: 'segment',
          country: 'Honduras',
          isCustomer: false,
          lifecycleStage: 'lead',
          city: null,
          emailConsent: 'granted',
          createdTo: at('2026-04-01T06:00:00Z'),
        },
        ZONE,
      ),
    ).toEqual([
      { key: 'lifecycleStage', value: 'lead' },
      { key: 'isCustomer', value: false },
      { key: 'emailConsent', value: 'granted' },
      { key: 'country', value: 'Honduras' },
      // The last day included: 31 March.
      { key: 'createdTo', value: at('2026-03-31T06:00:00Z').getTime() },
    ]);
  });

  it('reads stored timestamps', () => {
    const ts = { toMillis: () => at('2026-03-01T06:00:00Z').getTime() };
    expect(criteriaParts({ kind: 'segment', createdFrom: ts }, ZONE)).toEqual([
      { key: 'createdFrom', value: at('2026-03-01T06:00:00Z').getTime() },
    ]);
  });
});
