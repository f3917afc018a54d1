/**
 * Two members edit different searchable fields of one contact at the same moment, each from the
 * contact as their screen showed it (issue 28): afterwards both edits' words find it. Before, each
 * write rebuilt the search tokens from its own screen's copy, so the later one dropped the other's
 * words (the new phone was stored but not findable). Against the local cloud, each member with a
 * client of their own, through the app's updateRecord.
 */
import { doc, getDoc, Timestamp } from 'firebase/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withDerivedFields, type Contact } from '@trato/model';
import { firstMatches, searchRequest } from './queries';
import { updateRecord } from './records';
import { orgTarget } from './targets';
import { openTestProject, organizationDocs, type TestCloud } from './testing/localCloud';

const ORG = 'org1';
const PATH = `organizations/${ORG}/contacts/c1`;
let cloud: TestCloud;

const created = Timestamp.fromMillis(Date.now() - 86_400_000);
const shown = {
  ...withDerivedFields('contacts', {
    name: 'Ana Pérez',
    status: 'active',
    isCustomer: false,
    lifecycleStage: 'lead',
    companyId: null,
    ownerId: 'ana',
    email: 'ana@acme.hn',
    phone: null,
  }),
  createdAt: created,
  createdBy: 'ana',
  updatedAt: created,
};

beforeAll(async () => {
  cloud = await openTestProject('demo-trato-web-search-tokens');
  await cloud.seed([...organizationDocs(ORG, ['ana', 'luis']), [PATH, shown]]);
});

afterAll(async () => {
  await cloud?.stop();
});

it('both edits are findable afterwards: the tokens are made from the contact as committed', async () => {
  const target = orgTarget(ORG, 'contacts');
  // Each member's write starts on their own client (the data layer is read when a write starts).
  cloud.signIn('ana');
  const phone = updateRecord(target, 'c1', { phone: '+504 9999-1234' }, shown);
  cloud.signIn('luis');
  const rename = updateRecord(target, 'c1', { name: 'Ana Zzqx' }, shown);
  await Promise.all([phone, rename]);

  const stored = (await getDoc(doc(cloud.clientAs('owner'), PATH))).data() as Contact &
    Record<string, unknown>;
  expect(stored.phone).toBe('+504 9999-1234');
  expect(stored.name).toBe('Ana Zzqx');
  const expected = withDerivedFields('contacts', stored);
  expect(new Set(stored.searchTokens)).toEqual(new Set(expected.searchTokens));
  expect(stored.searchIndex).toEqual(expected.searchIndex);
  for (const word of ['zzqx', '9999', '50499991234']) expect(stored.searchTokens).toContain(word);

  // Found by words of both edits, as either member searches.
  const found = await firstMatches(searchRequest(ORG, 'contacts.search', 'zzqx 9999'), 5);
  expect(found.map((c) => c.id)).toEqual(['c1']);
});
