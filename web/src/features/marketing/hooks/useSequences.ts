import {
  paths,
  sequenceRights,
  type QueryId,
  type Member,
  type Sequence,
  type SequenceStep,
  type WithId,
} from '@trato/model';
import {
  firstMatches,
  idsOf,
  newRecordId,
  orgRequest,
  useCount,
  useDocument,
  useLiveList,
  useMembership,
  usePagedList,
  writeRecords,
  type Count,
  type QueryRequest,
} from '@/firebase/dataApi';
import { sequenceDeletion, sequenceDuplication, sequencesTarget } from '../utils/sequenceWrites';

/** A sequence has at most this many steps (the rules' stepOrder ≤ 100). */
export const MAX_STEPS = 100;
/** The sequences pane lists this many (a team's sequences; more means archiving, not scrolling). */
export const MAX_SEQUENCES = 200;

const underSequence = <const Id extends QueryId>(
  orgId: string,
  sequenceId: string,
  id: Id,
  values?: Record<string, unknown>,
): QueryRequest<Id> => ({
  id,
  parentPath: paths.doc(orgId, 'sequences', sequenceId),
  values,
});

export function useSequenceList(orgId: string) {
  return useLiveList(orgRequest(orgId, 'sequences.list'), MAX_SEQUENCES);
}

export function useSteps(orgId: string, sequenceId: string | null) {
  return useLiveList(sequenceId ? underSequence(orgId, sequenceId, 'steps.bySequence') : null, MAX_STEPS);
}

export function useEnrollments(orgId: string, sequenceId: string | null) {
  return usePagedList(sequenceId ? underSequence(orgId, sequenceId, 'enrollments.bySequence') : null);
}

/** One enrolment's send-log entries (a recipient's status per step). */
export function useEnrollmentSends(orgId: string, sequenceId: string, contactId: string) {
  return useLiveList(orgRequest(orgId, 'sendLog.byEnrollment', { sequenceId, contactId }), MAX_STEPS);
}

/**
 * The sequence's numbers: enrolled (the enrolments list's live total), and sent, failed and
 * unsubscribed (server counts, counted again when `version` — the enrolments' progress — moves).
 */
export function useSequenceNumbers(
  orgId: string,
  sequenceId: string | null,
  enrolled: Count | null,
  version: string,
) {
  const sends = (status: string) =>
    sequenceId ? orgRequest(orgId, 'sendLog.countBySequenceStatus', { sequenceId, status }) : null;
  return {
    enrolled,
    sent: useCount(sends('sent'), version),
    failed: useCount(sends('failed'), version),
    unsubscribed: useCount(
      sequenceId
        ? underSequence(orgId, sequenceId, 'enrollments.countByStatus', { status: 'unsubscribed' })
        : null,
      version,
    ),
  };
}

/** What moves when the sender works: each shown enrolment's status and step. */
export function progressVersion(
  rows: readonly { id: string; status: string; currentStep: number }[],
): string {
  return rows.map((row) => `${row.id}:${row.status}:${row.currentStep}`).join('|');
}

/** Whether the sequence still has enrolments that may send (it is refused deletion then). */
export async function activeEnrollmentCount(orgId: string, sequenceId: string): Promise<number> {
  const active = await firstMatches(
    underSequence(orgId, sequenceId, 'enrollments.byStatus', { status: 'active' }),
    1,
  );
  const paused = await firstMatches(
    underSequence(orgId, sequenceId, 'enrollments.byStatus', { status: 'paused' }),
    1,
  );
  return active.length + paused.length;
}

/** Deletes a sequence with its steps and its ended enrolments. */
export async function deleteSequence(orgId: string, sequenceId: string): Promise<void> {
  const [stepIds, enrollmentIds] = await Promise.all([
    idsOf(underSequence(orgId, sequenceId, 'steps.bySequence')),
    idsOf(underSequence(orgId, sequenceId, 'enrollments.bySequence')),
  ]);
  await writeRecords(sequenceDeletion(orgId, sequenceId, stepIds, enrollmentIds));
}

/** What the signed-in member may do with `sequence` (its owner's voice: model `sequenceRights`). */
export function useSequenceRights(sequence: Pick<Sequence, 'createdBy'>) {
  const { member, uid } = useMembership();
  return sequenceRights(member, uid, sequence);
}

/** The sequence's owner (its creator, whose Gmail sends it); data null once they have left. */
export function useSequenceOwner(orgId: string, sequence: Pick<Sequence, 'createdBy'>) {
  return useDocument<Member>(paths.member(orgId, sequence.createdBy));
}

/** Duplicates a sequence with its steps as the caller's own (inactive); returns the copy's id. */
export async function duplicateSequence(
  orgId: string,
  sequence: Sequence,
  steps: readonly WithId<SequenceStep>[],
  name: string,
): Promise<string> {
  const id = newRecordId(sequencesTarget(orgId));
  await writeRecords(sequenceDuplication(orgId, id, sequence, steps, name));
  return id;
}
