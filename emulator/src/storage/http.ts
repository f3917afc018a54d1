/** Small HTTP helpers: bounded body reading, JSON/error replies, CORS, Range parsing. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error that becomes an HTTP reply `{"error":{"code","message"}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class BodyTooLargeError extends HttpError {
  constructor(limit: number) {
    super(413, `Request body exceeds the maximum allowed size of ${limit} bytes.`);
  }
}

/**
 * Read the whole body, failing with 413 past `limit`. The rest of an oversized body is drained
 * (not kept) so the client still gets to read our 413 instead of a reset connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      if (tooLarge) reject(new BodyTooLargeError(limit));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
    // A client that disconnects mid-body must not leave this promise (and its chunks) pending.
    req.on('close', () => {
      if (!ended) reject(new HttpError(400, 'The request body was cut off (client disconnected).'));
    });
  });
}

export async function readJson(req: IncomingMessage, limit = 4 * 1024 * 1024): Promise<unknown> {
  const body = await readBody(req, limit);
  const text = body.toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
}

/**
 * Header-safe text: Node refuses control and non-Latin-1 characters in header values, and stored
 * metadata may contain anything, so those are percent-encoded rather than failing the download.
 */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { code: status, message } }, headers);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Length': 0 });
  res.end();
}

const EXPOSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Content-Disposition',
  'Content-Encoding',
  'ETag',
  'Location',
  'Range',
  'X-Firebase-Storage-Version',
  'X-Goog-Upload-Status',
  'X-Goog-Upload-URL',
  'X-Goog-Upload-Size-Received',
  'X-Goog-Upload-Command',
  'X-Goog-Upload-Protocol',
  'X-Goog-Upload-Chunk-Granularity',
  'X-Goog-Upload-Control-URL',
  'X-Goog-Upload-Header-Content-Length',
  'X-Goog-Upload-Header-Content-Type',
  'X-GUploader-UploadID',
  'X-Goog-Hash',
  'X-Goog-Generation',
  'X-Goog-Metageneration',
  'X-Goog-Stored-Content-Encoding',
  'X-Goog-Stored-Content-Length',
].join(', ');

/** CORS on every reply (echoing the origin); answers preflights itself. Returns true if handled. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    requested ??
      'Authorization, Content-Type, X-Goog-Upload-Protocol, X-Goog-Upload-Command, X-Goog-Upload-Offset',
  );
  if (req.headers['access-control-request-private-network']) {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.setHeader('Access-Control-Max-Age', '3600');
  sendEmpty(res, 204);
  return true;
}

/**
 * One byte range from a Range header, clamped to the object; null means "send it all";
 * 'unsatisfiable' means 416. Multiple ranges are not supported and are answered whole.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (size === 0) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
