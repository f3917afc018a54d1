/**
 * The unary and server-streaming RPCs of google.firestore.v1.Firestore, written once for every
 * transport: a request arrives as a wire object (gRPC proto object or proto3 JSON, decoded by the
 * given codec), goes to the engine, and the answer leaves as wire object(s) in the same form.
 */
import { randomBytes } from 'node:crypto';
import type { FirestoreEngine } from '../api.js';
import { Code, FirestoreError, OWNER } from '../model.js';
import type { Caller, Write } from '../model.js';
import { asWire, invalid } from './codec.js';
import type { Wire, WireCodec } from './codec.js';

const NAME = /^(projects\/[^/]+\/databases\/[^/]+)(?:\/documents(?:\/(.*))?)?$/;

/** projects/{p}/databases/{d} of any resource name under it. */
export function databaseOf(name: string): string {
  const m = NAME.exec(name);
  if (!m) throw invalid(`Invalid resource name: ${JSON.stringify(name)}.`);
  return m[1];
}

/** Document path segments relative to .../documents (empty for the root). */
function pathSegments(name: string): string[] {
  const m = NAME.exec(name);
  if (!m) throw invalid(`Invalid resource name: ${JSON.stringify(name)}.`);
  return m[2] ? m[2].split('/') : [];
}

export function isDocumentName(name: string): boolean {
  const segs = pathSegments(name);
  return segs.length > 0 && segs.length % 2 === 0;
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id like the SDKs' auto ids. */
export function autoId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += AUTO_ID_CHARS[b % AUTO_ID_CHARS.length];
  return id;
}

function fieldPathsOf(mask: { fieldPaths: string[] } | undefined): string[] | undefined {
  return mask ? mask.fieldPaths : undefined;
}

export class FirestoreRpc {
  constructor(private readonly engine: FirestoreEngine) {}

  async getDocument(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const name = String(req.name ?? '');
    const { results } = await this.engine.batchGet(caller, databaseOf(name), [name], {
      ...c.decodeConsistency(req),
      mask: fieldPathsOf(c.decodeMask(req.mask)),
    });
    const found = results[0]?.found;
    if (!found) throw new FirestoreError(Code.NOT_FOUND, `Document "${name}" not found.`);
    return c.encodeDocument(found);
  }

  async listDocuments(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const parent = String(req.parent ?? '');
    const result = await this.engine.listDocuments(caller, parent, String(req.collectionId ?? ''), {
      pageSize: req.pageSize === undefined ? undefined : Number(req.pageSize),
      pageToken: req.pageToken ? String(req.pageToken) : undefined,
      showMissing: req.showMissing === true,
      mask: fieldPathsOf(c.decodeMask(req.mask)),
    });
    const out: Wire = { documents: result.documents.map((d) => c.encodeDocument(d)) };
    if (result.nextPageToken) out.nextPageToken = result.nextPageToken;
    return out;
  }

  async batchGetDocuments(c: WireCodec, caller: Caller, request: unknown): Promise<Wire[]> {
    const req = asWire(request);
    const database = String(req.database ?? '');
    const names = Array.isArray(req.documents) ? req.documents.map(String) : [];
    const { results, transaction } = await this.engine.batchGet(caller, database, names, {
      ...c.decodeConsistency(req),
      mask: fieldPathsOf(c.decodeMask(req.mask)),
    });
    const out = results.map((r): Wire => {
      const w: Wire = { readTime: c.d.writeTimestamp(r.readTime) };
      if (r.found) w.found = c.encodeDocument(r.found);
      else w.missing = r.missing;
      return w;
    });
    if (transaction) {
      // The transaction rides on the first response (its own response when there is none).
      if (out.length === 0) out.push({ transaction: c.d.writeBytes(transaction) });
      else out[0].transaction = c.d.writeBytes(transaction);
    }
    return out;
  }

  async runQuery(c: WireCodec, caller: Caller, request: unknown): Promise<Wire[]> {
    const req = asWire(request);
    const parent = String(req.parent ?? '');
    const query = c.decodeStructuredQuery(req.structuredQuery);
    const result = await this.engine.runQuery(caller, parent, query, c.decodeConsistency(req));
    const readTime = c.d.writeTimestamp(result.readTime);
    const out: Wire[] = result.documents.map((d) => ({ document: c.encodeDocument(d), readTime }));
    // An empty result still reports its read time (and the transaction, if one was started).
    if (out.length === 0) out.push({ readTime });
    if (result.transaction) out[0].transaction = c.d.writeBytes(result.transaction);
    out[out.length - 1].done = true;
    return out;
  }

  async runAggregationQuery(c: WireCodec, caller: Caller, request: unknown): Promise<Wire[]> {
    const req = asWire(request);
    const parent = String(req.parent ?? '');
    const query = c.decodeAggregationQuery(req.structuredAggregationQuery);
    const result = await this.engine.runAggregationQuery(caller, parent, query, c.decodeConsistency(req));
    const out: Wire = {
      result: { aggregateFields: c.encodeFields(result.aggregateFields) },
      readTime: c.d.writeTimestamp(result.readTime),
    };
    if (result.transaction) out.transaction = c.d.writeBytes(result.transaction);
    return [out];
  }

  async commit(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const writes = decodeWrites(c, req.writes);
    const transaction = req.transaction ? c.d.readBytes(req.transaction) : undefined;
    const result = await this.engine.commit(
      caller,
      String(req.database ?? ''),
      writes,
      transaction && transaction.length > 0 ? transaction : undefined,
    );
    return {
      writeResults: result.writeResults.map((r) => c.encodeWriteResult(r)),
      commitTime: c.d.writeTimestamp(result.commitTime),
    };
  }

  /** BatchWrite: each write applies on its own (not atomic); failures are reported per write. */
  async batchWrite(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const database = String(req.database ?? '');
    const writes = decodeWrites(c, req.writes);
    const writeResults: Wire[] = [];
    const status: Wire[] = [];
    for (const write of writes) {
      try {
        const result = await this.engine.commit(caller, database, [write]);
        writeResults.push(c.encodeWriteResult(result.writeResults[0] ?? { transformResults: [] }));
        status.push({ code: Code.OK });
      } catch (err) {
        const e = toFirestoreError(err);
        writeResults.push({});
        status.push({ code: e.code, message: e.message });
      }
    }
    return { writeResults, status };
  }

  async beginTransaction(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const transaction = await this.engine.beginTransaction(
      caller,
      String(req.database ?? ''),
      c.decodeTransactionOptions(req.options),
    );
    return { transaction: c.d.writeBytes(transaction) };
  }

  async rollback(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    await this.engine.rollback(caller, String(req.database ?? ''), c.d.readBytes(req.transaction));
    return {};
  }

  async listCollectionIds(_c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const ids = await this.engine.listCollectionIds(caller, String(req.parent ?? ''));
    // Page over the sorted ids; the token is the last id already returned.
    const sorted = [...ids].sort();
    const token = req.pageToken ? String(req.pageToken) : '';
    const rest = token ? sorted.filter((id) => id > token) : sorted;
    const pageSize = Number(req.pageSize ?? 0);
    const page = pageSize > 0 ? rest.slice(0, pageSize) : rest;
    const out: Wire = { collectionIds: page };
    if (page.length < rest.length) out.nextPageToken = page[page.length - 1];
    return out;
  }

  async createDocument(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const parent = String(req.parent ?? '');
    const collectionId = String(req.collectionId ?? '');
    if (!collectionId) throw invalid('collectionId is required.');
    const documentId = req.documentId ? String(req.documentId) : autoId();
    const name = `${parent}/${collectionId}/${documentId}`;
    const input = c.decodeDocumentInput(req.document);
    await this.engine.commit(caller, databaseOf(parent), [
      { update: { name, fields: input.fields }, currentDocument: { exists: false } },
    ]);
    return this.readBack(c, name, c.decodeMask(req.mask));
  }

  async updateDocument(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const input = c.decodeDocumentInput(req.document);
    const write: Write = { update: input };
    const updateMask = c.decodeMask(req.updateMask);
    if (updateMask) write.updateMask = updateMask;
    const pre = c.decodePrecondition(req.currentDocument);
    if (pre) write.currentDocument = pre;
    await this.engine.commit(caller, databaseOf(input.name), [write]);
    return this.readBack(c, input.name, c.decodeMask(req.mask));
  }

  async deleteDocument(c: WireCodec, caller: Caller, request: unknown): Promise<Wire> {
    const req = asWire(request);
    const name = String(req.name ?? '');
    const write: Write = { delete: name };
    const pre = c.decodePrecondition(req.currentDocument);
    if (pre) write.currentDocument = pre;
    await this.engine.commit(caller, databaseOf(name), [write]);
    return {};
  }

  /** The document as stored after a write the caller was allowed to make. */
  private async readBack(
    c: WireCodec,
    name: string,
    mask: { fieldPaths: string[] } | undefined,
  ): Promise<Wire> {
    const { results } = await this.engine.batchGet(OWNER, databaseOf(name), [name], {
      mask: fieldPathsOf(mask),
    });
    const found = results[0]?.found;
    if (!found) throw new FirestoreError(Code.NOT_FOUND, `Document "${name}" not found.`);
    return c.encodeDocument(found);
  }
}

export function decodeWrites(c: WireCodec, x: unknown): Write[] {
  if (x === undefined || x === null) return [];
  if (!Array.isArray(x)) throw invalid('Invalid writes: expected a list.');
  return x.map((w) => c.decodeWrite(w));
}

/** Any thrown value as a FirestoreError (unexpected ones become INTERNAL). */
export function toFirestoreError(err: unknown): FirestoreError {
  if (err instanceof FirestoreError) return err;
  // Errors from another copy of model.ts (or duck-typed ones) still carry a numeric code.
  if (err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'number') {
    const e = err as { code: number; message?: string };
    if (e.code > 0 && e.code <= 16)
      return new FirestoreError(e.code as FirestoreError['code'], String(e.message ?? ''));
  }
  const message = err instanceof Error ? err.message : String(err);
  return new FirestoreError(Code.INTERNAL, `Internal error: ${message}`);
}
