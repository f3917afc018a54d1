/**
 * The Firestore REST API (v1, proto3 JSON), used by firebase/firestore/lite and by the browser
 * SDK for transactions and aggregations:
 *   POST /v1/{database}/documents:{batchGet|commit|runQuery|runAggregationQuery|beginTransaction|
 *        rollback|listCollectionIds|batchWrite}
 *   POST /v1/{database}/documents/{docPath}:{runQuery|runAggregationQuery|listCollectionIds}
 *   GET|PATCH|DELETE /v1/{database}/documents/{docPath}
 *   GET  /v1/{database}/documents[/{docPath}]/{collectionId}   (listDocuments)
 *   POST /v1/{database}/documents[/{docPath}]/{collectionId}   (createDocument)
 * Streaming RPCs answer a JSON array, as Google's REST endpoint does.
 */
import type { Caller } from '../model.js';
import { Code, FirestoreError } from '../model.js';
import { invalid, jsonCodec } from './codec.js';
import type { Wire } from './codec.js';
import type { FirestoreRpc } from './rpc.js';

export interface RestRequest {
  method: string;
  /** Path segments after /v1/, already percent-decoded. */
  segments: string[];
  /** The verb after ':' on the last segment, if any. */
  verb: string | undefined;
  query: URLSearchParams;
  body: unknown;
}

/** Splits `/v1/projects/p/databases/d/documents/a/b:runQuery`; undefined if not a v1 path. */
export function parseRestPath(
  pathname: string,
  query: URLSearchParams,
  method: string,
  body: unknown,
): RestRequest | undefined {
  if (!pathname.startsWith('/v1/')) return undefined;
  const raw = pathname.slice(4).split('/');
  let verb: string | undefined;
  const last = raw[raw.length - 1];
  const colon = last.indexOf(':');
  if (colon >= 0) {
    verb = last.slice(colon + 1);
    raw[raw.length - 1] = last.slice(0, colon);
  }
  let segments: string[];
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    throw invalid('Malformed URL encoding.');
  }
  return { method, segments, verb, query, body };
}

function maskFrom(query: URLSearchParams, key: string): Wire | undefined {
  const paths = query.getAll(`${key}.fieldPaths`);
  return paths.length > 0 ? { fieldPaths: paths } : undefined;
}

function preconditionFrom(query: URLSearchParams): Wire | undefined {
  const exists = query.get('currentDocument.exists');
  if (exists !== null) return { exists: exists === 'true' };
  const updateTime = query.get('currentDocument.updateTime');
  if (updateTime !== null) return { updateTime };
  return undefined;
}

function consistencyFrom(query: URLSearchParams): Wire {
  const out: Wire = {};
  const transaction = query.get('transaction');
  if (transaction) out.transaction = transaction;
  const readTime = query.get('readTime');
  if (readTime) out.readTime = readTime;
  return out;
}

function bodyObject(body: unknown): Wire {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalid('The request body must be a JSON object.');
  return body as Wire;
}

/** Runs a REST call; returns the JSON response (object or array). */
export async function handleRest(rpc: FirestoreRpc, caller: Caller, r: RestRequest): Promise<unknown> {
  const s = r.segments;
  if (s.length < 5 || s[0] !== 'projects' || s[2] !== 'databases' || s[4] !== 'documents') {
    throw new FirestoreError(Code.NOT_FOUND, `Unknown REST resource /v1/${s.join('/')}.`);
  }
  const database = s.slice(0, 4).join('/');
  const name = s.join('/'); // .../documents[/path]
  const rest = s.slice(5); // path under documents
  const c = jsonCodec;
  const body = () => bodyObject(r.body);

  if (r.verb !== undefined) {
    if (r.method !== 'POST') throw new FirestoreError(Code.NOT_FOUND, `Use POST for :${r.verb}.`);
    if (rest.length % 2 !== 0) throw invalid(`:${r.verb} needs a database or document parent.`);
    switch (r.verb) {
      case 'batchGet':
        return rpc.batchGetDocuments(c, caller, { ...body(), database });
      case 'commit':
        return rpc.commit(c, caller, { ...body(), database });
      case 'batchWrite':
        return rpc.batchWrite(c, caller, { ...body(), database });
      case 'beginTransaction':
        return rpc.beginTransaction(c, caller, { ...body(), database });
      case 'rollback':
        return rpc.rollback(c, caller, { ...body(), database });
      case 'runQuery':
        return rpc.runQuery(c, caller, { ...body(), parent: name });
      case 'runAggregationQuery':
        return rpc.runAggregationQuery(c, caller, { ...body(), parent: name });
      case 'listCollectionIds':
        return rpc.listCollectionIds(c, caller, { ...body(), parent: name });
      default:
        throw new FirestoreError(Code.NOT_FOUND, `Unknown method :${r.verb}.`);
    }
  }

  if (rest.length === 0) throw new FirestoreError(Code.NOT_FOUND, 'No document or collection in the path.');
  const isDocument = rest.length % 2 === 0;
  const q = r.query;

  if (isDocument) {
    switch (r.method) {
      case 'GET':
        return rpc.getDocument(c, caller, { name, mask: maskFrom(q, 'mask'), ...consistencyFrom(q) });
      case 'PATCH': {
        const doc = body();
        return rpc.updateDocument(c, caller, {
          document: { ...doc, name },
          updateMask: maskFrom(q, 'updateMask'),
          mask: maskFrom(q, 'mask'),
          currentDocument: preconditionFrom(q),
        });
      }
      case 'DELETE':
        return rpc.deleteDocument(c, caller, { name, currentDocument: preconditionFrom(q) });
      default:
        throw new FirestoreError(Code.NOT_FOUND, `${r.method} is not supported on a document.`);
    }
  }

  const parent = s.slice(0, s.length - 1).join('/');
  const collectionId = s[s.length - 1];
  switch (r.method) {
    case 'GET':
      return rpc.listDocuments(c, caller, {
        parent,
        collectionId,
        pageSize: q.get('pageSize') ?? undefined,
        pageToken: q.get('pageToken') ?? undefined,
        showMissing: q.get('showMissing') === 'true',
        mask: maskFrom(q, 'mask'),
        ...consistencyFrom(q),
      });
    case 'POST':
      return rpc.createDocument(c, caller, {
        parent,
        collectionId,
        documentId: q.get('documentId') ?? undefined,
        document: body(),
        mask: maskFrom(q, 'mask'),
      });
    default:
      throw new FirestoreError(Code.NOT_FOUND, `${r.method} is not supported on a collection.`);
  }
}

const HTTP_STATUS: Record<number, number> = {
  [Code.CANCELLED]: 499,
  [Code.UNKNOWN]: 500,
  [Code.INVALID_ARGUMENT]: 400,
  [Code.DEADLINE_EXCEEDED]: 504,
  [Code.NOT_FOUND]: 404,
  [Code.ALREADY_EXISTS]: 409,
  [Code.PERMISSION_DENIED]: 403,
  [Code.RESOURCE_EXHAUSTED]: 429,
  [Code.FAILED_PRECONDITION]: 400,
  [Code.ABORTED]: 409,
  [Code.OUT_OF_RANGE]: 400,
  [Code.UNIMPLEMENTED]: 501,
  [Code.INTERNAL]: 500,
  [Code.UNAVAILABLE]: 503,
  [Code.DATA_LOSS]: 500,
  [Code.UNAUTHENTICATED]: 401,
};

export function httpStatusOf(error: FirestoreError): number {
  return HTTP_STATUS[error.code] ?? 500;
}

/** Google's JSON error envelope. */
export function errorBody(error: FirestoreError): Wire {
  return { error: { code: httpStatusOf(error), message: error.message, status: error.status } };
}
