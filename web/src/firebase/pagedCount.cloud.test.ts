// @vitest-environment jsdom
/**
 * usePagedList's count after this client's own create, against the local cloud. A create shows at
 * once (latency compensation) but reaches the server later; counting on the server before the
 * commit misses it, and the commit's acknowledgement adds no document to the page, so the count
 * stayed one short (seen as 'Inscritos 1' after enrolling two contacts). Here the network is off
 * while the contact is created, which holds the commit back for as long as it takes.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { Timestamp, disableNetwork, enableNetwork } from 'firebase/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '@trato/model';
import { getDataServices } from './data';
import { usePagedList } from './hooks';
import { listRequest } from './queries';
import { createRecord } from './records';
import { openTestProject, organizationDocs, type TestCloud } from './testing/localCloud';

const ORG = 'org1';
const UID = 'member1';
let cloud: TestCloud;

beforeAll(async () => {
  cloud = await openTestProject('demo-trato-web-paged-count');
  await cloud.seed([
    ...organizationDocs(ORG, [UID]),
    ...[0, 1].map((i): [string, Record<string, unknown>] => [
      `${paths.organization(ORG)}/companies/co${i}`,
      { name: `Empresa ${i}`, searchTokens: [], searchIndex: {}, createdAt: Timestamp.now() },
    ]),
  ]);
  cloud.signIn(UID);
});

afterAll(async () => {
  await cloud?.stop();
});

it('counts a record created by this client once the server has it', async () => {
  const { result } = renderHook(() => usePagedList(listRequest(ORG, 'companies', {}, '')));
  await waitFor(() => expect(result.current.total).toEqual({ value: 2, more: false }));

  const { firestore } = getDataServices();
  await disableNetwork(firestore);
  const created = createRecord(
    { parentPath: paths.organization(ORG), collection: 'companies' },
    { name: 'Empresa nueva' },
  );
  await waitFor(() => expect(result.current.rows).toHaveLength(3));
  // Longer than the recount's debounce: the old code counted here, offline, and never again.
  await new Promise((resolve) => setTimeout(resolve, 800));
  await enableNetwork(firestore);
  await created;

  await waitFor(() => expect(result.current.total).toEqual({ value: 3, more: false }));
});
