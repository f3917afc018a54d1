/**
 * loadRuleset: parse + the load-time checks production performs, producing a Ruleset the
 * evaluator and the adapters share. Errors reject the ruleset; warnings (unknown functions,
 * unused functions) are reported but do not, as in production (`[W]` lines on deploy).
 */
import type { AllowDecl, Expr, FunctionDecl, Loc, MatchDecl, RulesFile, ServiceDecl } from './ast.js';
import { parseRules } from './parser.js';
import { INT64_MAX, INT64_MIN } from './values.js';

export type ServiceName = 'cloud.firestore' | 'firebase.storage';

export interface RulesDiagnostic {
  line: number;
  column: number;
  message: string;
}

/** Functions visible in one lexical scope (file, service or match block). */
export interface FnScope {
  functions: Map<string, FunctionDecl>;
  parent: FnScope | null;
  /** Match scopes point at their match; null for the file and service scopes. */
  match: CompiledMatch | null;
}

export interface CompiledMatch {
  decl: MatchDecl;
  scope: FnScope;
  children: CompiledMatch[];
  parent: CompiledMatch | null;
}

export interface Ruleset {
  source: string;
  fileName: string;
  /** 1 or 2 (rules_version). */
  version: 1 | 2;
  service: ServiceName;
  file: RulesFile;
  serviceScope: FnScope;
  matches: CompiledMatch[];
  /** Every expression node, indexed by id. */
  exprs: Expr[];
  /** Scope each function was declared in. */
  functionScopes: Map<FunctionDecl, FnScope>;
  allows: AllowDecl[];
  warnings: RulesDiagnostic[];
}

export type LoadResult =
  { ok: true; ruleset: Ruleset; warnings: RulesDiagnostic[] } | { ok: false; errors: RulesDiagnostic[] };

const METHODS = new Set(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
const TYPE_NAMES = new Set([
  'bool',
  'bytes',
  'float',
  'int',
  'list',
  'latlng',
  'number',
  'path',
  'map',
  'string',
  'timestamp',
  'duration',
  'set',
  'map_diff',
  'constraint',
  'null',
]);
const GLOBAL_FUNCTIONS: Record<ServiceName, Set<string>> = {
  'cloud.firestore': new Set([
    'get',
    'exists',
    'getAfter',
    'existsAfter',
    'debug',
    'string',
    'int',
    'float',
    'path',
  ]),
  'firebase.storage': new Set(['debug', 'string', 'int', 'float', 'path']),
};
export const NAMESPACE_NAMES = new Set(['math', 'timestamp', 'duration', 'latlng', 'hashing']);

export const MAX_SOURCE_BYTES = 256 * 1024;
const MAX_PARAMS = 7;
const MAX_LETS = 10;
const MAX_MATCH_DEPTH = 10;
const MAX_PATH_SEGMENTS = 100;
const MAX_CAPTURES = 20;

export function loadRuleset(source: string, fileName = 'rules'): LoadResult {
  const errors: RulesDiagnostic[] = [];
  const warnings: RulesDiagnostic[] = [];
  const err = (loc: Loc | { line: number; column: number }, message: string) =>
    errors.push({ line: loc.line, column: loc.column, message });
  const warn = (loc: Loc | { line: number; column: number }, message: string) =>
    warnings.push({ line: loc.line, column: loc.column, message });

  if (Buffer.byteLength(source, 'utf8') > MAX_SOURCE_BYTES) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: `Ruleset exceeds ${MAX_SOURCE_BYTES} bytes.` }],
    };
  }
  const parsed = parseRules(source);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const file = parsed.file;

  let version: 1 | 2 = 1;
  if (file.version !== null) {
    if (file.version === '1' || file.version === '2') version = file.version === '2' ? 2 : 1;
    else err(file.versionLoc!, `Invalid rules_version '${file.version}'; expected '1' or '2'.`);
  }
  if (file.services.length !== 1) {
    const at = file.services[1]?.loc ?? { line: 1, column: 1 };
    err(at, file.services.length === 0 ? 'Missing service declaration.' : 'Only one service per file.');
    return { ok: false, errors };
  }
  const svc: ServiceDecl = file.services[0];
  if (svc.name !== 'cloud.firestore' && svc.name !== 'firebase.storage') {
    err(svc.nameLoc, `Unknown service '${svc.name}'; expected cloud.firestore or firebase.storage.`);
    return { ok: false, errors };
  }
  const service = svc.name as ServiceName;
  for (const a of svc.allows) err(a.loc, "'allow' must be inside a 'match' block.");

  // Scopes and ids ------------------------------------------------------------------------
  const exprs: Expr[] = [];
  const functionScopes = new Map<FunctionDecl, FnScope>();
  const allows: AllowDecl[] = [];

  const declareFunctions = (scope: FnScope, decls: FunctionDecl[]) => {
    for (const f of decls) {
      if (scope.functions.has(f.name)) err(f.loc, `Duplicate function name: ${f.name}.`);
      else scope.functions.set(f.name, f);
      functionScopes.set(f, scope);
    }
  };
  const globalScope: FnScope = { functions: new Map(), parent: null, match: null };
  declareFunctions(globalScope, file.functions);
  const serviceScope: FnScope = { functions: new Map(), parent: globalScope, match: null };
  declareFunctions(serviceScope, svc.functions);

  const compileMatch = (
    decl: MatchDecl,
    parent: CompiledMatch | null,
    parentScope: FnScope,
    depth: number,
    captures: Set<string>,
  ): CompiledMatch => {
    const m: CompiledMatch = { decl, scope: null!, children: [], parent };
    m.scope = { functions: new Map(), parent: parentScope, match: m };
    if (depth > MAX_MATCH_DEPTH) err(decl.loc, `Match nesting exceeds ${MAX_MATCH_DEPTH} levels.`);
    if (decl.path.length > MAX_PATH_SEGMENTS) err(decl.pathLoc, 'Too many path segments.');
    const globs = decl.path.filter((s) => s.kind === 'glob');
    if (globs.length > 1) err(decl.pathLoc, 'At most one recursive wildcard {name=**} per match path.');
    if (version === 1 && globs.length === 1 && decl.path[decl.path.length - 1].kind !== 'glob') {
      err(decl.pathLoc, 'In rules_version 1 a recursive wildcard must be the last path segment.');
    }
    const mine = new Set(captures);
    for (const seg of decl.path) {
      if (seg.kind === 'literal') continue;
      if (mine.has(seg.name)) err(decl.pathLoc, `Duplicate wildcard name: ${seg.name}.`);
      mine.add(seg.name);
    }
    if (mine.size > MAX_CAPTURES) err(decl.pathLoc, `More than ${MAX_CAPTURES} wildcard captures.`);
    if (globs.length && decl.matches.length && version === 1) {
      warn(decl.loc, 'Glob(**) resource rules should not have child resource rules.');
    }
    declareFunctions(m.scope, decl.functions);
    for (const a of decl.allows) {
      allows.push(a);
      for (const meth of a.methods) {
        if (!METHODS.has(meth.name)) err(meth.loc, `Unknown method '${meth.name}' in allow statement.`);
      }
    }
    m.children = decl.matches.map((c) => compileMatch(c, m, m.scope, depth + 1, mine));
    return m;
  };
  const matches = svc.matches.map((d) => compileMatch(d, null, serviceScope, 1, new Set()));

  // Expressions: ids, literal ranges, type names, call shapes, unknown functions ----------
  const resolve = (scope: FnScope | null, name: string): FunctionDecl | null => {
    for (let s = scope; s; s = s.parent) {
      const f = s.functions.get(name);
      if (f) return f;
    }
    return null;
  };
  const used = new Set<FunctionDecl>();
  const calls = new Map<FunctionDecl, Set<FunctionDecl>>();

  const visit = (e: Expr, scope: FnScope, caller: FunctionDecl | null) => {
    e.id = exprs.length;
    exprs.push(e);
    const sub = (x: Expr | null) => x && visit(x, scope, caller);
    switch (e.kind) {
      case 'Literal':
        if (typeof e.value === 'bigint' && (e.value > INT64_MAX || e.value < INT64_MIN)) {
          err(e.loc, `Integer literal out of range: ${e.value}.`);
        }
        break;
      case 'List':
        e.items.forEach(sub);
        break;
      case 'Map':
        for (const en of e.entries) {
          sub(en.key);
          sub(en.value);
        }
        break;
      case 'Path':
        for (const seg of e.segments) for (const p of seg) if (p.kind === 'interp') sub(p.expr);
        break;
      case 'Ident':
        break;
      case 'Member':
        sub(e.object);
        break;
      case 'Index':
        sub(e.object);
        sub(e.index);
        break;
      case 'Slice':
        sub(e.object);
        sub(e.start);
        sub(e.stop);
        break;
      case 'Call': {
        if (e.callee.kind === 'Ident') {
          e.callee.id = exprs.length;
          exprs.push(e.callee);
          const f = resolve(scope, e.callee.name);
          if (f) {
            used.add(f);
            if (caller) {
              if (!calls.has(caller)) calls.set(caller, new Set());
              calls.get(caller)!.add(f);
            }
            if (f.params.length !== e.args.length) {
              err(e.loc, `Function ${f.name} expects ${f.params.length} arguments, got ${e.args.length}.`);
            }
          } else if (!GLOBAL_FUNCTIONS[service].has(e.callee.name)) {
            warn(e.loc, `Invalid function name: ${e.callee.name}.`);
          }
        } else if (e.callee.kind === 'Member') {
          sub(e.callee);
        } else {
          err(e.loc, 'Only named functions and methods can be called.');
          sub(e.callee);
        }
        e.args.forEach(sub);
        break;
      }
      case 'Unary':
        sub(e.arg);
        break;
      case 'Binary':
        sub(e.left);
        sub(e.right);
        break;
      case 'Is':
        sub(e.expr);
        if (!TYPE_NAMES.has(e.typeName)) err(e.typeLoc, `Unknown type name '${e.typeName}'.`);
        break;
      case 'Ternary':
        sub(e.test);
        sub(e.consequent);
        sub(e.alternate);
        break;
    }
  };

  const checkFunction = (f: FunctionDecl, scope: FnScope) => {
    if (f.params.length > MAX_PARAMS) {
      err(f.loc, `Function ${f.name} has ${f.params.length} parameters; at most ${MAX_PARAMS} are allowed.`);
    }
    const names = new Set<string>();
    for (const p of f.params) {
      if (names.has(p.name)) err(p.loc, `Duplicate parameter name: ${p.name}.`);
      names.add(p.name);
    }
    if (f.lets.length > MAX_LETS) err(f.lets[MAX_LETS].loc, `At most ${MAX_LETS} let bindings per function.`);
    for (const l of f.lets) {
      if (names.has(l.name)) err(l.loc, `Duplicate variable name: ${l.name}.`);
      names.add(l.name);
      visit(l.expr, scope, f);
    }
    if (f.returns !== 1) err(f.loc, `Function ${f.name} must have exactly one return statement.`);
    if (f.trailing) err(f.trailing, 'Statements after return are not allowed.');
    visit(f.body, scope, f);
  };

  for (const [f, scope] of functionScopes) checkFunction(f, scope);
  const visitMatch = (m: CompiledMatch) => {
    for (const a of m.decl.allows) if (a.condition) visit(a.condition, m.scope, null);
    m.children.forEach(visitMatch);
  };
  matches.forEach(visitMatch);

  // Recursion, including mutual recursion: any cycle in the static call graph.
  const state = new Map<FunctionDecl, 'visiting' | 'done'>();
  const reported = new Set<FunctionDecl>();
  const dfs = (f: FunctionDecl, stack: FunctionDecl[]) => {
    state.set(f, 'visiting');
    for (const g of calls.get(f) ?? []) {
      if (state.get(g) === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(g)), g].map((x) => x.name).join(' -> ');
        if (!reported.has(g)) {
          reported.add(g);
          err(g.loc, `Recursive function call is not allowed: ${cycle}.`);
        }
      } else if (!state.has(g)) {
        dfs(g, [...stack, g]);
      }
    }
    state.set(f, 'done');
  };
  for (const f of functionScopes.keys()) if (!state.has(f)) dfs(f, [f]);

  for (const f of functionScopes.keys()) if (!used.has(f)) warn(f.loc, `Unused function: ${f.name}.`);
  if (file.version === null) {
    warn(
      { line: 1, column: 1 },
      'Ruleset uses old version (version [1]). Please update to the latest version (version [2]).',
    );
  }

  if (errors.length) {
    errors.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ok: false, errors };
  }
  const ruleset: Ruleset = {
    source,
    fileName,
    version,
    service,
    file,
    serviceScope,
    matches,
    exprs,
    functionScopes,
    allows,
    warnings,
  };
  return { ok: true, ruleset, warnings };
}

/** `file:line:column: message`, then the source line and a caret under the column. */
export function formatDiagnostics(
  diagnostics: readonly RulesDiagnostic[],
  source: string,
  fileName = 'rules',
): string {
  const lines = source.split(/\r?\n/);
  return diagnostics
    .map((d) => {
      const text = lines[d.line - 1] ?? '';
      const caret = ' '.repeat(Math.max(0, d.column - 1)) + '^';
      return `${fileName}:${d.line}:${d.column}: ${d.message}\n    ${text}\n    ${caret}`;
    })
    .join('\n');
}
