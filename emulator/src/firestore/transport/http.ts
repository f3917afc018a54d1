/**
 * Everything the emulator serves over HTTP/1.1: WebChannel, REST v1, the official emulator's admin
 * endpoints, and `GET /` ("Ok."). Browsers call with credentials, so CORS echoes the exact origin.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FirestoreEngine } from '../api.js';
import { Code, FirestoreError } from '../model.js';
import type { Caller } from '../model.js';
import { callerFromAuthorization, describeCaller } from './auth.js';
import type { Logger } from './log.js';
import { errorBody, handleRest, httpStatusOf, parseRestPath } from './rest.js';
import { FirestoreRpc, toFirestoreError } from './rpc.js';
import type { WebChannelTransport } from './webchannel.js';

export type RulesUpdateResult =
  { ok: true } | { ok: false; error: { message: string; line?: number; column?: number } };
export type RulesUpdateHook = (source: string) => RulesUpdateResult | Promise<RulesUpdateResult>;

/** Rules coverage of the loaded ruleset (the rules engine's CoverageRecorder). */
export interface CoverageSource {
  toJSON(): string;
  toHTML(): string;
}

export interface HttpOptions {
  engine: FirestoreEngine;
  webChannel: WebChannelTransport;
  log: Logger;
  onRulesUpdate?: RulesUpdateHook;
  coverage?: CoverageSource;
}

/** Firestore caps requests at 10 MiB; leave room for the JSON overhead. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'google-cloud-resource-prefix',
  'x-firebase-gmpid',
  'x-goog-api-client',
  'x-goog-api-key',
  'x-goog-request-params',
  'x-firebase-appcheck',
  'x-firebase-client',
].join(', ');

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'X-HTTP-Session-Id, X-Goog-Upload-Status, Content-Type',
    Vary: 'Origin',
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new FirestoreError(Code.INVALID_ARGUMENT, 'Request payload too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
}

const ADMIN_RULES = /^\/emulator\/v1\/projects\/([^/]+):securityRules$/;
const ADMIN_DOCUMENTS = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/;
const ADMIN_EXPORT = /^\/emulator\/v1\/projects\/([^/]+):export$/;
/** Document reads billed since the last reset (GET), and the reset (DELETE). Not in the official emulator. */
const ADMIN_READS = /^\/emulator\/v1\/projects\/([^/]+):readCounts$/;
/** The official emulator's `:ruleCoverage` (JSON) and `:ruleCoverage.html`; `/html` also works. */
const ADMIN_COVERAGE = /^\/emulator\/v1\/projects\/([^/]+):ruleCoverage(\.html|\/html)?$/;

/** The rules source of `{"rules":{"files":[{"content": ...}]}}`. */
function rulesSource(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new FirestoreError(
      Code.INVALID_ARGUMENT,
      'The body must be JSON: {"rules":{"files":[{"content":"..."}]}}.',
    );
  }
  const files = (parsed as { rules?: { files?: { content?: unknown }[] } })?.rules?.files;
  if (!Array.isArray(files) || files.length === 0 || typeof files[0]?.content !== 'string') {
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'Expected {"rules":{"files":[{"content":"..."}]}}.');
  }
  return files.map((f) => String(f.content ?? '')).join('\n');
}

export function createHttpServer(options: HttpOptions): http.Server {
  const { engine, webChannel, log } = options;
  const rpc = new FirestoreRpc(engine);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const cors = corsHeaders(req);
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      const headers: Record<string, string> = {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
        'Access-Control-Max-Age': '3600',
      };
      // Chrome's Private Network Access preflight (a public page calling localhost).
      if (req.headers['access-control-request-private-network'] === 'true') {
        headers['Access-Control-Allow-Private-Network'] = 'true';
      }
      res.writeHead(204, headers);
      res.end();
      return;
    }

    if (url.pathname === '/' && method === 'GET') {
      res.writeHead(200, { ...cors, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Ok\n');
      return;
    }

    const body = await readBody(req);

    if (webChannel.handle(req, res, url, body, cors)) return;

    if (url.pathname.startsWith('/emulator/')) {
      await handleAdmin(req, res, url, body, cors);
      return;
    }

    let caller: Caller | undefined;
    try {
      let parsedBody: unknown;
      if (body.trim() !== '') {
        try {
          parsedBody = JSON.parse(body);
        } catch {
          throw new FirestoreError(Code.INVALID_ARGUMENT, 'The request body is not valid JSON.');
        }
      }
      const rest = parseRestPath(url.pathname, url.searchParams, method, parsedBody);
      if (!rest) {
        sendJson(
          res,
          404,
          errorBody(new FirestoreError(Code.NOT_FOUND, `Not found: ${method} ${url.pathname}`)),
          cors,
        );
        return;
      }
      caller = callerFromAuthorization(req.headers.authorization);
      const result = await handleRest(rpc, caller, rest);
      sendJson(res, 200, result, cors);
    } catch (err) {
      const error = toFirestoreError(err);
      log.failure(
        `REST ${method} ${url.pathname} (${caller ? describeCaller(caller) : 'unknown caller'}): ${error.status}: ${error.message}`,
      );
      sendJson(res, httpStatusOf(error), errorBody(error), cors);
    }
  };

  const handleAdmin = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
    cors: Record<string, string>,
  ): Promise<void> => {
    const method = req.method ?? 'GET';
    try {
      if (ADMIN_RULES.test(url.pathname) && method === 'PUT') {
        const source = rulesSource(body);
        if (!options.onRulesUpdate) {
          throw new FirestoreError(Code.UNIMPLEMENTED, 'This emulator was started without a rules engine.');
        }
        const result = await options.onRulesUpdate(source);
        if (!result.ok) {
          const { message, line, column } = result.error;
          const where =
            line !== undefined ? ` (line ${line}${column !== undefined ? `, column ${column}` : ''})` : '';
          log.failure(`Rules update rejected${where}: ${message}`);
          sendJson(
            res,
            400,
            {
              error: {
                code: 400,
                status: 'INVALID_ARGUMENT',
                message: `${message}${where}`,
                details: [{ line, column, description: message }],
              },
            },
            cors,
          );
          return;
        }
        log.info('Rules updated.');
        sendJson(res, 200, {}, cors);
        return;
      }
      if (ADMIN_DOCUMENTS.test(url.pathname) && method === 'DELETE') {
        engine.clear();
        sendJson(res, 200, {}, cors);
        return;
      }
      const coverage = ADMIN_COVERAGE.exec(url.pathname);
      if (coverage && method === 'GET') {
        if (!options.coverage) {
          throw new FirestoreError(Code.UNIMPLEMENTED, 'This emulator was started without rules coverage.');
        }
        if (coverage[2]) {
          res.writeHead(200, { ...cors, 'Content-Type': 'text/html; charset=utf-8' });
          res.end(options.coverage.toHTML());
        } else {
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
          res.end(options.coverage.toJSON());
        }
        return;
      }
      const reads = ADMIN_READS.exec(url.pathname);
      if (reads && (method === 'GET' || method === 'DELETE')) {
        const project = decodeURIComponent(reads[1]);
        if (method === 'DELETE') engine.resetReadCounts(project);
        sendJson(res, 200, engine.readCounts(project), cors);
        return;
      }
      if (ADMIN_EXPORT.test(url.pathname) && (method === 'GET' || method === 'POST')) {
        sendJson(res, 200, engine.exportData(), cors);
        return;
      }
      throw new FirestoreError(Code.NOT_FOUND, `Not found: ${method} ${url.pathname}`);
    } catch (err) {
      const error = toFirestoreError(err);
      log.failure(`Admin ${method} ${url.pathname}: ${error.status}: ${error.message}`);
      sendJson(res, httpStatusOf(error), errorBody(error), cors);
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const error = toFirestoreError(err);
      log.failure(`HTTP ${req.method} ${req.url}: ${error.status}: ${error.message}`);
      if (!res.headersSent) sendJson(res, httpStatusOf(error), errorBody(error), corsHeaders(req));
      else res.end();
    });
  });
  // Back channels are long-lived responses: no socket timeouts here.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;
  return server;
}
