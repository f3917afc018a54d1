/// <reference lib="webworker" />
// The import's parsing and validation in a Web Worker, so a 50,000-row file never freezes the page.
import { CsvSession } from './session';
import type { WorkerReply, WorkerRequest } from './engine';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const session = new CsvSession();

const reply = (message: WorkerReply) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'load') {
      const bytes = new Uint8Array(await request.file.arrayBuffer());
      reply({ id: request.id, kind: 'loaded', summary: session.load(bytes, request.encoding) });
    } else if (request.kind === 'cells') {
      reply({ id: request.id, kind: 'cells', cells: session.cells(request.rows) });
    } else {
      const result = await session.validate(request.entity, request.mapping, (done, total) =>
        reply({ id: request.id, kind: 'progress', done, total }),
      );
      reply({ id: request.id, kind: 'validated', result });
    }
  } catch (error) {
    reply({
      id: request.id,
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
