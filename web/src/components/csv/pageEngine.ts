// The CSV engine without a Web Worker: the same session as csv.worker.ts, run on the page. Only the
// unit tests' setup uses it (jsdom has no Worker); the app always runs the worker.
import type { CsvEngine } from './engine';
import { CsvSession } from './session';

/** Lets the browser paint and handle input. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function fileBytes(file: Blob): Promise<Uint8Array> {
  // jsdom's Blob has no arrayBuffer(); FileReader works everywhere.
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The import's session on the page, yielding between chunks: where there is no Worker (unit tests). */
export function pageEngine(): CsvEngine {
  const session = new CsvSession();
  return {
    load: async (file, encoding) => session.load(await fileBytes(file), encoding),
    validate: async (entity, mapping, onProgress) =>
      session.validate(entity, mapping, async (done, total) => {
        onProgress(done, total);
        await yieldToBrowser();
      }),
    cells: async (rows) => session.cells(rows),
    dispose: () => undefined,
  };
}
