// The page's handle on the import's parsing and validation: a Web Worker (every browser the app
// supports has one). Where there is none — unit tests under jsdom — a test registers the same session
// running on the page (pageEngine.ts), so the app's scripts never carry papaparse and the validation.
import type { EncodingChoice } from './decode';
import type { ColumnMapping, CsvEntity } from './fields';
import type { ParsedSummary, ValidationResult } from './session';

export type WorkerRequest =
  | { id: number; kind: 'load'; file: Blob; encoding: EncodingChoice }
  | { id: number; kind: 'validate'; entity: CsvEntity; mapping: ColumnMapping }
  | { id: number; kind: 'cells'; rows: number[] };

export type WorkerReply =
  | { id: number; kind: 'loaded'; summary: ParsedSummary }
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'validated'; result: ValidationResult }
  | { id: number; kind: 'cells'; cells: string[][] }
  | { id: number; kind: 'failed'; message: string };

/** A request before its id (Omit over each member of the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface CsvEngine {
  load(file: Blob, encoding: EncodingChoice): Promise<ParsedSummary>;
  validate(
    entity: CsvEntity,
    mapping: ColumnMapping,
    onProgress: (done: number, total: number) => void,
  ): Promise<ValidationResult>;
  /** The cells of rows (spreadsheet numbers), as in the file (the refused-rows file). */
  cells(rows: number[]): Promise<string[][]>;
  dispose(): void;
}

function inWorker(): CsvEngine {
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  let next = 0;
  const pending = new Map<
    number,
    {
      resolve: (reply: WorkerReply) => void;
      reject: (error: Error) => void;
      progress?: (d: number, t: number) => void;
    }
  >();
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    if (reply.kind === 'progress') return waiting.progress?.(reply.done, reply.total);
    pending.delete(reply.id);
    if (reply.kind === 'failed') waiting.reject(new Error(reply.message));
    else waiting.resolve(reply);
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'CSV worker failed'));
    pending.clear();
  };
  const ask = (request: Unnumbered<WorkerRequest>, progress?: (d: number, t: number) => void) =>
    new Promise<WorkerReply>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject, progress });
      worker.postMessage({ ...request, id });
    });
  return {
    load: async (file, encoding) => {
      const reply = await ask({ kind: 'load', file, encoding });
      if (reply.kind !== 'loaded') throw new Error('Unexpected reply');
      return reply.summary;
    },
    validate: async (entity, mapping, onProgress) => {
      const reply = await ask({ kind: 'validate', entity, mapping }, onProgress);
      if (reply.kind !== 'validated') throw new Error('Unexpected reply');
      return reply.result;
    },
    cells: async (rows) => {
      const reply = await ask({ kind: 'cells', rows });
      if (reply.kind !== 'cells') throw new Error('Unexpected reply');
      return reply.cells;
    },
    dispose: () => worker.terminate(),
  };
}

let withoutWorker: (() => CsvEngine) | null = null;

/** For environments without Web Workers (the unit tests' setup): the engine to use there. */
export function setEngineWithoutWorker(factory: () => CsvEngine): void {
  withoutWorker = factory;
}

export function createCsvEngine(): CsvEngine {
  if (typeof Worker !== 'undefined') return inWorker();
  if (!withoutWorker)
    throw new Error('No Web Worker here, and no engine set for that (setEngineWithoutWorker)');
  return withoutWorker();
}
