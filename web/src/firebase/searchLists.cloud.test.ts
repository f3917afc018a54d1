// @vitest-environment jsdom
/**
 * Searches of two words on every server-paged list and picker, against the local cloud (the
 * project's emulator with firestore.rules and strict index checks; a DOM for the hooks): each list's
 * request as its page builds it, read through the app's own hooks and queries. A page is full
 * when enough records match both words, the count is of the records that match both, and a
 * search nothing matches offers no next page. Before issue 28 the server matched one word (the
 * longest) and the page dropped the rest: short or empty pages, 'next' enabled, the count of the
 * wrong query.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { Timestamp } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  PICKER_LIMIT,
  SEARCH_FIELDS,
  SEARCH_RESULTS_PER_TYPE,
  withDerivedFields,
  type SearchableCollection,
} from '@trato/model';
import { SEARCH_GROUPS } from '@/app/shell/search/search';
import { PICKERS, type PickerQueries } from '@/components/form/EntityPickerField';
import { meetingsRequest } from '@/features/meetings/utils/meetingsQuery';
import { pendingTasksQuery, pendingTasksValues } from '@/features/tasks/utils/pendingTasks';
import { usePagedList, useLiveList } from './hooks';
import { firstMatches, listRequest, orgRequest, searchRequest, type QueryRequest } from './queries';
import { openTestProject, organizationDocs, type TestCloud } from './testing/localCloud';

const ORG = 'org1';
const UID = 'member1';
const BOTH = 30;
const HOUR = 3_600_000;
let cloud: TestCloud;

/** The searchable text field of each collection, and what else a document needs to be listed. */
const TEXT: Record<SearchableCollection, string> = {
  contacts: 'name',
  companies: 'name',
  tasks: 'title',
  meetings: 'title',
  tickets: 'ticketName',
  deals: 'title',
  documents: 'fileName',
};
function extra(c: SearchableCollection, i: number): Record<string, unknown> {
  const now = Date.now();
  if (c === 'tasks') return { status: 'pending' };
  if (c === 'contacts') return { lifecycleStage: i % 2 ? 'lead' : 'customer' };
  if (c === 'tickets') return { status: 'New', priority: 'High' };
  // Half the meetings already started: a search of several words lists them all.
  if (c === 'meetings') return { startTime: Timestamp.fromMillis(now + (i % 2 ? 1 : -1) * (i + 1) * HOUR) };
  return {};
}

/**
 * 30 records with both words, 30 with the longer one only (named to sort first by name, created
 * last: the first of a one-word query's page), 5 with the shorter one only.
 */
function records(c: SearchableCollection): Array<[string, Record<string, unknown>]> {
  const texts = [
    ...Array.from({ length: BOTH }, (_, i) => `Zzqx Ana ${i}`),
    ...Array.from({ length: 30 }, (_, i) => `Zzqx Aaron ${i}`),
    ...Array.from({ length: 5 }, (_, i) => `Ana Mora ${i}`),
  ];
  return texts.map((text, i) => [
    `organizations/${ORG}/${c}/${c}${String(i).padStart(3, '0')}`,
    {
      ...withDerivedFields(c, { [TEXT[c]]: text }),
      ...extra(c, i),
      // Newest first: the records with only one word are the newest, as when the bug was seen.
      createdAt: Timestamp.fromMillis(Date.now() - (texts.length - i) * 60_000),
    },
  ]);
}

const hasBoth = (c: SearchableCollection) => (row: object) => {
  const text = String((row as Record<string, unknown>)[TEXT[c]]);
  return /zzqx/i.test(text) && /\bana\b/i.test(text);
};

beforeAll(async () => {
  cloud = await openTestProject('demo-trato-web-search-lists');
  await cloud.seed([
    ...organizationDocs(ORG, [UID]),
    ...(Object.keys(TEXT) as SearchableCollection[]).flatMap(records),
  ]);
  cloud.signIn(UID);
});

afterAll(async () => {
  await cloud?.stop();
});

/**
 * Reads two pages of a list request as usePagedList does. A page's first snapshot can come from
 * the SDK's cache (documents earlier queries read): the server's follows, so each check waits.
 */
async function expectFullPages(c: SearchableCollection, request: QueryRequest, matching = BOTH) {
  const { result } = renderHook(() => usePagedList(request));
  await waitFor(() => expect(result.current.total).toEqual({ value: matching, more: false }));
  await waitFor(() => expect(result.current.rows).toHaveLength(PAGE_SIZE));
  expect(result.current.rows.every(hasBoth(c))).toBe(true);
  expect(result.current.hasNext).toBe(true);
  act(() => result.current.next());
  await waitFor(() => expect(result.current.rows).toHaveLength(matching - PAGE_SIZE));
  expect(result.current.page).toBe(1);
  expect(result.current.rows.every(hasBoth(c))).toBe(true);
  expect(result.current.hasNext).toBe(false);
}

async function expectEmpty(request: QueryRequest) {
  const { result } = renderHook(() => usePagedList(request));
  await waitFor(() => expect(result.current.status).toBe('success'));
  await waitFor(() => expect(result.current.total).not.toBeNull());
  expect(result.current.rows).toEqual([]);
  expect(result.current.total).toEqual({ value: 0, more: false });
  expect(result.current.hasNext).toBe(false);
}

describe('two-word search on each paged list: full pages, the right count, no next page when empty', () => {
  for (const [family, filters] of [
    ['contacts', {}],
    ['companies', {}],
    ['tickets', { status: 'New', priority: 'High' }],
  ] as const) {
    it(`${family} (${listRequest(ORG, family, filters, 'zzqx ana').id})`, async () => {
      await expectFullPages(family, listRequest(ORG, family, filters, 'zzqx ana'));
      await expectEmpty(listRequest(ORG, family, filters, 'zzqx mar'));
    });
  }

  it('contacts with a lifecycle filter', async () => {
    const request = listRequest(ORG, 'contacts', { lifecycleStage: 'customer' }, 'zzqx ana');
    const { result } = renderHook(() => usePagedList(request));
    await waitFor(() => expect(result.current.total).toEqual({ value: BOTH / 2, more: false }));
    await waitFor(() => expect(result.current.rows).toHaveLength(BOTH / 2));
    expect(
      result.current.rows.every((row) => hasBoth('contacts')(row) && row.lifecycleStage === 'customer'),
    ).toBe(true);
    expect(result.current.hasNext).toBe(false);
  });

  it('tasks (/tareas: pending)', async () => {
    const tasks = (search: string) => orgRequest(ORG, pendingTasksQuery(search), pendingTasksValues(search));
    await expectFullPages('tasks', tasks('zzqx ana'));
    await expectEmpty(tasks('zzqx mar'));
  });

  it('meetings (/reuniones: several words look through past and upcoming ones)', async () => {
    const meetings = (search: string) => {
      const r = meetingsRequest('upcoming', search, Date.now());
      return orgRequest(ORG, r.id, r.values);
    };
    await expectFullPages('meetings', meetings('zzqx ana'));
    await expectEmpty(meetings('zzqx mar'));
  });

  it('one word keeps the list order and its own count', async () => {
    const { result } = renderHook(() => usePagedList(listRequest(ORG, 'contacts', {}, 'zzqx')));
    await waitFor(() => expect(result.current.total).toEqual({ value: BOTH + 30, more: false }));
    // Newest first: the records with only "Zzqx Aaron" were created last.
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('Zzqx Aaron 29'));
    expect(result.current.rows).toHaveLength(PAGE_SIZE);
  });
});

describe('two-word search in the pickers and the global search', () => {
  for (const [key, queries] of Object.entries(PICKERS) as [SearchableCollection, PickerQueries][])
    // The contacts picker is also the marketing enrolment's.
    it(`${key} picker`, async () => {
      const { result } = renderHook(() => useLiveList(searchRequest(ORG, queries.matching, 'zzqx ana')));
      await waitFor(() => expect(result.current.status).toBe('success'));
      expect(result.current.data).toHaveLength(PICKER_LIMIT);
      expect(result.current.data!.every(hasBoth(key))).toBe(true);
    });

  // The clients' searchable records; e-mail conversations are written by the mail sync (their
  // tokens: functions/src/mail/sync.ts; the query: security/test/queries.test.ts).
  for (const group of SEARCH_GROUPS.filter((g) => g.key in SEARCH_FIELDS))
    it(`global search: ${group.key}`, async () => {
      const c = group.key as SearchableCollection;
      const found = await firstMatches(
        searchRequest(ORG, group.queryId, 'zzqx ana'),
        SEARCH_RESULTS_PER_TYPE,
      );
      expect(found).toHaveLength(SEARCH_RESULTS_PER_TYPE);
      expect(found.every(hasBoth(c))).toBe(true);
      expect(
        await firstMatches(searchRequest(ORG, group.queryId, 'zzqx mar'), SEARCH_RESULTS_PER_TYPE),
      ).toEqual([]);
    });
});
