/**
 * The GCS JSON API subset that @google-cloud/storage (firebase-admin's storage) uses against
 * STORAGE_EMULATOR_HOST: `/b/...` (and `/storage/v1/b/...`), uploads at `/upload/storage/v1/b/...`,
 * downloads at `/download/storage/v1/b/...`. As in the official emulator this API is privileged
 * (the client library sends no credentials to a custom endpoint), so it bypasses the rules.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OWNER } from '../firestore/model.js';
import { baseUrlOf, header, type ApiContext } from './context.js';
import { HttpError, readBody, readJson, sendEmpty, sendJson } from './http.js';
import { sendMedia } from './media.js';
import {
  isoDate,
  parseIncoming,
  toGcsJson,
  TOKENS_KEY,
  type IncomingMetadata,
  type ObjectMetadata,
} from './metadata.js';
import { MultipartError, parseMultipart, parseObjectUpload } from './multipart.js';
import { validateObjectName } from './service.js';
import type { UploadSession } from './uploads.js';

/** GCS-shaped error (the client library reads `error.errors[].reason`). */
export function sendGcsError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const reason =
    status === 404
      ? 'notFound'
      : status === 403
        ? 'forbidden'
        : status === 412
          ? 'conditionNotMet'
          : status === 413
            ? 'uploadTooLarge'
            : 'invalid';
  sendJson(
    res,
    status,
    { error: { code: status, message, errors: [{ message, domain: 'global', reason }] } },
    headers,
  );
}

function incomingFrom(raw: unknown): IncomingMetadata {
  try {
    return parseIncoming(raw);
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

function bucketResource(bucket: string, base: string): Record<string, unknown> {
  const now = isoDate(Date.now());
  return {
    kind: 'storage#bucket',
    id: bucket,
    name: bucket,
    selfLink: `${base}/storage/v1/b/${bucket}`,
    projectNumber: '000000000000',
    metageneration: '1',
    location: 'US',
    locationType: 'multi-region',
    storageClass: 'STANDARD',
    etag: 'CAE=',
    timeCreated: now,
    updated: now,
  };
}

/** ifGenerationMatch / ifMetagenerationMatch preconditions (0 = "must not exist"). */
function checkPreconditions(url: URL, current: ObjectMetadata | undefined): void {
  const gen = url.searchParams.get('ifGenerationMatch');
  if (gen !== null && String(current?.generation ?? 0) !== gen) {
    throw new HttpError(412, `Precondition failed: ifGenerationMatch=${gen}.`);
  }
  const meta = url.searchParams.get('ifMetagenerationMatch');
  if (meta !== null && String(current?.metageneration ?? 0) !== meta) {
    throw new HttpError(412, `Precondition failed: ifMetagenerationMatch=${meta}.`);
  }
}

/**
 * Handles a GCS route; `segs` are the decoded path segments with any `storage/v1`,
 * `download/storage/v1` or `upload/storage/v1` head removed. Returns false if not a GCS route.
 */
export async function handleGcsApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  segs: string[],
  isUpload: boolean,
): Promise<boolean> {
  if (segs[0] !== 'b') return false;
  const method = req.method ?? 'GET';
  const base = baseUrlOf(req);
  const { service } = ctx;

  if (segs.length === 1 || (segs.length === 2 && segs[1] === '')) {
    if (method !== 'GET') throw new HttpError(405, 'Only GET is supported on /b.');
    sendJson(res, 200, {
      kind: 'storage#buckets',
      items: service.store.bucketNames().map((b) => bucketResource(b, base)),
    });
    return true;
  }
  const bucket = segs[1];
  if (segs.length === 2) {
    // Buckets exist implicitly: any bucket name is usable.
    if (method !== 'GET') throw new HttpError(405, 'Only GET is supported on a bucket.');
    sendJson(res, 200, bucketResource(bucket, base));
    return true;
  }
  if (segs[2] !== 'o') return false;
  const rest = segs.slice(3);

  if (isUpload) {
    if (rest.length > 0 && rest.join('/') !== '') return false;
    await upload(ctx, req, res, url, bucket);
    return true;
  }

  // Copy / rewrite: /b/{b}/o/{name...}/(copyTo|rewriteTo)/b/{db}/o/{dname...}
  const opIndex = rest.findIndex(
    (s, i) => (s === 'copyTo' || s === 'rewriteTo') && rest[i + 1] === 'b' && rest[i + 3] === 'o',
  );
  if (opIndex > 0 && method === 'POST') {
    const srcName = rest.slice(0, opIndex).join('/');
    const destBucket = rest[opIndex + 2];
    const destName = rest.slice(opIndex + 4).join('/');
    // A rewrite resumed with a token: everything is copied in one call here, so no token is ever
    // handed out and none can be resumed (501, as the official emulator).
    if (url.searchParams.has('rewriteToken'))
      throw new HttpError(501, 'Resuming a rewrite with a rewriteToken is not supported by the emulator.');
    const src = service.getObject(OWNER, bucket, srcName);
    const overrides = incomingFrom(await readJson(req, ctx.jsonLimit));
    checkPreconditions(url, service.store.get(destBucket, destName)?.metadata);
    const incoming: IncomingMetadata = {
      contentType: src.metadata.contentType,
      cacheControl: src.metadata.cacheControl,
      contentDisposition: src.metadata.contentDisposition,
      contentEncoding: src.metadata.contentEncoding,
      contentLanguage: src.metadata.contentLanguage,
      metadata: { ...src.metadata.customMetadata },
      ...overrides,
    };
    // The copy keeps the source's custom metadata (with its download tokens) unless the request
    // gives custom metadata, which replaces it; null values are stored as empty strings.
    if (overrides.metadata) {
      incoming.metadata = Object.fromEntries(
        Object.entries(overrides.metadata).map(([k, v]) => [k, v === null ? '' : v]),
      );
    } else if (src.metadata.downloadTokens.length > 0) {
      incoming.metadata = { ...incoming.metadata, [TOKENS_KEY]: src.metadata.downloadTokens.join(',') };
    }
    const md = service.upload(OWNER, destBucket, destName, src.data, incoming, 'gcs');
    const resource = toGcsJson(md, base);
    if (rest[opIndex] === 'copyTo') sendJson(res, 200, resource);
    else
      sendJson(res, 200, {
        kind: 'storage#rewriteResponse',
        totalBytesRewritten: String(md.size),
        objectSize: String(md.size),
        done: true,
        resource,
      });
    return true;
  }

  // ACLs are accepted and not enforced (makePublic() etc.), as in the official emulator: the
  // answer is the access control GCS would return.
  if (rest.length >= 2 && rest[rest.length - 1] === 'acl' && method === 'POST') {
    const name = rest.slice(0, -1).join('/');
    const obj = service.getObject(OWNER, bucket, name);
    const body = ((await readJson(req, ctx.jsonLimit)) ?? {}) as Record<string, unknown>;
    const entity = typeof body.entity === 'string' ? body.entity : '';
    const generation = String(obj.metadata.generation);
    sendJson(res, 200, {
      kind: 'storage#objectAccessControl',
      id: `${bucket}/${name}/${generation}/${entity}`,
      selfLink: `${base}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}/acl/${encodeURIComponent(entity)}`,
      bucket,
      object: name,
      generation,
      entity,
      role: body.role,
      etag: obj.metadata.etag,
    });
    return true;
  }

  const name = rest.join('/');
  if (!name) {
    if (method !== 'GET')
      throw new HttpError(405, `Method ${method} is not allowed on a bucket's object collection.`);
    const max = url.searchParams.get('maxResults');
    const result = service.list(OWNER, bucket, {
      prefix: url.searchParams.get('prefix') ?? '',
      delimiter: url.searchParams.get('delimiter') ?? '',
      pageToken: url.searchParams.get('pageToken') || undefined,
      maxResults: max ? Number(max) : undefined,
    });
    const body: Record<string, unknown> = {
      kind: 'storage#objects',
      items: result.items.map((md) => toGcsJson(md, base)),
    };
    // GCS leaves `prefixes` out when there are none.
    if (result.prefixes.length > 0) body.prefixes = result.prefixes;
    if (result.nextPageToken) body.nextPageToken = result.nextPageToken;
    sendJson(res, 200, body);
    return true;
  }

  switch (method) {
    case 'GET':
    case 'HEAD': {
      const obj = service.getObject(OWNER, bucket, name);
      checkPreconditions(url, obj.metadata);
      const gen = url.searchParams.get('generation');
      if (gen !== null && gen !== String(obj.metadata.generation))
        throw new HttpError(404, `No such object: ${bucket}/${name}#${gen}`);
      if (url.searchParams.get('alt') === 'media') sendMedia(req, res, obj);
      else sendJson(res, 200, toGcsJson(obj.metadata, base));
      return true;
    }
    case 'PATCH':
    case 'PUT': {
      const incoming = incomingFrom(await readJson(req, ctx.jsonLimit));
      checkPreconditions(url, service.store.get(bucket, name)?.metadata);
      const md = service.patch(OWNER, bucket, name, incoming);
      sendJson(res, 200, toGcsJson(md, base));
      return true;
    }
    case 'DELETE':
      checkPreconditions(url, service.store.get(bucket, name)?.metadata);
      service.delete(OWNER, bucket, name);
      sendEmpty(res, 204);
      return true;
    default:
      throw new HttpError(405, `Method ${method} is not allowed on an object.`);
  }
}

function nameFrom(url: URL, meta: Record<string, unknown> | null): string {
  const raw = url.searchParams.get('name') || (meta && typeof meta.name === 'string' ? meta.name : '');
  return raw.startsWith('/') ? raw.slice(1) : raw;
}

async function upload(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
): Promise<void> {
  const method = req.method ?? 'POST';
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId) {
    if (method === 'DELETE') {
      ctx.uploads.cancel(ctx.uploads.get(uploadId));
      req.resume();
      return sendEmpty(res, 499);
    }
    if (method !== 'PUT' && method !== 'POST')
      throw new HttpError(405, `Method ${method} is not allowed on an upload session.`);
    return resumableChunk(ctx, req, res, uploadId);
  }
  if (method !== 'POST') throw new HttpError(405, 'Start uploads with POST.');
  const { service } = ctx;
  const uploadType = url.searchParams.get('uploadType') ?? header(req, 'x-goog-upload-protocol') ?? 'media';

  if (uploadType === 'resumable') {
    const meta = (await readJson(req, ctx.jsonLimit)) as Record<string, unknown>;
    const name = nameFrom(url, meta);
    validateObjectName(name);
    const incoming = incomingFrom(meta);
    if (!incoming.contentType) incoming.contentType = header(req, 'x-upload-content-type') || undefined;
    const lengthRaw = header(req, 'x-upload-content-length');
    const declaredSize = lengthRaw ? Number(lengthRaw) : undefined;
    if (declaredSize !== undefined) {
      if (!Number.isSafeInteger(declaredSize) || declaredSize < 0)
        throw new HttpError(400, `Invalid X-Upload-Content-Length "${lengthRaw}".`);
      service.checkSize(declaredSize);
    }
    checkPreconditions(url, service.store.get(bucket, name)?.metadata);
    const session = ctx.uploads.start({ bucket, name, incoming, caller: OWNER, declaredSize });
    const location = new URL(`${baseUrlOf(req)}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o`);
    location.searchParams.set('uploadType', 'resumable');
    location.searchParams.set('name', name);
    location.searchParams.set('upload_id', session.id);
    return sendEmpty(res, 200, { Location: location.toString(), 'X-GUploader-UploadID': session.id });
  }

  if (uploadType === 'multipart') {
    const body = await readBody(req, service.maxObjectSize + ctx.jsonLimit);
    let parsed;
    try {
      parsed = parseObjectUpload(header(req, 'content-type'), body);
    } catch (err) {
      if (err instanceof MultipartError) throw new HttpError(400, err.message);
      throw err;
    }
    const meta = parsed.metadata as Record<string, unknown>;
    const name = nameFrom(url, meta);
    if (!name) throw new HttpError(400, 'Missing object name: pass ?name= or "name" in the metadata part.');
    const incoming = incomingFrom(meta);
    if (!incoming.contentType)
      incoming.contentType = parsed.dataContentType || header(req, 'x-upload-content-type') || undefined;
    checkPreconditions(url, service.store.get(bucket, name)?.metadata);
    const md = service.upload(OWNER, bucket, name, parsed.data, incoming, 'gcs');
    return sendJson(res, 200, toGcsJson(md, baseUrlOf(req)));
  }

  if (uploadType !== 'media') throw new HttpError(400, `Unsupported uploadType "${uploadType}".`);
  const name = nameFrom(url, null);
  if (!name) throw new HttpError(400, 'Missing object name: pass ?name=.');
  const data = await readBody(req, service.maxObjectSize);
  checkPreconditions(url, service.store.get(bucket, name)?.metadata);
  const md = service.upload(
    OWNER,
    bucket,
    name,
    data,
    {
      contentType: header(req, 'content-type') || undefined,
    },
    'gcs',
  );
  sendJson(res, 200, toGcsJson(md, baseUrlOf(req)));
}

/** Content-Range: "bytes a-b/total", "bytes a-*\/total", "bytes *\/total" (total may be "*"). */
function parseContentRange(
  raw: string | undefined,
): { start?: number; end?: number | '*'; total?: number } | null {
  if (!raw) return null;
  const m = /^\s*bytes\s+(?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)\s*$/i.exec(raw);
  if (!m) throw new HttpError(400, `Malformed Content-Range "${raw}".`);
  return {
    start: m[1] !== undefined ? Number(m[1]) : undefined,
    end: m[2] === undefined ? undefined : m[2] === '*' ? '*' : Number(m[2]),
    total: m[3] === '*' ? undefined : Number(m[3]),
  };
}

function incompleteHeaders(s: UploadSession): Record<string, string> {
  return s.received > 0 ? { Range: `bytes=0-${s.received - 1}` } : {};
}

async function resumableChunk(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
): Promise<void> {
  const session = ctx.uploads.get(uploadId);
  const range = parseContentRange(header(req, 'content-range'));
  if (session.state === 'final' && session.result) {
    req.resume();
    return sendJson(res, session.result.status, session.result.body);
  }
  ctx.uploads.requireActive(session);

  let finalize: boolean;
  if (range && range.start === undefined) {
    // Status query ("bytes */*") or a zero-byte final request ("bytes */N").
    req.resume();
    finalize = range.total !== undefined && range.total === session.received;
    if (!finalize) return sendEmpty(res, 308, incompleteHeaders(session));
  } else {
    const start = range?.start ?? session.received;
    if (start > session.received) {
      req.resume();
      throw new HttpError(
        400,
        `Content-Range starts at byte ${start} but only ${session.received} bytes were received.`,
      );
    }
    let chunk: Buffer;
    try {
      chunk = await ctx.uploads.receive(session, () => readBody(req, ctx.service.maxObjectSize - start));
    } catch (err) {
      if ((err as HttpError).status === 413) ctx.uploads.cancel(session);
      throw err;
    }
    // A retried chunk may overlap bytes we already have: keep only the new tail.
    ctx.uploads.append(session, chunk.subarray(session.received - start));
    const total = range?.total ?? session.declaredSize;
    // Without a total, a request whose range is open-ended ("a-*") or absent carries the rest.
    finalize = total !== undefined ? session.received >= total : !range || range.end === '*';
    if (total !== undefined && session.received > total) {
      ctx.uploads.cancel(session);
      throw new HttpError(
        400,
        `Received ${session.received} bytes, more than the declared ${total}; the upload was cancelled.`,
      );
    }
    if (!finalize) return sendEmpty(res, 308, incompleteHeaders(session));
  }
  try {
    const md = ctx.service.upload(
      session.caller,
      session.bucket,
      session.name,
      ctx.uploads.bytes(session),
      session.incoming,
      'gcs',
    );
    ctx.uploads.finish(session, { status: 200, body: toGcsJson(md, baseUrlOf(req)) });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.uploads.finish(session, {
      status: err.status,
      body: { error: { code: err.status, message: err.message } },
    });
  }
  sendJson(res, session.result!.status, session.result!.body);
}

/**
 * The XML API's two requests a Firebase app's server code plausibly makes: the public URL
 * `GET /{bucket}/{object}` (what `file.publicUrl()` names after `makePublic()`) and the browser
 * form upload of a signed POST policy, `POST /{bucket}` (multipart/form-data: `key`,
 * `Content-Type`, `Cache-Control`, `Content-Disposition`, `Content-Encoding`,
 * `Content-Language`, `x-goog-meta-*`, then `file`). As the official emulator, neither ACLs nor
 * policy signatures are checked: both act as the owner.
 */
export async function handleXmlApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  segs: string[],
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const bucket = segs[0];
  if (!bucket) return false;
  const name = segs.slice(1).join('/');
  if ((method === 'GET' || method === 'HEAD') && name) {
    sendMedia(req, res, ctx.service.getObject(OWNER, bucket, name));
    return true;
  }
  if (method !== 'POST' || name) return false;
  const contentType = header(req, 'content-type') ?? '';
  if (!/^\s*multipart\/form-data/i.test(contentType)) return false;
  const body = await readBody(req, ctx.service.maxObjectSize + ctx.jsonLimit);
  let parts;
  try {
    parts = parseMultipart(contentType, body);
  } catch (err) {
    if (err instanceof MultipartError) throw new HttpError(400, err.message);
    throw err;
  }
  const fields = new Map<string, string>();
  let file: { data: Buffer; filename?: string; contentType?: string } | undefined;
  for (const part of parts) {
    const disposition = part.headers['content-disposition'] ?? '';
    const field = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!field) continue;
    if (field === 'file') {
      file = {
        data: part.body,
        filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
        contentType: part.headers['content-type'],
      };
      break; // GCS ignores fields after the file
    }
    fields.set(field.toLowerCase(), part.body.toString('utf8'));
  }
  if (!file) throw new HttpError(400, 'A POST policy upload needs a "file" field.');
  const key = (fields.get('key') ?? '').replace('${filename}', file.filename ?? '');
  if (!key) throw new HttpError(400, 'A POST policy upload needs a "key" field.');
  const custom: Record<string, string> = {};
  for (const [k, v] of fields) if (k.startsWith('x-goog-meta-')) custom[k.slice('x-goog-meta-'.length)] = v;
  const incoming: IncomingMetadata = {
    contentType: fields.get('content-type') ?? file.contentType,
    cacheControl: fields.get('cache-control'),
    contentDisposition: fields.get('content-disposition'),
    contentEncoding: fields.get('content-encoding'),
    contentLanguage: fields.get('content-language'),
    metadata: Object.keys(custom).length > 0 ? custom : undefined,
  };
  ctx.service.upload(OWNER, bucket, key, file.data, incoming, 'gcs');
  const status = Number(fields.get('success_action_status'));
  sendEmpty(res, status === 200 || status === 201 ? status : 204);
  return true;
}
