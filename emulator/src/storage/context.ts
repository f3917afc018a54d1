/** What the route handlers share, plus path decoding common to both wire APIs. */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http.js';
import type { StorageService } from './service.js';
import type { UploadSessions } from './uploads.js';

export interface ApiContext {
  service: StorageService;
  uploads: UploadSessions;
  /** Bytes allowed for JSON bodies (metadata, rules). */
  jsonLimit: number;
}

/** `http://host:port` as the client reached us, for upload session URLs and GCS links. */
export function baseUrlOf(req: IncomingMessage): string {
  const host = req.headers.host ?? `127.0.0.1:${(req.socket.localPort ?? 0).toString()}`;
  return `http://${host}`;
}

/** Split a raw pathname into decoded segments ("%2F" inside a segment stays a slash in it). */
export function decodeSegments(rawPath: string): string[] {
  const parts = rawPath.split('/').slice(1);
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw new HttpError(400, 'The request path is not valid percent-encoding.');
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}
