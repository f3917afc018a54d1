/** Sending object bytes: headers both SDKs read, Range (206/416) and gzip transcoding. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { headerSafe, parseRange } from './http.js';
import { baseName, rfc5987, type StoredObject } from './metadata.js';

export function sendMedia(req: IncomingMessage, res: ServerResponse, obj: StoredObject): void {
  const md = obj.metadata;
  let data = obj.data;
  // Decompressive transcoding, as GCS does: gzip objects are unzipped for clients that cannot take gzip.
  let encoding = md.contentEncoding;
  let transcoded = false;
  if (encoding === 'gzip' && !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    try {
      data = gunzipSync(data);
      encoding = undefined;
      transcoded = true;
    } catch {
      // Stored bytes are not really gzip: send them as they are.
    }
  }
  const fileName = baseName(md.name);
  const stored = md.contentDisposition?.trim();
  const headers: Record<string, string | number> = {
    'Content-Type': headerSafe(md.contentType),
    // Without a stored disposition the download is an attachment named after the object, as
    // Google's conformance suite observes on both APIs.
    'Content-Disposition': !stored
      ? `attachment; filename*=${rfc5987(fileName)}`
      : /filename/i.test(stored)
        ? headerSafe(stored)
        : `${headerSafe(stored)}; filename*=utf-8''${rfc5987(fileName)}`,
    'Accept-Ranges': 'bytes',
    ETag: `"${md.etag}"`,
    'Last-Modified': new Date(md.updated).toUTCString(),
    'X-Goog-Generation': String(md.generation),
    'X-Goog-Metageneration': String(md.metageneration),
    'X-Goog-Storage-Class': md.storageClass,
    'X-Goog-Hash': `crc32c=${md.crc32c},md5=${md.md5Hash}`,
    'X-Goog-Stored-Content-Encoding': md.contentEncoding ?? 'identity',
    'X-Goog-Stored-Content-Length': String(md.size),
  };
  if (encoding) headers['Content-Encoding'] = headerSafe(encoding);
  if (md.cacheControl) headers['Cache-Control'] = headerSafe(md.cacheControl);
  if (md.contentLanguage) headers['Content-Language'] = headerSafe(md.contentLanguage);

  // Ranges apply to the bytes as sent; not offered on transcoded (unzipped) content.
  const range = encoding === md.contentEncoding ? parseRange(req.headers.range, data.length) : null;
  if (range === 'unsatisfiable') {
    const text = JSON.stringify({ error: { code: 416, message: 'Requested range not satisfiable.' } });
    res.writeHead(416, {
      'Content-Range': `bytes */${data.length}`,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
    return;
  }
  if (range) {
    const slice = data.subarray(range.start, range.end + 1);
    res.writeHead(206, {
      ...headers,
      'Content-Range': `bytes ${range.start}-${range.end}/${data.length}`,
      'Content-Length': slice.length,
    });
    res.end(req.method === 'HEAD' ? undefined : slice);
    return;
  }
  // Transcoded content is streamed without a Content-Length, as GCS does (the stored length is
  // in X-Goog-Stored-Content-Length).
  res.writeHead(200, transcoded ? headers : { ...headers, 'Content-Length': data.length });
  res.end(req.method === 'HEAD' ? undefined : data);
}
