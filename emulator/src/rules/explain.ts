/**
 * Denial reasons for the emulator log: which allow statements applied (file positions) and the
 * first failing sub-expression with its values.
 */
import type { Expr } from './ast.js';
import type { AllowEvaluation, Method } from './engine.js';
import type { Ruleset } from './loader.js';
import { RError, show, type Result } from './values.js';

export function sourceText(ruleset: Ruleset, e: Expr): string {
  const text = ruleset.source.slice(e.loc.offset, e.end).replace(/\s+/g, ' ').trim();
  return text.length > 120 ? text.slice(0, 117) + '...' : text;
}

function failed(r: Result | undefined): boolean {
  return r !== true;
}

/** Walk down from a non-true condition to the sub-expression that made it fail. */
export function culprit(ruleset: Ruleset, e: Expr, trace: Map<number, Result>): Expr {
  const r = trace.get(e.id);
  const same = (c: Expr) => {
    const x = trace.get(c.id);
    return (
      r instanceof RError &&
      x instanceof RError &&
      x.message === r.message &&
      x.line === r.line &&
      x.column === r.column
    );
  };
  switch (e.kind) {
    case 'Binary':
      if (e.op === '&&' || e.op === '||') {
        const l = trace.get(e.left.id);
        if (e.op === '&&') {
          return failed(l) ? culprit(ruleset, e.left, trace) : culprit(ruleset, e.right, trace);
        }
        return l instanceof RError || !trace.has(e.right.id)
          ? culprit(ruleset, e.left, trace)
          : culprit(ruleset, e.right, trace);
      }
      if (same(e.left)) return culprit(ruleset, e.left, trace);
      if (same(e.right)) return culprit(ruleset, e.right, trace);
      return e;
    case 'Unary':
      return same(e.arg) || e.op === '!' ? culprit(ruleset, e.arg, trace) : e;
    case 'Ternary':
      if (failed(trace.get(e.test.id)) && trace.get(e.test.id) !== false)
        return culprit(ruleset, e.test, trace);
      return trace.get(e.test.id) === true
        ? culprit(ruleset, e.consequent, trace)
        : culprit(ruleset, e.alternate, trace);
    case 'Call': {
      for (const a of e.args) if (same(a)) return culprit(ruleset, a, trace);
      if (e.callee.kind === 'Member' && same(e.callee.object))
        return culprit(ruleset, e.callee.object, trace);
      if (e.callee.kind === 'Ident') {
        const name = e.callee.name;
        for (const f of ruleset.functionScopes.keys()) {
          if (f.name === name && trace.has(f.body.id)) return culprit(ruleset, f.body, trace);
        }
      }
      return e;
    }
    case 'Member':
    case 'Is':
      return same(e.kind === 'Member' ? e.object : e.expr)
        ? culprit(ruleset, e.kind === 'Member' ? e.object : e.expr, trace)
        : e;
    case 'Index':
    case 'Slice':
      return same(e.object) ? culprit(ruleset, e.object, trace) : e;
    default:
      return e;
  }
}

export function describeFailure(ruleset: Ruleset, ev: AllowEvaluation): string {
  const where = `${ruleset.fileName}:${ev.allow.loc.line}:${ev.allow.loc.column}`;
  const methods = ev.allow.methods.map((m) => m.name).join(', ');
  if (!ev.allow.condition) return `allow ${methods} at ${where}`;
  const c = culprit(ruleset, ev.allow.condition, ev.trace);
  const value = ev.trace.get(c.id);
  let detail = `${sourceText(ruleset, c)} (${c.loc.line}:${c.loc.column})`;
  if (c.kind === 'Binary' && c.op !== '&&' && c.op !== '||') {
    const l = ev.trace.get(c.left.id);
    const r = ev.trace.get(c.right.id);
    if (l !== undefined && r !== undefined) detail += ` with ${show(l)} ${c.op} ${show(r)}`;
  }
  detail +=
    value instanceof RError
      ? `: ${value.message}`
      : ` is ${value === undefined ? 'not evaluated' : show(value)}`;
  return `allow ${methods} at ${where}: ${detail}`;
}

export function describeDenial(
  ruleset: Ruleset,
  method: Method,
  path: string,
  evaluated: AllowEvaluation[],
): string {
  if (!evaluated.length) {
    return `${method} ${path}: no allow statement in ${ruleset.fileName} covers this path and method`;
  }
  return `${method} ${path} denied; ` + evaluated.map((ev) => describeFailure(ruleset, ev)).join('; ');
}
