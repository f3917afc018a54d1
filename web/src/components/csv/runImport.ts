// Writing an import plan: companies first (contacts point at them), then the rows, in batches of
// at most 500 writes through the rules as the member. Between batches it may be cancelled; a
// batch that fails is checked against the server (which of its new ids exist — a commit whose
// answer was lost) and sent once more without them; if it fails again the run stops there, with
// everything before it saved and everything after it untouched, so it can resume from that batch.
import type { ImportPlan } from './plan';

/** Firestore's limit of writes in one batch (contacts and companies have no timeline entries). */
export const IMPORT_BATCH = 500;

type Data = Record<string, unknown>;

export interface ImportStep {
  kind: 'create' | 'update';
  collection: 'contacts' | 'companies';
  /** The file's row (0 for a company a contacts import creates). */
  row: number;
  id: string;
  data: Data;
  current?: Data;
}

/** The writes of a plan, in order: new companies, then each row's create or update. */
export function importSteps(plan: ImportPlan): ImportStep[] {
  const collection = plan.entity;
  const rows: ImportStep[] = [
    ...plan.creates.map((c) => ({ kind: 'create' as const, collection, row: c.row, id: c.id, data: c.data })),
    ...plan.updates.map((u) => ({
      kind: 'update' as const,
      collection,
      row: u.row,
      id: u.id,
      data: u.patch,
      current: u.current,
    })),
  ].sort((a, b) => a.row - b.row);
  const companies = plan.newCompanies.map((c) => ({
    kind: 'create' as const,
    collection: 'companies' as const,
    row: 0,
    id: c.id,
    data: c.data,
  }));
  return [...companies, ...rows];
}

export interface ImportCounts {
  created: number;
  updated: number;
  companiesCreated: number;
  /** Creates found already written (an earlier attempt's commit that did go through). */
  alreadyThere: number;
}

export interface ImportProgress extends ImportCounts {
  /** Steps finished (written or found already there). */
  done: number;
  total: number;
}

export type ImportOutcome =
  | { status: 'done'; counts: ImportCounts }
  | { status: 'cancelled'; counts: ImportCounts; next: number }
  | { status: 'failed'; counts: ImportCounts; next: number; error: unknown };

export interface ImportIo {
  /** Commits one batch atomically. */
  commit(steps: ImportStep[]): Promise<void>;
  /** Which of these creates' ids exist already. */
  existing(steps: ImportStep[]): Promise<Set<string>>;
}

export const emptyCounts = (): ImportCounts => ({
  created: 0,
  updated: 0,
  companiesCreated: 0,
  alreadyThere: 0,
});

/**
 * Writes `steps` from index `from` on, in batches; `cancelled()` is asked between batches.
 * `counts` carries the totals of an earlier, interrupted run of the same steps.
 */
export async function runImport(
  steps: ImportStep[],
  io: ImportIo,
  {
    from = 0,
    counts = emptyCounts(),
    cancelled = () => false,
    onProgress = () => undefined,
  }: {
    from?: number;
    counts?: ImportCounts;
    cancelled?: () => boolean;
    onProgress?: (progress: ImportProgress) => void;
  } = {},
): Promise<ImportOutcome> {
  const tally = { ...counts };
  const add = (written: ImportStep[]) => {
    for (const s of written) {
      if (s.kind === 'update') tally.updated++;
      else if (s.collection === 'companies' && s.row === 0) tally.companiesCreated++;
      else tally.created++;
    }
  };
  for (let start = from; start < steps.length; start += IMPORT_BATCH) {
    if (cancelled()) return { status: 'cancelled', counts: tally, next: start };
    let batch = steps.slice(start, start + IMPORT_BATCH);
    try {
      await io.commit(batch);
    } catch (first) {
      try {
        // A create of an id that exists is refused as an update: drop what is there already.
        const there = await io.existing(batch.filter((s) => s.kind === 'create'));
        batch = batch.filter((s) => !(s.kind === 'create' && there.has(s.id)));
        tally.alreadyThere += there.size;
        if (batch.length) await io.commit(batch);
        else if (!there.size) throw first;
      } catch (error) {
        return { status: 'failed', counts: tally, next: start, error };
      }
    }
    add(batch);
    onProgress({ ...tally, done: Math.min(start + IMPORT_BATCH, steps.length), total: steps.length });
  }
  return { status: 'done', counts: tally };
}
