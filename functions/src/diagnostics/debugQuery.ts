import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, type CallableContract } from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { directReader, requireAdmin } from '../common/store.js';
import { parseInput } from '../common/validation.js';

export type DebugQueryResult = CallableContract['debugQuery']['out'];

/**
 * /debug/db (admins only): the spec's test query, a count of the organization's send log. The
 * send log is server-only, so the page cannot count it through the rules: the query runs here.
 */
export async function debugQueryCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
): Promise<DebugQueryResult> {
  const { organizationId } = parseInput('debugQuery', data);
  await requireAdmin(firestore, directReader, organizationId, caller.uid);
  const started = Date.now();
  const snapshot = await firestore.collection(paths.collection(organizationId, 'sendLog')).count().get();
  return { collection: 'sendLog', count: snapshot.data().count, tookMs: Date.now() - started };
}

export const debugQuery = onCall((request) => debugQueryCore(db, requireCaller(request.auth), request.data));
