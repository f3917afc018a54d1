import { describe, expect, it } from 'vitest';
import type { Task, WithId } from '@trato/model';
import { pendingTasksQuery, visibleTasks } from './pendingTasks';

const task = (id: string, title: string, extra: Partial<Task> = {}) =>
  ({
    id,
    title,
    status: 'pending',
    contactName: null,
    companyName: null,
    description: null,
    ...extra,
  }) as WithId<Task>;

describe('pending tasks', () => {
  it('searches through the declared search query only with a search', () => {
    expect(pendingTasksQuery(false)).toBe('tasks.pending');
    expect(pendingTasksQuery(true)).toBe('tasks.pending+search');
  });

  it('checks the other words of the search on the page, accent-insensitively', () => {
    const rows = [
      task('a', 'Llamar a José', { contactName: 'José Pérez' }),
      task('b', 'Enviar propuesta', { companyName: 'Acme' }),
    ];
    expect(visibleTasks(rows, '', new Set()).map((r) => r.id)).toEqual(['a', 'b']);
    expect(visibleTasks(rows, 'llam perez', new Set()).map((r) => r.id)).toEqual(['a']);
    expect(visibleTasks(rows, 'propuesta acme', new Set()).map((r) => r.id)).toEqual(['b']);
    expect(visibleTasks(rows, 'propuesta jose', new Set()).map((r) => r.id)).toEqual([]);
  });

  it('hides tasks being completed and tasks no longer pending', () => {
    const rows = [task('a', 'Uno'), task('b', 'Dos'), task('c', 'Tres', { status: 'completed' })];
    expect(visibleTasks(rows, '', new Set(['a'])).map((r) => r.id)).toEqual(['b']);
  });
});
