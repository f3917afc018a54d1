// Enrolling contacts in a sequence: from the sequence (/marketing) and from a contact's page.
import { paths } from '@trato/model';
import { firstMatches } from './queries';
import { serverTime, writeRecords, type RecordTarget } from './records';

/** `in` queries take at most 30 values. */
const IN_LIMIT = 30;

const sequencePath = (orgId: string, sequenceId: string) =>
  `${paths.organization(orgId)}/sequences/${sequenceId}`;

/** organizations/{orgId}/sequences/{sequenceId}/enrollments (enrolment id = contact id). */
export function enrollmentsTarget(orgId: string, sequenceId: string): RecordTarget {
  return { parentPath: sequencePath(orgId, sequenceId), collection: 'enrollments' };
}

/**
 * Enrols contacts: those already in the sequence are left as they are (their enrolment may have
 * ended: re-enrolling is not a way round an unsubscribe); the others start at the first step now.
 * Returns how many were enrolled.
 */
export async function enrollContacts(
  orgId: string,
  sequenceId: string,
  contactIds: readonly string[],
): Promise<number> {
  const wanted = [...new Set(contactIds)];
  const already = new Set<string>();
  for (let i = 0; i < wanted.length; i += IN_LIMIT) {
    const request = {
      id: 'enrollments.byIds',
      parentPath: sequencePath(orgId, sequenceId),
      values: { __name__: wanted.slice(i, i + IN_LIMIT) },
    };
    for (const row of await firstMatches(request, IN_LIMIT)) already.add(row.id);
  }
  const target = enrollmentsTarget(orgId, sequenceId);
  const fresh = wanted.filter((id) => !already.has(id));
  await writeRecords(
    fresh.map((contactId) => ({
      kind: 'create' as const,
      target,
      id: contactId,
      data: { contactId, status: 'active', currentStep: 0, nextSendAt: serverTime() },
    })),
  );
  return fresh.length;
}
