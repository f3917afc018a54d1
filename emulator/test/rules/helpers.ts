/** Small helpers for the rules unit tests. */
import { Evaluator, Frame, type EvalHost } from '../../src/rules/evaluator.js';
import { formatDiagnostics, loadRuleset, type Ruleset } from '../../src/rules/loader.js';
import { RError, RList, RMap, type Result, type RValue } from '../../src/rules/values.js';

export function mustLoad(source: string, fileName = 'test.rules'): Ruleset {
  const r = loadRuleset(source, fileName);
  if (!r.ok) throw new Error(formatDiagnostics(r.errors, source, fileName));
  return r.ruleset;
}

const cache = new Map<string, Ruleset>();

/** Evaluate one expression (as the condition of an allow) with the given variables. */
export function ev(expr: string, vars: Record<string, RValue> = {}, host: EvalHost = {}): Result {
  const src = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /t/{id} {
      allow get: if ${expr};
    }
  }
}`;
  let rs = cache.get(src);
  if (!rs) cache.set(src, (rs = mustLoad(src)));
  const evaluator = new Evaluator(rs, host);
  const frame = new Frame(new Map(Object.entries(vars)), null, rs.serviceScope);
  return evaluator.evaluate(rs.allows[0].condition!, frame);
}

/** The error message of an expression that must fail. */
export function evErr(expr: string, vars: Record<string, RValue> = {}): string {
  const r = ev(expr, vars);
  if (!(r instanceof RError)) throw new Error(`expected an error from ${expr}, got ${String(r)}`);
  return r.message;
}

export const list = (...items: RValue[]) => new RList(items);
export const map = (o: Record<string, RValue>) => RMap.of(o);
