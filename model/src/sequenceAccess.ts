/**
 * Who may do what with an e-mail sequence, and how many enrolments one write batch may carry —
 * both decided by firestore.rules (`match /sequences/{sequenceId}`), said here once for the web
 * app and the tests.
 */
import type { Sequence } from './entities.js';
import { can, isAdmin, type MemberLike } from './permissions.js';

// ── The owner's voice ────────────────────────────────────────────────────────

/**
 * What a member may do with a sequence. A sequence speaks with its owner's voice: the owner is
 * its creator (`createdBy`, never changed) and every enrolment is sent from the owner's Gmail,
 * whoever enrolled it. So only the owner (with the marketing rights each action needs) writes
 * its steps and renames it; other members pause and resume it (marketing.edit) or duplicate it
 * into a sequence of their own (marketing.create); the owner (marketing.delete) or an admin
 * deletes it. Admins speak with their own voice too: they do not write another member's steps.
 */
export function sequenceRights(
  member: MemberLike | null | undefined,
  uid: string | null | undefined,
  sequence: Pick<Sequence, 'createdBy'>,
) {
  const owner = !!uid && sequence.createdBy === uid;
  return {
    owner,
    addStep: owner && can(member, 'marketing', 'create'),
    editStep: owner && can(member, 'marketing', 'edit'),
    deleteStep: owner && can(member, 'marketing', 'delete'),
    rename: owner && can(member, 'marketing', 'edit'),
    toggle: can(member, 'marketing', 'edit'),
    duplicate: can(member, 'marketing', 'create'),
    delete: can(member, 'marketing', 'delete') && (owner || isAdmin(member)),
  };
}
export type SequenceRights = ReturnType<typeof sequenceRights>;

// ── Enrolling in batches the rules can judge ─────────────────────────────────

/**
 * Distinct documents the rules may read for one write batch (production's limit; the local
 * rules engine enforces it too: 'Exceeded maximum of 20 document access calls per request').
 */
export const RULES_BATCH_READS = 20;
/**
 * Reads every enrolment create of a batch shares (read once, cached for the rest): the caller's
 * member document, the organization's subscription and the sequence (existsAfter).
 */
export const ENROLLMENT_SHARED_READS = 3;
/** Reads each enrolment create adds: its own contact (existsAfter). */
export const ENROLLMENT_READS_EACH = 1;
/** Enrolments per batch: (20 − 3) / 1 = 17. One more, and the batch is refused whole. */
export const ENROLL_BATCH_SIZE = Math.floor(
  (RULES_BATCH_READS - ENROLLMENT_SHARED_READS) / ENROLLMENT_READS_EACH,
);

/** Contact ids in batches of at most ENROLL_BATCH_SIZE, in order. */
export function enrollmentBatches<T>(contactIds: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < contactIds.length; i += ENROLL_BATCH_SIZE)
    batches.push(contactIds.slice(i, i + ENROLL_BATCH_SIZE));
  return batches;
}
