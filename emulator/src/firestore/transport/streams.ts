/**
 * The two bidirectional RPCs (Listen, Write) as transport-neutral sessions. gRPC and WebChannel
 * feed them decoded-on-demand wire requests and deliver what they emit.
 */
import { randomBytes } from 'node:crypto';
import type { FirestoreEngine, ListenStream } from '../api.js';
import { Code, FirestoreError } from '../model.js';
import type { Caller } from '../model.js';
import { asWire, invalid } from './codec.js';
import type { Wire, WireCodec } from './codec.js';
import { databaseOf, decodeWrites, toFirestoreError } from './rpc.js';

export interface SessionEvents {
  /** A response message for the client. */
  send(message: Wire): void;
  /** End the stream with an error (after which nothing more is sent). */
  fail(error: FirestoreError): void;
  /** Optional log line for denied / failed operations. */
  log?(line: string): void;
}

/**
 * Listen: targets are added and removed by requests; the engine pushes responses. Errors on one
 * target are delivered as that target's REMOVE with a cause: a stream-level error makes the SDKs
 * reconnect in a loop or believe they are offline.
 */
export class ListenSession {
  private stream: ListenStream | undefined;
  private closed = false;

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly caller: Caller,
    private readonly codec: WireCodec,
    private readonly events: SessionEvents,
  ) {}

  handle(request: unknown): void {
    if (this.closed) return;
    const req = asWire(request, 'listen request');
    if (!this.stream) {
      const database = databaseOf(String(req.database ?? ''));
      this.stream = this.engine.listen(this.caller, database, (response) => {
        if (this.closed) return;
        if ('targetChange' in response && response.targetChange.cause) {
          const c = response.targetChange;
          this.events.log?.(`Listen target ${c.targetIds.join(',')} removed: ${c.cause?.message ?? ''}`);
        }
        this.events.send(this.codec.encodeListenResponse(response));
      });
    }
    if (req.addTarget !== undefined && req.addTarget !== null) {
      const targetId = Number(asWire(req.addTarget, 'target').targetId ?? 0);
      try {
        this.stream.addTarget(this.codec.decodeTarget(req.addTarget));
      } catch (err) {
        this.removeWithCause(targetId, toFirestoreError(err));
      }
    } else if (req.removeTarget !== undefined && req.removeTarget !== null) {
      this.stream.removeTarget(Number(req.removeTarget));
    }
  }

  /** No target is listened to: the client would close this stream itself after a while. */
  isIdle(): boolean {
    return !this.stream || this.stream.targetCount === 0;
  }

  private removeWithCause(targetId: number, error: FirestoreError): void {
    this.events.log?.(`Listen target ${targetId} rejected: ${error.status}: ${error.message}`);
    this.events.send(
      this.codec.encodeListenResponse({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [targetId],
          cause: { code: error.code, message: error.message },
        },
      }),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream?.close();
  }
}

/**
 * Write: a handshake ({database} -> {streamId, streamToken}), then batches of writes, each
 * committed atomically and answered in order. A failed batch ends the stream with its error;
 * the SDKs reject that batch and reopen the stream for the next ones.
 */
export class WriteSession {
  private streamId: string | undefined;
  private database = '';
  private token = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Requests received and not answered yet. */
  private pending = 0;
  private closed = false;

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly caller: Caller,
    private readonly codec: WireCodec,
    private readonly events: SessionEvents,
  ) {}

  handle(request: unknown): void {
    if (this.closed) return;
    // Batches commit one after the other, in the order they arrived.
    this.pending++;
    this.queue = this.queue.then(() => this.process(request)).finally(() => this.pending--);
  }

  /** Every batch received has been answered. */
  isIdle(): boolean {
    return this.pending === 0;
  }

  /** Resolves when every request received so far has been answered. */
  idle(): Promise<void> {
    return this.queue;
  }

  private nextToken(): Wire[keyof Wire] {
    this.token += 1;
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(this.token));
    return this.codec.d.writeBytes(b);
  }

  private async process(request: unknown): Promise<void> {
    if (this.closed) return;
    try {
      const req = asWire(request, 'write request');
      if (this.streamId === undefined) {
        if (req.streamId) {
          // Resuming a stream from another connection is not supported: start afresh.
          throw new FirestoreError(Code.NOT_FOUND, 'Write stream not found; open a new stream.');
        }
        this.database = databaseOf(String(req.database ?? ''));
        this.streamId = randomBytes(12).toString('hex');
        this.events.send({ streamId: this.streamId, streamToken: this.nextToken() });
        if (!Array.isArray(req.writes) || req.writes.length === 0) return;
      }
      const writes = decodeWrites(this.codec, req.writes);
      if (writes.length === 0) return; // a bare token acknowledgement
      if (req.database && databaseOf(String(req.database)) !== this.database)
        throw invalid('Database mismatch.');
      const result = await this.engine.commit(this.caller, this.database, writes);
      if (this.closed) return;
      this.events.send({
        streamId: this.streamId,
        streamToken: this.nextToken(),
        writeResults: result.writeResults.map((r) => this.codec.encodeWriteResult(r)),
        commitTime: this.codec.d.writeTimestamp(result.commitTime),
      });
    } catch (err) {
      const error = toFirestoreError(err);
      this.events.log?.(`Write rejected: ${error.status}: ${error.message}`);
      this.closed = true;
      this.events.fail(error);
    }
  }

  close(): void {
    this.closed = true;
  }
}
