/**
 * Service-independent request evaluation: match the request path against the match tree,
 * evaluate the `allow` statements of every complete match that cover the method, OR them.
 * v1 vs v2 recursive wildcards: in v2 `{x=**}` matches zero or more segments anywhere; in v1 it
 * is the last segment and matches one or more.
 */
import type { AllowDecl, MatchSegment } from './ast.js';
import { Evaluator, Frame } from './evaluator.js';
import type { CompiledMatch, Ruleset } from './loader.js';
import { RPath, RUnknown, show, type Result } from './values.js';

/** Stand-ins used when proving list requests: an unknown document id, and (collection-group
 *  queries) an unknown run of segments. */
export const DOC_ID = Symbol('document id');
export const ANY_SEGMENTS = Symbol('any segments');
export type Segment = string | typeof DOC_ID | typeof ANY_SEGMENTS;

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowEvaluation {
  allow: AllowDecl;
  match: CompiledMatch;
  result: Result;
  /** Trace of the evaluation (node id -> last result), for the denial reason. */
  trace: Map<number, Result>;
}

export interface EngineDecision {
  allowed: boolean;
  /** false when no complete match covered the request path at all. */
  matched: boolean;
  evaluated: AllowEvaluation[];
}

export function covers(allow: AllowDecl, method: Method): boolean {
  return allow.methods.some(
    (m) =>
      m.name === method ||
      (m.name === 'read' && (method === 'get' || method === 'list')) ||
      (m.name === 'write' && (method === 'create' || method === 'update' || method === 'delete')),
  );
}

interface Bound {
  end: number;
  bindings: Map<string, Result>;
}

function pathValue(segs: Segment[]): Result {
  if (segs.some((s) => typeof s !== 'string')) return new RUnknown('wildcard path');
  return new RPath(segs as string[]);
}

/** All ways a match path can consume request segments starting at `pos`. */
function matchSegments(pattern: MatchSegment[], req: Segment[], pos: number, version: 1 | 2): Bound[] {
  const out: Bound[] = [];
  const step = (i: number, j: number, bindings: Map<string, Result>) => {
    if (i === pattern.length) {
      out.push({ end: j, bindings });
      return;
    }
    const p = pattern[i];
    if (p.kind === 'glob') {
      const from = version === 1 ? req.length : j;
      for (let k = from; k <= req.length; k++) {
        if (version === 1 && k === j) continue; // v1: one or more segments
        const b = new Map(bindings);
        b.set(p.name, pathValue(req.slice(j, k)));
        step(i + 1, k, b);
      }
      return;
    }
    if (j >= req.length) return;
    const seg = req[j];
    if (seg === ANY_SEGMENTS) return; // only a recursive wildcard can span unknown segments
    if (p.kind === 'literal') {
      if (seg === p.text) step(i + 1, j + 1, bindings);
      return;
    }
    const b = new Map(bindings);
    b.set(p.name, seg === DOC_ID ? new RUnknown(`{${p.name}} (document id)`) : seg);
    step(i + 1, j + 1, b);
  };
  step(0, pos, new Map());
  return out;
}

export interface CompleteMatch {
  match: CompiledMatch;
  frame: Frame;
}

/** Every complete match of the request path, in source order. */
export function completeMatches(ruleset: Ruleset, path: Segment[], root: Frame): CompleteMatch[] {
  const found: CompleteMatch[] = [];
  const walk = (matches: CompiledMatch[], pos: number, parent: Frame) => {
    for (const m of matches) {
      for (const b of matchSegments(m.decl.path, path, pos, ruleset.version)) {
        const frame = new Frame(b.bindings, parent, m.scope);
        if (b.end === path.length) found.push({ match: m, frame });
        if (b.end < path.length || ruleset.version === 2) walk(m.children, b.end, frame);
      }
    }
  };
  walk(ruleset.matches, 0, root);
  return found;
}

/** Evaluate the allows covering `method` over every complete match; stop at the first grant. */
export function evaluateRequest(
  evaluator: Evaluator,
  path: Segment[],
  method: Method,
  root: Frame,
): EngineDecision {
  const evaluated: AllowEvaluation[] = [];
  const matches = completeMatches(evaluator.ruleset, path, root);
  for (const { match, frame } of matches) {
    for (const allow of match.decl.allows) {
      if (!covers(allow, method)) continue;
      evaluator.trace.clear();
      const result = allow.condition ? evaluator.evaluate(allow.condition, frame) : true;
      evaluated.push({ allow, match, result: evaluator.fatal ?? result, trace: new Map(evaluator.trace) });
      if (evaluator.fatal) return { allowed: false, matched: true, evaluated };
      if (result === true) return { allowed: true, matched: true, evaluated };
    }
  }
  return { allowed: false, matched: matches.length > 0, evaluated };
}

export function describeResult(r: Result): string {
  return show(r);
}
