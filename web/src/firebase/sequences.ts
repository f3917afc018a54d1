// Enrolling contacts in a sequence: from the sequence (/marketing) and from a contact's page.
import { enrollmentBatches, paths } from '@trato/model';
import { firstMatches, type QueryRequest } from './queries';
import { serverTime, writeRecords, type RecordTarget } from './records';

/** `in` queries take at most 30 values. */
const IN_LIMIT = 30;

/** organizations/{orgId}/sequences/{sequenceId}/enrollments (enrolment id = contact id). */
export function enrollmentsTarget(orgId: string, sequenceId: string): RecordTarget {
  return { parentPath: paths.doc(orgId, 'sequences', sequenceId), collection: 'enrollments' };
}

/** What enrolling did, per contact id. */
export interface EnrollResult {
  /** Enrolled now: they start at the first step. */
  enrolled: string[];
  /** Already in the sequence: left as they are. */
  already: string[];
  /** Refused: nothing was written for them (they may be enrolled again); `error` says why. */
  failed: string[];
  /** The first refusal's error (null when nothing failed). */
  error: unknown;
}

/**
 * Enrols contacts: those already in the sequence are left as they are (their enrolment may have
 * ended: re-enrolling is not a way round an unsubscribe); the others start at the first step now.
 * The creates go in batches the rules can judge (`enrollmentBatches`: each enrolment's rule reads
 * its contact, and a batch may read 20 documents), so a refused batch never takes the others
 * down. Throws only when the sequence's enrolments cannot be read (nothing is written then).
 */
export async function enrollContacts(
  orgId: string,
  sequenceId: string,
  contactIds: readonly string[],
): Promise<EnrollResult> {
  const wanted = [...new Set(contactIds)];
  const already = new Set<string>();
  for (let i = 0; i < wanted.length; i += IN_LIMIT) {
    const request: QueryRequest<'enrollments.byIds'> = {
      id: 'enrollments.byIds',
      parentPath: paths.doc(orgId, 'sequences', sequenceId),
      values: { __name__: wanted.slice(i, i + IN_LIMIT) },
    };
    for (const row of await firstMatches(request, IN_LIMIT)) already.add(row.id);
  }
  const target = enrollmentsTarget(orgId, sequenceId);
  const fresh = wanted.filter((id) => !already.has(id));
  const outcome = await commitInBatches(fresh, (ids) =>
    writeRecords(
      ids.map((contactId) => ({
        kind: 'create' as const,
        target,
        id: contactId,
        data: { contactId, status: 'active', currentStep: 0, nextSendAt: serverTime() },
      })),
    ),
  );
  return { ...outcome, already: wanted.filter((id) => already.has(id)) };
}

/**
 * Commits `ids` in `enrollmentBatches`, one batch after the other. A refused batch is tried
 * again one contact at a time, so the contacts that fail are exactly the ones reported (say one
 * deleted meanwhile) and the rest of its batch is still enrolled.
 */
export async function commitInBatches(
  ids: readonly string[],
  commit: (ids: string[]) => Promise<void>,
): Promise<Omit<EnrollResult, 'already'>> {
  const enrolled: string[] = [];
  const failed: string[] = [];
  let error: unknown = null;
  const attempt = async (batch: string[]) => {
    try {
      await commit(batch);
      enrolled.push(...batch);
      return true;
    } catch (e) {
      error ??= e;
      return false;
    }
  };
  for (const batch of enrollmentBatches(ids)) {
    if (await attempt(batch)) continue;
    for (const id of batch) if (batch.length === 1 || !(await attempt([id]))) failed.push(id);
  }
  return { enrolled, failed, error };
}
