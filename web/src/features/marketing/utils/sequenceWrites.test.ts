import { describe, expect, it } from 'vitest';
import { nextStepOrder, sequenceDeletion, sequenceDuplication, stepDeletion } from './sequenceWrites';

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

  it('duplicates a sequence as a new inactive one with its steps copied in order, in one batch', () => {
    const stored = [
      {
        stepOrder: 2,
        type: 'email' as const,
        subject: 'Segundo',
        body: 'B',
        delayDays: 3,
        createdBy: 'admin',
      },
      { stepOrder: 1, type: 'email' as const, subject: 'Hola', body: 'A', delayDays: 0, createdBy: 'admin' },
    ];
    const writes = sequenceDuplication(
      'org',
      'copy',
      { description: 'Para clientes' },
      stored,
      'Copia de Bienvenida',
    );
    expect(writes[0]).toEqual({
      kind: 'create',
      target: { parentPath: 'organizations/org', collection: 'sequences' },
      id: 'copy',
      data: { name: 'Copia de Bienvenida', description: 'Para clientes', isActive: false },
    });
    // Only the step's content is copied: the audit fields (who wrote it) are the caller's.
    expect(writes.slice(1).map((w) => (w.kind === 'create' ? w.data : null))).toEqual([
      { stepOrder: 1, type: 'email', subject: 'Hola', body: 'A', delayDays: 0 },
      { stepOrder: 2, type: 'email', subject: 'Segundo', body: 'B', delayDays: 3 },
    ]);
    expect(writes.slice(1).every((w) => w.target.parentPath === 'organizations/org/sequences/copy')).toBe(
      true,
    );
  });

  it('a copy keeps each step by its type: a WhatsApp step its template (issue 33)', () => {
    const writes = sequenceDuplication(
      'org',
      'copy',
      { description: null },
      [
        { stepOrder: 2, type: 'wait', subject: '', body: '', delayDays: 2, templateId: null },
        { stepOrder: 1, type: 'whatsapp', subject: '', body: '', delayDays: 0, templateId: 'tpl1' },
        { stepOrder: 3, type: 'task', subject: 'Llamar', body: '', delayDays: 1 },
      ],
      'Copia',
    );
    expect(writes.slice(1).map((w) => (w.kind === 'create' ? w.data : null))).toEqual([
      { stepOrder: 1, type: 'whatsapp', subject: '', body: '', delayDays: 0, templateId: 'tpl1' },
      { stepOrder: 2, type: 'wait', subject: '', body: '', delayDays: 2 },
      { stepOrder: 3, type: 'task', subject: 'Llamar', body: '', delayDays: 1 },
    ]);
  });

  it('a copy keeps the topic (issue 31)', () => {
    const [sequence] = sequenceDuplication(
      'org',
      'copy',
      { description: null, topicId: 't1', topicName: 'Boletín' },
      [],
      'Copia de Noticias',
    );
    if (sequence?.kind !== 'create') throw new Error('the sequence is created first');
    expect(sequence.data).toEqual({
      name: 'Copia de Noticias',
      description: null,
      topicId: 't1',
      topicName: 'Boletín',
      isActive: false,
    });
  });

  it("a copy's name is cut at the name limit (200 characters, emoji counted once)", () => {
    const [sequence] = sequenceDuplication('org', 'copy', {}, [], `Copia de ${'😀'.repeat(300)}`);
    if (sequence?.kind !== 'create') throw new Error('the sequence is created first');
    expect([...(sequence.data.name as string)]).toHaveLength(200);
    expect(sequence.data.description).toBeNull();
  });
});
