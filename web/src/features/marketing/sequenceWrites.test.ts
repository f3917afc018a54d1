import { describe, expect, it } from 'vitest';
import { nextStepOrder, sequenceDeletion, stepDeletion } from './sequenceWrites';

const steps = [
  { id: 'a', stepOrder: 1 },
  { id: 'b', stepOrder: 2 },
  { id: 'c', stepOrder: 3 },
];

describe('sequence writes', () => {
  it('puts a new step last', () => {
    expect(nextStepOrder([])).toBe(1);
    expect(nextStepOrder(steps)).toBe(4);
  });

  it('renumbers the steps after a deleted one, in the same batch', () => {
    const writes = stepDeletion('org', 'seq', steps, 'a');
    expect(writes.map((w) => [w.kind, w.id, w.kind === 'update' ? w.patch : null])).toEqual([
      ['delete', 'a', null],
      ['update', 'b', { stepOrder: 1 }],
      ['update', 'c', { stepOrder: 2 }],
    ]);
    expect(writes[0]!.target.parentPath).toBe('organizations/org/sequences/seq');
    expect(stepDeletion('org', 'seq', steps, 'c').map((w) => w.kind)).toEqual(['delete']);
  });

  it('deletes enrolments and steps before their sequence', () => {
    const writes = sequenceDeletion('org', 'seq', ['s1'], ['e1', 'e2']);
    expect(writes.map((w) => `${w.target.collection}/${w.id}`)).toEqual([
      'enrollments/e1',
      'enrollments/e2',
      'steps/s1',
      'sequences/seq',
    ]);
  });
});
