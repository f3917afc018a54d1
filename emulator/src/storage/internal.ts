/**
 * The official Storage emulator's control endpoints: `PUT /internal/setRules`,
 * `POST /internal/reset`, `POST /internal/export`, plus our `POST /internal/import` and
 * `GET /internal/ruleCoverage` (JSON) / `GET /internal/ruleCoverage.html`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorageAuthorizer } from './access.js';
import type { ApiContext } from './context.js';
import { HttpError, readJson, sendJson } from './http.js';
import { exportObjects, importObjects } from './persistence.js';

export type RulesUpdateResult =
  | { ok: true; authorizer?: StorageAuthorizer }
  | { ok: false; error: { message: string; line?: number; column?: number } };

/** Rules coverage of the loaded ruleset (the rules engine's CoverageRecorder). */
export interface CoverageSource {
  toJSON(): string;
  toHTML(): string;
}

/** Compiles new storage.rules; returning `authorizer` installs it (else call setAuthorizer yourself). */
export interface RulesUpdateHook {
  (source: string): RulesUpdateResult | Promise<RulesUpdateResult>;
  /** Served by GET /internal/ruleCoverage and /internal/ruleCoverage.html when present. */
  coverage?: CoverageSource;
}

export interface InternalDeps {
  onRulesUpdate?: RulesUpdateHook;
  setAuthorizer(a: StorageAuthorizer | null): void;
  resetAll(): void;
  log(line: string): void;
}

function rulesSource(body: unknown): string {
  const files = (body as { rules?: { files?: unknown } } | null)?.rules?.files;
  if (!Array.isArray(files) || files.length === 0) {
    throw new HttpError(400, "Request body must include a non-empty 'rules.files' array.");
  }
  if (files.length > 1) {
    throw new HttpError(400, 'Only one rules file is supported (per-bucket rules files are not).');
  }
  const file = files[0] as { name?: unknown; content?: unknown };
  if (typeof file.content !== 'string')
    throw new HttpError(400, "Each member of 'rules.files' must contain a string 'content'.");
  return file.content;
}

export async function handleInternal(
  ctx: ApiContext,
  deps: InternalDeps,
  req: IncomingMessage,
  res: ServerResponse,
  action: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (action === 'setRules' && (method === 'PUT' || method === 'POST')) {
    const source = rulesSource(await readJson(req, ctx.jsonLimit));
    if (!deps.onRulesUpdate)
      throw new HttpError(
        501,
        'This Storage emulator was started without a rules engine (no onRulesUpdate hook).',
      );
    const result = await deps.onRulesUpdate(source);
    if (!result.ok) {
      const { message, line, column } = result.error;
      const where =
        line !== undefined ? ` (line ${line}${column !== undefined ? `, column ${column}` : ''})` : '';
      deps.log(`[storage] rejected rules: ${message}${where}`);
      // The previous ruleset stays in force.
      sendJson(res, 400, {
        message: `Invalid storage rules: ${message}${where}`,
        error: { code: 400, message, line, column },
      });
      return;
    }
    if (result.authorizer) deps.setAuthorizer(result.authorizer);
    sendJson(res, 200, { message: 'Rules updated successfully' });
    return;
  }
  if ((action === 'ruleCoverage' || action === 'ruleCoverage.html') && method === 'GET') {
    req.resume();
    const coverage = deps.onRulesUpdate?.coverage;
    if (!coverage) throw new HttpError(501, 'This Storage emulator was started without rules coverage.');
    const html = action.endsWith('.html');
    res.writeHead(200, {
      'Content-Type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    });
    res.end(html ? coverage.toHTML() : coverage.toJSON());
    return;
  }
  if (action === 'reset' && method === 'POST') {
    req.resume();
    deps.resetAll();
    sendJson(res, 200, { message: 'Storage emulator reset' });
    return;
  }
  if ((action === 'export' || action === 'import') && method === 'POST') {
    const body = (await readJson(req, ctx.jsonLimit)) as { path?: unknown } | null;
    const dir = body?.path;
    if (typeof dir !== 'string' || !dir)
      throw new HttpError(400, `${action} request body must be {"path": "<directory>"}.`);
    if (action === 'export') {
      const out = await exportObjects(ctx.service.store.all(), dir);
      sendJson(res, 200, { message: 'Export complete', path: out.dir, objects: out.objects });
    } else {
      const objects = await importObjects(dir).catch((err: Error) => {
        throw new HttpError(400, `Import failed: ${err.message}`);
      });
      ctx.service.store.replaceAll(objects);
      sendJson(res, 200, { message: 'Import complete', objects: objects.length });
    }
    return;
  }
  throw new HttpError(404, `Unknown internal endpoint ${method} /internal/${action}`);
}
