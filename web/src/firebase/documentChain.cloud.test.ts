// @vitest-environment jsdom
/**
 * useDocumentChain against the local cloud: a folder and its ancestors, live, at most `max` links
 * (the folder trail of /documentos, FOLDER_MAX_DEPTH listeners whatever the depth).
 */
import { renderHook, waitFor } from '@testing-library/react';
import { doc, Timestamp, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths, type Folder, type WithId } from '@trato/model';
import { useDocumentChain } from './hooks';
import { orgRecordPath } from './targets';
import { openTestProject, organizationDocs, type TestCloud } from './testing/localCloud';

const ORG = 'org1';
const UID = 'member1';
let cloud: TestCloud;

const folder = (id: string, parentId: string | null): [string, Record<string, unknown>] => [
  `${paths.organization(ORG)}/folders/${id}`,
  { name: `Carpeta ${id}`, parentId, createdAt: Timestamp.now() },
];
const parentOf = (f: WithId<Folder>) => (f.parentId ? orgRecordPath(ORG, 'folders', f.parentId) : null);
const names = (links: (WithId<Folder> | null)[] | null) => links?.map((link) => link?.name ?? null);

beforeAll(async () => {
  cloud = await openTestProject('demo-trato-web-document-chain');
  await cloud.seed([...organizationDocs(ORG, [UID]), folder('a', null), folder('b', 'a'), folder('c', 'b')]);
  cloud.signIn(UID);
});

afterAll(async () => {
  await cloud?.stop();
});

it('follows the parents up to the root, and shows a rename of an ancestor live', async () => {
  const { result } = renderHook(() => useDocumentChain(orgRecordPath(ORG, 'folders', 'c'), parentOf, 5));
  await waitFor(() => expect(names(result.current.data)).toEqual(['Carpeta c', 'Carpeta b', 'Carpeta a']));
  await updateDoc(doc(cloud.clientAs('owner'), `${paths.organization(ORG)}/folders/a`), {
    name: 'Contratos',
  });
  await waitFor(() => expect(names(result.current.data)).toEqual(['Carpeta c', 'Carpeta b', 'Contratos']));
});

it('stops at `max` links, and says when the first one does not exist', async () => {
  const capped = renderHook(() => useDocumentChain(orgRecordPath(ORG, 'folders', 'c'), parentOf, 2));
  await waitFor(() => expect(names(capped.result.current.data)).toEqual(['Carpeta c', 'Carpeta b']));
  const missing = renderHook(() => useDocumentChain(orgRecordPath(ORG, 'folders', 'nope'), parentOf, 5));
  await waitFor(() => expect(missing.result.current.data).toEqual([null]));
});
