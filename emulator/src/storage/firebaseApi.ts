/**
 * The Firebase Storage API (`/v0/b/{bucket}/o...`) spoken by the web SDK (firebase/storage),
 * @firebase/rules-unit-testing and download URLs. Every call goes through the rules seam.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../firestore/model.js';
import { AuthError, callerFromHeaders } from './auth.js';
import { baseUrlOf, header, type ApiContext } from './context.js';
import { HttpError, readBody, readJson, sendEmpty, sendJson } from './http.js';
import { sendMedia } from './media.js';
import {
  parseIncoming,
  pendingRulesResource,
  toFirebaseJson,
  toRulesResource,
  type IncomingMetadata,
} from './metadata.js';
import { MultipartError, parseObjectUpload } from './multipart.js';
import { validateObjectName } from './service.js';
import type { UploadSession } from './uploads.js';

const CHUNK_GRANULARITY = 256 * 1024;

function firebaseCaller(req: IncomingMessage): Caller {
  try {
    return callerFromHeaders(req.headers);
  } catch (err) {
    if (err instanceof AuthError) throw new HttpError(401, err.message);
    throw err;
  }
}

function lenientCaller(req: IncomingMessage): Caller {
  try {
    return callerFromHeaders(req.headers);
  } catch (err) {
    if (err instanceof AuthError) throw new HttpError(403, 'Missing admin credentials.');
    throw err;
  }
}

function incomingFrom(raw: unknown): IncomingMetadata {
  try {
    return parseIncoming(raw);
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

/** Handles `/v0/...`; `segs` are the decoded path segments after "v0". */
export async function handleFirebaseApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  segs: string[],
): Promise<void> {
  if (segs.length === 0 || (segs.length === 1 && segs[0] === '')) {
    sendJson(res, 200, { emulator: 'storage' });
    return;
  }
  if (segs[0] !== 'b' || !segs[1] || segs[2] !== 'o') throw new HttpError(404, `Not found: ${url.pathname}`);
  const bucket = segs[1];
  const name = segs.slice(3).join('/');
  const method = req.method ?? 'GET';
  const tokenOp =
    method === 'POST' && (url.searchParams.has('create_token') || url.searchParams.has('delete_token'));
  // Token management answers 403 to any credential that is not the owner's, a malformed one too.
  const caller = tokenOp ? lenientCaller(req) : firebaseCaller(req);

  if (!name) {
    if (method === 'GET' || method === 'HEAD') return list(ctx, res, url, bucket, caller);
    if (method === 'POST' || method === 'PUT')
      return upload(ctx, req, res, url, bucket, url.searchParams.get('name') ?? '', caller);
    throw new HttpError(405, `Method ${method} is not allowed on a bucket's object collection.`);
  }

  switch (method) {
    case 'GET':
    case 'HEAD': {
      const token = url.searchParams.get('token') ?? undefined;
      const obj = ctx.service.ensureToken(ctx.service.getObject(caller, bucket, name, token));
      if (url.searchParams.get('alt') === 'media') return sendMedia(req, res, obj);
      return sendJson(res, 200, toFirebaseJson(obj.metadata));
    }
    case 'PATCH':
      return patch(ctx, req, res, bucket, name, caller);
    case 'PUT':
      if (header(req, 'x-http-method-override')?.toUpperCase() === 'PATCH')
        return patch(ctx, req, res, bucket, name, caller);
      return upload(ctx, req, res, url, bucket, name, caller);
    case 'POST': {
      if (url.searchParams.has('create_token') || url.searchParams.has('delete_token')) {
        // Only the owner manages tokens: a bad credential is refused like any non-owner (403).
        if (caller.kind !== 'owner') throw new HttpError(403, 'Missing admin credentials.');
        const remove = url.searchParams.get('delete_token');
        if (remove === null && url.searchParams.get('create_token') !== 'true')
          throw new HttpError(400, 'create_token must be "true".');
        const md = ctx.service.changeTokens(
          caller,
          bucket,
          name,
          remove !== null ? { remove } : { create: true },
        );
        return sendJson(res, 200, toFirebaseJson(md));
      }
      return upload(ctx, req, res, url, bucket, name, caller);
    }
    case 'DELETE':
      ctx.service.delete(caller, bucket, name);
      return sendEmpty(res, 204);
    default:
      throw new HttpError(405, `Method ${method} is not allowed on an object.`);
  }
}

/** A valid Firebase path has no empty segments (as the official emulator filters listings). */
function isValidPath(path: string): boolean {
  const p = path.replace(/^\//, '');
  return p !== '' && p.split('/').every((s) => s !== '');
}

function list(ctx: ApiContext, res: ServerResponse, url: URL, bucket: string, caller: Caller): void {
  const rawMax = url.searchParams.get('maxResults');
  let maxResults: number | undefined;
  if (rawMax !== null) {
    maxResults = Number(rawMax);
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) {
      throw new HttpError(400, 'maxResults must be an integer between 1 and 1000.');
    }
  }
  const result = ctx.service.list(caller, bucket, {
    prefix: url.searchParams.get('prefix') ?? '',
    delimiter: url.searchParams.get('delimiter') ?? '',
    pageToken: url.searchParams.get('pageToken') || undefined,
    maxResults,
  });
  const body: Record<string, unknown> = {
    prefixes: result.prefixes.filter((p) => isValidPath(p.replace(/\/$/, ''))),
    items: result.items
      .filter((md) => isValidPath(md.name))
      .map((md) => ({ name: md.name, bucket: md.bucket })),
  };
  if (result.nextPageToken) body.nextPageToken = result.nextPageToken;
  sendJson(res, 200, body);
}

async function patch(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<void> {
  const incoming = incomingFrom(await readJson(req, ctx.jsonLimit));
  const md = ctx.service.patch(caller, bucket, name, incoming);
  sendJson(res, 200, toFirebaseJson(md));
}

async function upload(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<void> {
  const protocol = header(req, 'x-goog-upload-protocol')?.toLowerCase();
  const command = header(req, 'x-goog-upload-command')?.toLowerCase();
  const uploadId = url.searchParams.get('upload_id');

  if (command === 'start' || (protocol === 'resumable' && !uploadId)) {
    return startResumable(ctx, req, res, bucket, name, caller);
  }
  if (uploadId || command) return continueResumable(ctx, req, res, uploadId, command ?? '');

  if (protocol === 'multipart') {
    const body = await readBody(req, ctx.service.maxObjectSize + ctx.jsonLimit);
    let parsed;
    try {
      parsed = parseObjectUpload(header(req, 'content-type'), body);
    } catch (err) {
      if (err instanceof MultipartError) throw new HttpError(400, err.message);
      throw err;
    }
    const meta = parsed.metadata as Record<string, unknown>;
    const objectName = name || (typeof meta.name === 'string' ? meta.name : '');
    if (!objectName)
      throw new HttpError(400, 'Missing object name: pass ?name= or "name" in the metadata part.');
    const incoming = incomingFrom(meta);
    if (!incoming.contentType && parsed.dataContentType) incoming.contentType = parsed.dataContentType;
    const md = ctx.service.upload(caller, bucket, objectName, parsed.data, incoming, 'firebase');
    return sendJson(res, 200, toFirebaseJson(md));
  }

  // Raw media upload: the body is the object, Content-Type its type.
  if (!name) throw new HttpError(400, 'Missing object name: pass ?name= or put it in the path.');
  const data = await readBody(req, ctx.service.maxObjectSize);
  const contentType = header(req, 'content-type') || undefined;
  const md = ctx.service.upload(caller, bucket, name, data, { contentType }, 'firebase');
  sendJson(res, 200, toFirebaseJson(md));
}

async function startResumable(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<void> {
  const raw = (await readJson(req, ctx.jsonLimit)) as Record<string, unknown>;
  const objectName = name || (raw && typeof raw.name === 'string' ? raw.name : '');
  validateObjectName(objectName);
  const incoming = incomingFrom(raw);
  if (!incoming.contentType)
    incoming.contentType = header(req, 'x-goog-upload-header-content-type') || undefined;
  const declaredRaw = header(req, 'x-goog-upload-header-content-length');
  let declaredSize: number | undefined;
  if (declaredRaw !== undefined && declaredRaw !== '') {
    declaredSize = Number(declaredRaw);
    if (!Number.isSafeInteger(declaredSize) || declaredSize < 0) {
      throw new HttpError(400, `Invalid X-Goog-Upload-Header-Content-Length "${declaredRaw}".`);
    }
    ctx.service.checkSize(declaredSize);
  }
  // Fail fast when the size is announced: check the rules now with it; finalize checks again
  // with the real bytes. Without a size there is no request.resource.size to judge yet, so the
  // rules decide at finalize only (as the official emulator does).
  if (declaredSize !== undefined) {
    const existing = ctx.service.store.get(bucket, objectName);
    ctx.service.authorize(
      caller,
      'create',
      bucket,
      objectName,
      existing ? toRulesResource(existing.metadata) : null,
      pendingRulesResource(bucket, objectName, declaredSize, incoming),
    );
  }
  const session = ctx.uploads.start({ bucket, name: objectName, incoming, caller, declaredSize });
  const uploadUrl = new URL(`${baseUrlOf(req)}/v0/b/${encodeURIComponent(bucket)}/o`);
  uploadUrl.searchParams.set('name', objectName);
  uploadUrl.searchParams.set('upload_id', session.id);
  uploadUrl.searchParams.set('upload_protocol', 'resumable');
  sendEmpty(res, 200, {
    'X-Goog-Upload-Status': 'active',
    'X-Goog-Upload-URL': uploadUrl.toString(),
    'X-Goog-Upload-Control-URL': uploadUrl.toString(),
    'X-Goog-Upload-Chunk-Granularity': String(CHUNK_GRANULARITY),
    'X-GUploader-UploadID': session.id,
  });
}

function statusHeaders(s: UploadSession): Record<string, string> {
  return {
    'X-Goog-Upload-Status': s.state,
    'X-Goog-Upload-Size-Received': String(s.received),
    'X-GUploader-UploadID': s.id,
  };
}

/** Replays the stored finalize reply (a retried finalize must see the same outcome). */
function sendResult(res: ServerResponse, s: UploadSession): void {
  const r = s.result!;
  sendJson(res, r.status, r.body, { 'X-Goog-Upload-Status': 'final', 'X-GUploader-UploadID': s.id });
}

async function continueResumable(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string | null,
  command: string,
): Promise<void> {
  const session = ctx.uploads.get(uploadId);
  const commands = new Set(
    command
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
  if (commands.size === 0) throw new HttpError(400, 'Missing X-Goog-Upload-Command header.');

  if (commands.has('query')) {
    req.resume();
    return sendEmpty(res, 200, statusHeaders(session));
  }
  if (commands.has('cancel')) {
    req.resume();
    ctx.uploads.cancel(session);
    return sendEmpty(res, 200, { 'X-Goog-Upload-Status': 'cancelled' });
  }
  const unknown = [...commands].filter((c) => c !== 'upload' && c !== 'finalize');
  if (unknown.length > 0) throw new HttpError(400, `Unknown X-Goog-Upload-Command "${unknown.join(', ')}".`);

  if (session.state === 'final' && session.result && commands.has('finalize')) {
    req.resume();
    return sendResult(res, session);
  }
  ctx.uploads.requireActive(session);

  if (commands.has('upload')) {
    const offsetRaw = header(req, 'x-goog-upload-offset');
    if (offsetRaw !== undefined) {
      const offset = Number(offsetRaw);
      if (!Number.isSafeInteger(offset) || offset !== session.received) {
        req.resume();
        throw new HttpError(
          400,
          `Wrong X-Goog-Upload-Offset ${offsetRaw}: the server has received ${session.received} bytes, so the next chunk must start at offset ${session.received}.`,
          statusHeaders(session),
        );
      }
    }
    let chunk: Buffer;
    try {
      chunk = await ctx.uploads.receive(session, () =>
        readBody(req, ctx.service.maxObjectSize - session.received),
      );
    } catch (err) {
      if ((err as HttpError).status === 413) {
        // Too big: the whole upload is void, nothing will be stored.
        ctx.uploads.cancel(session);
        throw new HttpError(
          413,
          `Upload exceeds the maximum object size of ${ctx.service.maxObjectSize} bytes; the upload was cancelled.`,
        );
      }
      throw err;
    }
    if (session.declaredSize !== undefined && session.received + chunk.length > session.declaredSize) {
      throw new HttpError(
        400,
        `Chunk overruns the announced size: ${session.received + chunk.length} > ${session.declaredSize} bytes.`,
        statusHeaders(session),
      );
    }
    ctx.uploads.append(session, chunk);
  } else {
    req.resume();
  }

  if (!commands.has('finalize')) return sendEmpty(res, 200, statusHeaders(session));

  if (session.declaredSize !== undefined && session.received !== session.declaredSize) {
    throw new HttpError(
      400,
      `Cannot finalize: received ${session.received} of the ${session.declaredSize} announced bytes.`,
      statusHeaders(session),
    );
  }
  try {
    const md = ctx.service.upload(
      session.caller,
      session.bucket,
      session.name,
      ctx.uploads.bytes(session),
      session.incoming,
      'firebase',
    );
    ctx.uploads.finish(session, { status: 200, body: toFirebaseJson(md) });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.uploads.finish(session, {
      status: err.status,
      body: { error: { code: err.status, message: err.message } },
    });
  }
  sendResult(res, session);
}
