/**
 * A list's form and its saved fields (pure): the segment criteria the 'Nueva lista' dialog edits,
 * and their short summary. A segment saves every criterion (null: any), so editing can clear one;
 * a static list saves none. Dates are whole days of the member's time zone: 'Creado desde' is the
 * first day's midnight (from ≤ createdAt), 'Creado hasta' the last day included, saved as the
 * next day's midnight (createdAt < to, model SegmentCriteria).
 */
import {
  instantOf,
  wallClockAt,
  type ConsentStatus,
  type ContactStatus,
  type LifecycleStage,
  type ListKind,
  type MarketingList,
  type SegmentCriteria,
} from '@trato/model';

/** The 'Es cliente' select: any (null), yes or no. */
export type YesNoChoice = 'yes' | 'no' | null;

export interface ListFormValues {
  name: string;
  description: string;
  kind: ListKind;
  lifecycleStage: LifecycleStage | null;
  contactStatus: ContactStatus | null;
  isCustomer: YesNoChoice;
  hasEmail: YesNoChoice;
  companyId: string | null;
  /** The picked company's name (shown by the picker; not saved). */
  companyName: string | null;
  ownerId: string | null;
  city: string;
  country: string;
  emailConsent: ConsentStatus | null;
  createdFrom: Date | null;
  /** The last day included (its midnight). */
  createdTo: Date | null;
}

/** A stored timestamp, or a Date (tests, the form). */
type Instant = { toMillis(): number } | Date;
const millisOf = (value: Instant | null | undefined): number | null =>
  value ? (value instanceof Date ? value.getTime() : value.toMillis()) : null;

/** Midnight of the day `days` after the one `millis` falls on, in the zone. */
export function dayStart(millis: number, timeZone: string, days = 0): Date {
  const wall = wallClockAt(millis, timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return new Date(
    instantOf(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 },
      timeZone,
    ),
  );
}

const yesNoOf = (value: boolean | null | undefined): YesNoChoice =>
  value === true ? 'yes' : value === false ? 'no' : null;
const booleanOf = (choice: YesNoChoice): boolean | null => (choice ? choice === 'yes' : null);

/** The form of a list (null: 'Nueva lista'); `companyName`: the name of its company criterion. */
export function listFormValues(
  list: (Partial<MarketingList<Instant>> & { kind: ListKind }) | null,
  timeZone: string,
  companyName: string | null = null,
  kind: ListKind = 'static',
): ListFormValues {
  const from = millisOf(list?.createdFrom);
  const to = millisOf(list?.createdTo);
  return {
    name: list?.name ?? '',
    description: list?.description ?? '',
    kind: list?.kind ?? kind,
    lifecycleStage: list?.lifecycleStage ?? null,
    contactStatus: list?.contactStatus ?? null,
    isCustomer: yesNoOf(list?.isCustomer),
    hasEmail: yesNoOf(list?.hasEmail),
    companyId: list?.companyId ?? null,
    companyName: list?.companyId ? companyName : null,
    ownerId: list?.ownerId ?? null,
    city: list?.city ?? '',
    country: list?.country ?? '',
    emailConsent: list?.emailConsent ?? null,
    createdFrom: from === null ? null : new Date(from),
    createdTo: to === null ? null : dayStart(to - 1, timeZone),
  };
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The criteria a segment's form saves: every key, null for 'any'. */
export function criteriaOf(values: ListFormValues, timeZone: string): Required<SegmentCriteria<Date>> {
  return {
    lifecycleStage: values.lifecycleStage || null,
    contactStatus: values.contactStatus || null,
    isCustomer: booleanOf(values.isCustomer),
    hasEmail: booleanOf(values.hasEmail),
    companyId: values.companyId || null,
    ownerId: values.ownerId || null,
    city: text(values.city),
    country: text(values.country),
    emailConsent: values.emailConsent || null,
    createdFrom: values.createdFrom ? dayStart(values.createdFrom.getTime(), timeZone) : null,
    createdTo: values.createdTo ? dayStart(values.createdTo.getTime(), timeZone, 1) : null,
  };
}

/**
 * The fields a create or an update writes: name and description; a new list its kind; a segment
 * its criteria (a list's kind never changes, and a static list has no criteria).
 */
export function listWrite(values: ListFormValues, timeZone: string, isNew: boolean): Record<string, unknown> {
  return {
    name: values.name.trim(),
    description: text(values.description),
    ...(isNew ? { kind: values.kind } : {}),
    ...(values.kind === 'segment' ? criteriaOf(values, timeZone) : {}),
  };
}

/** One criterion of a summary, in the order of the form. */
export type CriterionPart =
  | { key: 'lifecycleStage'; value: LifecycleStage }
  | { key: 'contactStatus'; value: ContactStatus }
  | { key: 'isCustomer' | 'hasEmail'; value: boolean }
  | { key: 'emailConsent'; value: ConsentStatus }
  | { key: 'companyId' | 'ownerId' | 'city' | 'country'; value: string }
  /** The first and the last day included, as the millis of their midnight. */
  | { key: 'createdFrom' | 'createdTo'; value: number };

/** The criteria a list sets, for its summary ('Etapa: Cliente · Ciudad: Tegucigalpa'); none for a static list. */
export function criteriaParts(
  list: { kind: ListKind } & SegmentCriteria<Instant>,
  timeZone: string,
): CriterionPart[] {
  if (list.kind === 'static') return [];
  const parts: CriterionPart[] = [];
  if (list.lifecycleStage) parts.push({ key: 'lifecycleStage', value: list.lifecycleStage });
  if (list.contactStatus) parts.push({ key: 'contactStatus', value: list.contactStatus });
  if (typeof list.isCustomer === 'boolean') parts.push({ key: 'isCustomer', value: list.isCustomer });
  if (typeof list.hasEmail === 'boolean') parts.push({ key: 'hasEmail', value: list.hasEmail });
  if (list.emailConsent) parts.push({ key: 'emailConsent', value: list.emailConsent });
  for (const key of ['companyId', 'ownerId', 'city', 'country'] as const) {
    const value = list[key];
    if (value) parts.push({ key, value });
  }
  const from = millisOf(list.createdFrom);
  const to = millisOf(list.createdTo);
  if (from !== null) parts.push({ key: 'createdFrom', value: from });
  if (to !== null) parts.push({ key: 'createdTo', value: dayStart(to - 1, timeZone).getTime() });
  return parts;
}
