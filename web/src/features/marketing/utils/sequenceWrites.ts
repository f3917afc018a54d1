import { LIMITS, paths, type Sequence, type SequenceStep } from '@trato/model';
import { enrollmentsTarget, orgTarget, type RecordTarget, type RecordWrite } from '@/firebase/dataApi';

/** organizations/{orgId}/sequences */
export const sequencesTarget = (orgId: string): RecordTarget => orgTarget(orgId, 'sequences');
/** A sequence's steps and enrolments live under it. */
export const stepsTarget = (orgId: string, sequenceId: string): RecordTarget => ({
  parentPath: paths.doc(orgId, 'sequences', sequenceId),
  collection: 'steps',
});

type StepRow = Pick<SequenceStep, 'stepOrder'> & { id: string };

/** The new step goes last: its order is the number of steps plus one (spec §9). */
export function nextStepOrder(steps: readonly StepRow[]): number {
  return steps.length + 1;
}

/**
 * Deleting a step renumbers the ones after it (1, 2, 3 stay without gaps), in one batch: the
 * delete, then an update for each later step whose order changes.
 */
export function stepDeletion(
  orgId: string,
  sequenceId: string,
  steps: readonly StepRow[],
  stepId: string,
): RecordWrite[] {
  const target = stepsTarget(orgId, sequenceId);
  const rest = [...steps].sort((a, b) => a.stepOrder - b.stepOrder).filter((s) => s.id !== stepId);
  const writes: RecordWrite[] = [{ kind: 'delete', target, id: stepId }];
  rest.forEach((step, index) => {
    if (step.stepOrder !== index + 1) {
      writes.push({ kind: 'update', target, id: step.id, patch: { stepOrder: index + 1 }, current: step });
    }
  });
  return writes;
}

/** A sequence with its steps and (ended) enrolments: children first, so a partial run leaves no orphan. */
export function sequenceDeletion(
  orgId: string,
  sequenceId: string,
  stepIds: readonly string[],
  enrollmentIds: readonly string[],
): RecordWrite[] {
  return [
    ...enrollmentIds.map((id): RecordWrite => ({
      kind: 'delete',
      target: enrollmentsTarget(orgId, sequenceId),
      id,
    })),
    ...stepIds.map((id): RecordWrite => ({ kind: 'delete', target: stepsTarget(orgId, sequenceId), id })),
    { kind: 'delete', target: sequencesTarget(orgId), id: sequenceId },
  ];
}

/**
 * Duplicating a sequence: a new sequence of the caller's (the rules make its creator the caller,
 * so it speaks with their voice), inactive, named `name`, with its description and topic and
 * copies of the steps in their order, in one batch (at most 1 + MAX_STEPS writes; the rules read
 * the sequence once for all).
 */
export function sequenceDuplication(
  orgId: string,
  newId: string,
  sequence: Pick<Sequence, 'description' | 'topicId' | 'topicName'>,
  steps: readonly Pick<
    SequenceStep,
    'stepOrder' | 'type' | 'subject' | 'body' | 'delayDays' | 'templateId'
  >[],
  name: string,
): RecordWrite[] {
  const target = stepsTarget(orgId, newId);
  return [
    {
      kind: 'create',
      target: sequencesTarget(orgId),
      id: newId,
      data: {
        name: [...name].slice(0, LIMITS.name).join(''),
        description: sequence.description ?? null,
        ...(sequence.topicId ? { topicId: sequence.topicId, topicName: sequence.topicName ?? null } : {}),
        isActive: false,
      },
    },
    ...[...steps]
      .sort((a, b) => a.stepOrder - b.stepOrder)
      .map((step, index): RecordWrite => ({
        kind: 'create',
        target,
        data: {
          stepOrder: index + 1,
          type: step.type,
          subject: step.subject,
          body: step.body,
          delayDays: step.delayDays,
          // A WhatsApp step keeps its template.
          ...(step.templateId ? { templateId: step.templateId } : {}),
        },
      })),
  ];
}
