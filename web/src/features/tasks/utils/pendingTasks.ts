import { matchesSearch, type Task, type WithId } from '@trato/model';

/** The status /tareas lists (spec: only pending tasks, newest first). */
export const LISTED_STATUS = 'pending' satisfies Task['status'];

/** The declared query of /tareas: with a search, the one that also matches a search token. */
export function pendingTasksQuery(searching: boolean): 'tasks.pending' | 'tasks.pending+search' {
  return searching ? 'tasks.pending+search' : 'tasks.pending';
}

/**
 * The rows to show: the query matched the longest word of the search, the other words are checked
 * here (title, client, company, description), and tasks being completed leave at once.
 */
export function visibleTasks(
  rows: WithId<Task>[],
  search: string,
  completing: ReadonlySet<string>,
): WithId<Task>[] {
  return rows.filter(
    (row) =>
      !completing.has(row.id) &&
      row.status === LISTED_STATUS &&
      matchesSearch(search, row.title, row.contactName, row.companyName, row.description),
  );
}
