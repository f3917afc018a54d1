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
  it('searches through the declared query of one word or of several', () => {
    expect(pendingTasksQuery('')).toBe('tasks.pending');
    expect(pendingTasksQuery('llamar')).toBe('tasks.pending+search');
    expect(pendingTasksQuery('llamar jose')).toBe('tasks.pending+words');
  });

  it('hides tasks being completed and tasks no longer pending', () => {
    const rows = [task('a', 'Uno'), task('b', 'Dos'), task('c', 'Tres', { status: 'completed' })];
    expect(visibleTasks(rows, new Set(['a'])).map((r) => r.id)).toEqual(['b']);
  });
});
