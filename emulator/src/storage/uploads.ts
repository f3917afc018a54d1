/**
 * Resumable upload sessions (both the Firebase X-Goog-Upload-* protocol and GCS Content-Range
 * PUTs). Bytes stay in the session until finalize; only then does an object appear, in one step.
 */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../firestore/model.js';
import { HttpError } from './http.js';
import type { IncomingMetadata } from './metadata.js';

export interface UploadResult {
  status: number;
  body: unknown;
}

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  incoming: IncomingMetadata;
  caller: Caller;
  /** Total size announced at start (X-Goog-Upload-Header-Content-Length / X-Upload-Content-Length). */
  declaredSize?: number;
  chunks: Buffer[];
  received: number;
  state: 'active' | 'final' | 'cancelled';
  /** A chunk is being received: a second concurrent chunk would interleave bytes. */
  busy: boolean;
  /** The reply to finalize, repeated if the client finalizes again (e.g. a retry). */
  result?: UploadResult;
  lastTouched: number;
}

/** Idle sessions are dropped after this long, so abandoned uploads do not pin memory forever. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export class UploadSessions {
  private sessions = new Map<string, UploadSession>();

  start(
    init: Omit<UploadSession, 'id' | 'chunks' | 'received' | 'state' | 'lastTouched' | 'busy'>,
  ): UploadSession {
    this.sweep();
    const s: UploadSession = {
      ...init,
      id: randomBytes(16).toString('hex'),
      chunks: [],
      received: 0,
      state: 'active',
      busy: false,
      lastTouched: Date.now(),
    };
    this.sessions.set(s.id, s);
    return s;
  }

  /** 404 for ids we never issued (or that expired or were reset). */
  get(id: string | null | undefined): UploadSession {
    const s = id ? this.sessions.get(id) : undefined;
    if (!s)
      throw new HttpError(
        404,
        `Unknown upload id "${id ?? ''}". The upload session does not exist or expired.`,
      );
    s.lastTouched = Date.now();
    return s;
  }

  requireActive(s: UploadSession): void {
    if (s.state === 'cancelled') throw new HttpError(400, 'The upload was cancelled.');
    if (s.state === 'final') throw new HttpError(400, 'The upload is already finalized.');
  }

  /**
   * Receive one chunk's body exclusively: rejects a concurrent chunk (409) and re-checks after
   * the read that the session was not cancelled meanwhile.
   */
  async receive(s: UploadSession, read: () => Promise<Buffer>): Promise<Buffer> {
    if (s.busy) throw new HttpError(409, 'Another chunk of this upload is still being received.');
    s.busy = true;
    try {
      const chunk = await read();
      this.requireActive(s);
      return chunk;
    } finally {
      s.busy = false;
    }
  }

  append(s: UploadSession, chunk: Buffer): void {
    if (chunk.length === 0) return;
    s.chunks.push(chunk);
    s.received += chunk.length;
  }

  /** All bytes so far, concatenated once (the chunk list is kept compact for later appends). */
  bytes(s: UploadSession): Buffer {
    if (s.chunks.length !== 1) s.chunks = [Buffer.concat(s.chunks, s.received)];
    return s.chunks[0] ?? Buffer.alloc(0);
  }

  finish(s: UploadSession, result: UploadResult): void {
    s.state = 'final';
    s.result = result;
    s.chunks = []; // the object (if any) now owns the bytes
  }

  cancel(s: UploadSession): void {
    if (s.state === 'final')
      throw new HttpError(400, 'The upload is already finalized and cannot be cancelled.');
    s.state = 'cancelled';
    s.chunks = [];
    s.received = 0;
  }

  reset(): void {
    this.sessions.clear();
  }

  private sweep(): void {
    const cutoff = Date.now() - SESSION_TTL_MS;
    for (const [id, s] of this.sessions) if (s.lastTouched < cutoff) this.sessions.delete(id);
  }
}
