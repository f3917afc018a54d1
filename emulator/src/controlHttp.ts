/**
 * What the local stand-ins' test controls (`/__control/` of the local Stripe and the local Google)
 * share: JSON in, JSON out, errors with an HTTP status.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A refused control request: answered with `status` and `{ error: message }`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(body);
}

/** A request's whole body; past `maxBytes` the request is dropped and the promise rejects. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export type Json = Record<string, unknown>;

/** A control request's body: empty is `{}`, anything but a JSON object is refused. */
export function parseJson(raw: string): Json {
  if (!raw.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new ControlError(400, 'The body must be JSON.');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new ControlError(400, 'The body must be a JSON object.');
  return v as Json;
}

/** A finite number, else undefined. */
export const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Starts a stand-in's HTTP server on `port` (0: a free one) and answers every request with
 * `handle`; a request that throws gets a 500 and its stack in the log. Resolves once listening,
 * with the server and the base URL clients use.
 */
export async function listenStandIn(
  name: string,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  { port, host }: { port: number; host: string },
  log: (line: string) => void,
): Promise<{ server: Server; port: number; url: string }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(
        `[${name}] ${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { server, port: actual, url: `http://${urlHost}:${actual}` };
}

/** A stand-in's log line on stderr, with its time. */
export function defaultLog(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

/** Writes `file` whole or not at all (a temp file, then a rename). */
export async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}
