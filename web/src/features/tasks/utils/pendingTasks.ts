import { searchesSeveralWords, searchValues, type Task, type WithId } from '@trato/model';

/** The status /tareas lists (spec: only pending tasks, newest first). */
export const LISTED_STATUS = 'pending' satisfies Task['status'];

/**
 * The declared query of /tareas for the typed search ('' for none): the pending tasks, with a
 * search of one word the token's query, of several the one that matches every word.
 */
export function pendingTasksQuery(
  search: string,
): 'tasks.pending' | 'tasks.pending+search' | 'tasks.pending+words' {
  if (!search) return 'tasks.pending';
  return searchesSeveralWords(search) ? 'tasks.pending+words' : 'tasks.pending+search';
}

/** Its filter values: the listed status and the typed search (the token or the words). */
export function pendingTasksValues(search: string): Record<string, unknown> {
  return { status: LISTED_STATUS, ...searchValues(search) };
}

/** The rows to show: tasks being completed leave at once (before the live query drops them). */
export function visibleTasks(rows: WithId<Task>[], completing: ReadonlySet<string>): WithId<Task>[] {
  return rows.filter((row) => !completing.has(row.id) && row.status === LISTED_STATUS);
}
