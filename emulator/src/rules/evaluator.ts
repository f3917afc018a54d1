/**
 * Expression evaluator with production semantics: strict booleans, errors as values absorbed
 * commutatively by && and ||, lazy && / || / ?: (calls on the skipped side are not made),
 * the expression budget and the function-call depth limit. Service specifics (get(), exists(),
 * firestore.get(), request/resource) come in through EvalHost and the root Frame.
 */
import type { Expr, ExprOf, FunctionDecl } from './ast.js';
import type { FnScope, Ruleset } from './loader.js';
import { NAMESPACE_NAMES } from './loader.js';
import {
  NAMESPACES,
  callMethod,
  conversion,
  divideByZero,
  functionNotFound,
  indexOutOfBound,
  nullValue,
  overflow,
  propertyUndefined,
  unsupported,
} from './stdlib/index.js';
import { checkedDuration, checkedTimestamp, int64 } from './stdlib/time.js';
import { codePoints } from './stdlib/strings.js';
import {
  RBytes,
  RDuration,
  RError,
  RList,
  RMap,
  RPath,
  RSet,
  RSymMap,
  RTimestamp,
  RUnknown,
  compareBytes,
  compareNumbers,
  compareStrings,
  isNumber,
  typeName,
  valuesEqual,
  type Result,
  type RValue,
} from './values.js';

export const MAX_EXPRESSIONS = 1000;
export const MAX_CALL_DEPTH = 20;

/** Lexical frame: variables of one scope plus the function scope used to resolve calls. */
export class Frame {
  constructor(
    readonly vars: Map<string, Result>,
    readonly parent: Frame | null,
    readonly fnScope: FnScope,
  ) {}
  lookup(name: string): Result | undefined {
    if (this.vars.has(name)) return this.vars.get(name);
    return this.parent?.lookup(name);
  }
}

export interface EvalHost {
  /** Service functions called by bare name (get, exists, getAfter, existsAfter). */
  callGlobal?(name: string, args: RValue[]): Result | undefined;
  /** Extra namespaces (firestore.get/exists in Storage). */
  namespaces?: Record<string, (name: string, args: RValue[]) => Result>;
  debug?(value: Result): void;
}

export type Outcome = 'true' | 'false' | 'error' | 'value';

export interface ExpressionObserver {
  /** Called for every evaluated expression node (coverage). */
  (ruleset: Ruleset, id: number, outcome: Outcome): void;
}

export interface EvaluatorOptions {
  maxExpressions?: number;
  maxCallDepth?: number;
  observer?: ExpressionObserver;
}

export class Evaluator {
  /** Expressions evaluated so far in this request (shared by every allow evaluated). */
  count = 0;
  private depth = 0;
  /** Set when a request-wide limit is exceeded (expressions, document accesses): from then
   *  on every evaluation fails and the request is denied, whatever absorbs errors. */
  fatal: RError | null = null;
  /** Last result of each node in the current condition, for denial explanations. */
  readonly trace = new Map<number, Result>();
  /** Expressions that evaluated to an unknown since reset(): zero means that no input left
   *  unknown (list checks) was read. */
  unknowns = 0;
  private readonly maxExpressions: number;
  private readonly maxCallDepth: number;

  constructor(
    readonly ruleset: Ruleset,
    readonly host: EvalHost,
    private readonly options: EvaluatorOptions = {},
  ) {
    this.maxExpressions = options.maxExpressions ?? MAX_EXPRESSIONS;
    this.maxCallDepth = options.maxCallDepth ?? MAX_CALL_DEPTH;
  }

  /** Abort the request: used by hosts when the document-access budget is exceeded. */
  fail(error: RError): RError {
    this.fatal ??= error;
    return error;
  }

  /** Start a new request on this evaluator (limits and the trace are per request). */
  reset(): void {
    this.count = 0;
    this.fatal = null;
    this.unknowns = 0;
    this.trace.clear();
  }

  evaluate(e: Expr, frame: Frame): Result {
    if (this.fatal) return this.fatal;
    if (++this.count > this.maxExpressions) {
      return this.record(
        e,
        this.fail(
          at(
            new RError(`Exceeded maximum of ${this.maxExpressions} expressions evaluated per request.`),
            e,
          ) as RError,
        ),
      );
    }
    return this.record(e, this.evalNode(e, frame));
  }

  private record(e: Expr, r: Result): Result {
    this.trace.set(e.id, r);
    if (r instanceof RUnknown) this.unknowns++;
    const obs = this.options.observer;
    if (obs) {
      obs(
        this.ruleset,
        e.id,
        r instanceof RError ? 'error' : r === true ? 'true' : r === false ? 'false' : 'value',
      );
    }
    return r;
  }

  private evalNode(e: Expr, frame: Frame): Result {
    switch (e.kind) {
      case 'Literal': {
        const v = e.value;
        if (v !== null && typeof v === 'object') return new RBytes(v.bytes);
        return v;
      }
      case 'List': {
        const items: RValue[] = [];
        for (const it of e.items) {
          const r = this.evaluate(it, frame);
          if (r instanceof RError) return r;
          items.push(r);
        }
        return new RList(items);
      }
      case 'Map': {
        const m = new Map<string, RValue>();
        for (const en of e.entries) {
          const k = this.evaluate(en.key, frame);
          if (k instanceof RError) return k;
          const v = this.evaluate(en.value, frame);
          if (v instanceof RError) return v;
          if (typeof k !== 'string')
            return at(unsupported(`map key ${typeName(k)}`, 'map key string'), en.key);
          m.set(k, v);
        }
        return new RMap(m);
      }
      case 'Path':
        return this.evalPath(e, frame);
      case 'Ident': {
        const v = frame.lookup(e.name);
        if (v === undefined) return at(new RError(`Variable ${e.name} is not defined.`), e);
        return v instanceof RError ? at(v, e) : v;
      }
      case 'Member': {
        const obj = this.evaluate(e.object, frame);
        if (obj instanceof RError) return obj;
        return at(member(obj, e.name), e);
      }
      case 'Index': {
        const obj = this.evaluate(e.object, frame);
        if (obj instanceof RError) return obj;
        const idx = this.evaluate(e.index, frame);
        if (idx instanceof RError) return idx;
        return at(index(obj, idx), e);
      }
      case 'Slice':
        return this.evalSlice(e, frame);
      case 'Call':
        return this.evalCall(e, frame);
      case 'Unary': {
        const v = this.evaluate(e.arg, frame);
        if (v instanceof RError || v instanceof RUnknown) return v;
        if (e.op === '!') {
          if (typeof v !== 'boolean') return at(unsupported(`!${typeName(v)}`, '!bool'), e);
          return !v;
        }
        if (typeof v === 'bigint') return at(int64(-v), e);
        if (typeof v === 'number') return -v;
        if (v instanceof RDuration) return new RDuration(-v.totalNanos);
        return at(unsupported(`-${typeName(v)}`, '-int, -float'), e);
      }
      case 'Binary':
        return this.evalBinary(e, frame);
      case 'Is': {
        const v = this.evaluate(e.expr, frame);
        if (v instanceof RError || v instanceof RUnknown) return v;
        return isType(v, e.typeName);
      }
      case 'Ternary': {
        const test = this.evaluate(e.test, frame);
        if (test instanceof RError) return test;
        if (test instanceof RUnknown) {
          // Decided only if both branches agree.
          const a = this.evaluate(e.consequent, frame);
          const b = this.evaluate(e.alternate, frame);
          if (!(a instanceof RError) && !(b instanceof RError) && typeof a === 'boolean' && a === b) return a;
          return test;
        }
        if (typeof test !== 'boolean') return at(unsupported(`${typeName(test)} ? :`, 'bool ? :'), e.test);
        return this.evaluate(test ? e.consequent : e.alternate, frame);
      }
    }
  }

  private evalPath(e: ExprOf<'Path'>, frame: Frame): Result {
    const segments: string[] = [];
    for (const seg of e.segments) {
      // A lone $(expr) holding a path splices all of its segments.
      if (seg.length === 1 && seg[0].kind === 'interp') {
        const v = this.evaluate(seg[0].expr, frame);
        if (v instanceof RError || v instanceof RUnknown) return v;
        if (v instanceof RPath) segments.push(...v.segments);
        else if (typeof v === 'string') segments.push(v);
        else if (typeof v === 'bigint' || typeof v === 'boolean') segments.push(String(v));
        else return at(unsupported(`$(${typeName(v)})`, '$(string)'), seg[0].expr);
        continue;
      }
      let text = '';
      for (const part of seg) {
        if (part.kind === 'text') {
          text += part.text;
          continue;
        }
        const v = this.evaluate(part.expr, frame);
        if (v instanceof RError || v instanceof RUnknown) return v;
        if (typeof v === 'string' || typeof v === 'bigint') text += String(v);
        else return at(unsupported(`$(${typeName(v)})`, '$(string)'), part.expr);
      }
      segments.push(text);
    }
    return new RPath(segments);
  }

  private evalSlice(e: ExprOf<'Slice'>, frame: Frame): Result {
    const obj = this.evaluate(e.object, frame);
    if (obj instanceof RError) return obj;
    const start = e.start ? this.evaluate(e.start, frame) : 0n;
    if (start instanceof RError) return start;
    const stop = e.stop ? this.evaluate(e.stop, frame) : null;
    if (stop instanceof RError) return stop;
    if (obj instanceof RUnknown || start instanceof RUnknown || stop instanceof RUnknown) {
      return obj instanceof RUnknown ? obj : (start as RUnknown);
    }
    let items: RValue[] | string[];
    if (obj instanceof RList) items = obj.items;
    else if (typeof obj === 'string') items = codePoints(obj);
    else if (obj instanceof RPath) items = obj.segments;
    else if (obj instanceof RBytes) items = Array.from(obj.bytes, (b) => BigInt(b));
    else return at(unsupported(`${typeName(obj)}[:]`, 'list[int:int], string[int:int]'), e);
    const size = items.length;
    const end = stop ?? BigInt(size);
    if (typeof start !== 'bigint' || typeof end !== 'bigint') {
      return at(
        unsupported(`${typeName(obj)}[${typeName(start)}:${typeName(end)}]`, `${typeName(obj)}[int:int]`),
        e,
      );
    }
    // Production reports the last index the slice would read: arr[1:99] -> Index: [98].
    if (start < 0n || start > BigInt(size)) return at(indexOutOfBound(start, size), e);
    if (end < start || end > BigInt(size)) return at(indexOutOfBound(end - 1n, size), e);
    const part = items.slice(Number(start), Number(end));
    if (obj instanceof RList) return new RList(part as RValue[]);
    if (typeof obj === 'string') return (part as string[]).join('');
    if (obj instanceof RPath) return new RPath(part as string[]);
    return new RBytes(Uint8Array.from(part as bigint[], Number));
  }

  private evalArgs(args: Expr[], frame: Frame): RValue[] | RError | RUnknown {
    const out: RValue[] = [];
    let unknown: RUnknown | null = null;
    for (const a of args) {
      const v = this.evaluate(a, frame);
      if (v instanceof RError) return v;
      if (v instanceof RUnknown) unknown ??= v;
      out.push(v);
    }
    return unknown ?? out;
  }

  private evalCall(e: ExprOf<'Call'>, frame: Frame): Result {
    const callee = e.callee;
    if (callee.kind === 'Ident') {
      this.record(callee, null);
      const fn = resolveFunction(frame.fnScope, callee.name);
      if (fn) return this.callUser(fn, e, frame);
      const args = this.evalArgs(e.args, frame);
      if (args instanceof RError || args instanceof RUnknown) return args;
      const conv = conversion(callee.name, args);
      if (conv !== undefined) return at(conv, e);
      if (callee.name === 'debug' && args.length === 1) {
        this.host.debug?.(args[0]);
        return args[0];
      }
      const hosted = this.host.callGlobal?.(callee.name, args);
      if (hosted !== undefined) return at(hosted, e);
      return at(functionNotFound(callee.name), e);
    }
    if (callee.kind !== 'Member') return at(new RError('Expression is not callable.'), e);

    // Namespaced builtins: math.abs(x) when `math` is not a variable in scope.
    if (callee.object.kind === 'Ident' && frame.lookup(callee.object.name) === undefined) {
      const ns = callee.object.name;
      const impl = this.host.namespaces?.[ns] ?? (NAMESPACE_NAMES.has(ns) ? NAMESPACES[ns] : undefined);
      this.record(callee, null);
      this.record(callee.object, null);
      const args = this.evalArgs(e.args, frame);
      if (args instanceof RError || args instanceof RUnknown) return args;
      if (!impl) return at(functionNotFound(`${ns}.${callee.name}`), e);
      const r = impl(callee.name, args);
      return at(
        r,
        r instanceof RError && r.message.startsWith('Function not found') ? e.loc : callee.nameLoc,
      );
    }

    const receiver = this.evaluate(callee.object, frame);
    this.record(callee, null);
    if (receiver instanceof RError) return receiver;
    const args = this.evalArgs(e.args, frame);
    if (args instanceof RError) return args;
    if (receiver instanceof RUnknown) return receiver;
    if (receiver instanceof RSymMap) {
      if (
        callee.name === 'get' &&
        !(args instanceof RUnknown) &&
        args.length === 2 &&
        typeof args[0] === 'string'
      ) {
        const has = receiver.has(args[0]);
        return has ? receiver.get(args[0]) : new RUnknown(`${receiver.label}.${args[0]}`);
      }
      return new RUnknown(
        `${receiver.label}${receiver.prefix ? '.' + receiver.prefix : ''}.${callee.name}()`,
      );
    }
    if (args instanceof RUnknown) return args;
    const r = callMethod(receiver, callee.name, args);
    return at(r, r instanceof RError && r.message.startsWith('Function not found') ? e.loc : callee.nameLoc);
  }

  private callUser(fn: FunctionDecl, e: ExprOf<'Call'>, frame: Frame): Result {
    const args: Result[] = [];
    for (const a of e.args) args.push(this.evaluate(a, frame));
    if (fn.params.length !== args.length) {
      return at(new RError(`Function ${fn.name} expects ${fn.params.length} arguments.`), e);
    }
    if (this.depth >= this.maxCallDepth) {
      return at(new RError(`Maximum function call depth (${this.maxCallDepth}) exceeded.`), e);
    }
    // The body sees its parameters, then the scope it was declared in (not the caller's).
    const declScope = this.ruleset.functionScopes.get(fn)!;
    let outer: Frame | null = frame;
    while (outer && outer.fnScope !== declScope && outer.parent) outer = outer.parent;
    if (outer && outer.fnScope !== declScope) outer = rootFrame(frame);
    const vars = new Map<string, Result>();
    // Arguments are passed as values, errors included: a parameter holding an error only
    // fails where it is used (and can be absorbed there).
    fn.params.forEach((p, i) => vars.set(p.name, args[i]));
    const body = new Frame(vars, outer, declScope);
    this.depth++;
    try {
      for (const l of fn.lets) vars.set(l.name, this.evaluate(l.expr, body));
      return this.evaluate(fn.body, body);
    } finally {
      this.depth--;
    }
  }

  private evalBinary(e: ExprOf<'Binary'>, frame: Frame): Result {
    if (e.op === '&&' || e.op === '||') return this.evalLogical(e, frame);
    const l = this.evaluate(e.left, frame);
    if (l instanceof RError) return l;
    const r = this.evaluate(e.right, frame);
    if (r instanceof RError) return r;
    if (l instanceof RUnknown || r instanceof RUnknown || l instanceof RSymMap || r instanceof RSymMap) {
      return decideSymbolic(e.op, l, r);
    }
    const res = binary(e.op, l, r);
    if (res instanceof RError && res.line === 0) return at(res, e.opLoc);
    return res;
  }

  /** && and ||: lazy on the deciding value, commutative absorption of errors. */
  private evalLogical(e: ExprOf<'Binary'>, frame: Frame): Result {
    const decisive = e.op === '||';
    const l = this.evaluate(e.left, frame);
    if (l === decisive) return decisive;
    const r = this.evaluate(e.right, frame);
    if (r === decisive) return decisive;
    if (typeof l === 'boolean' && typeof r === 'boolean') return r; // both non-decisive
    if (l instanceof RError) return l;
    if (r instanceof RError) return r;
    if (typeof l !== 'boolean' && !(l instanceof RUnknown)) {
      return at(unsupported(`${typeName(l)} ${e.op} ${typeName(r)}`, `bool ${e.op} bool`), e.left);
    }
    if (typeof r !== 'boolean' && !(r instanceof RUnknown)) {
      return at(unsupported(`${typeName(l)} ${e.op} ${typeName(r)}`, `bool ${e.op} bool`), e.right);
    }
    return l instanceof RUnknown ? l : (r as RUnknown);
  }
}

function rootFrame(f: Frame): Frame {
  let x = f;
  while (x.parent) x = x.parent;
  return x;
}

export function resolveFunction(scope: FnScope | null, name: string): FunctionDecl | null {
  for (let s = scope; s; s = s.parent) {
    const f = s.functions.get(name);
    if (f) return f;
  }
  return null;
}

/** Give an error the position of the node it arises at (the first position sticks). */
function at(r: Result, where: Expr | { line: number; column: number }): Result {
  if (!(r instanceof RError) || r.line !== 0) return r;
  const loc = 'loc' in where ? where.loc : where;
  return new RError(r.message, loc.line, loc.column);
}

export function member(obj: RValue, name: string): Result {
  if (obj === null) return nullValue();
  if (obj instanceof RMap) return obj.entries.has(name) ? obj.entries.get(name)! : propertyUndefined(name);
  if (obj instanceof RSymMap) return obj.get(name);
  if (obj instanceof RUnknown) return new RUnknown(`${obj.what}.${name}`);
  if (obj instanceof RPath && obj.bindings.has(name)) return obj.bindings.get(name)!;
  return propertyUndefined(name);
}

export function index(obj: RValue, idx: RValue): Result {
  if (obj === null) return nullValue();
  if (obj instanceof RUnknown) return obj;
  if (idx instanceof RUnknown) return idx;
  if (obj instanceof RSymMap) {
    if (typeof idx !== 'string') return unsupported(`map[${typeName(idx)}]`, 'map[string]');
    return obj.get(idx);
  }
  if (obj instanceof RMap) {
    if (typeof idx !== 'string') return unsupported(`map[${typeName(idx)}]`, 'map[string]');
    return obj.entries.has(idx) ? obj.entries.get(idx)! : propertyUndefined(idx);
  }
  if (obj instanceof RPath && typeof idx === 'string') {
    return obj.bindings.has(idx) ? obj.bindings.get(idx)! : propertyUndefined(idx);
  }
  let items: ArrayLike<RValue> | null = null;
  if (obj instanceof RList) items = obj.items;
  else if (typeof obj === 'string') items = codePoints(obj);
  else if (obj instanceof RPath) items = obj.segments;
  else if (obj instanceof RBytes) items = Array.from(obj.bytes, (b) => BigInt(b));
  if (!items) return unsupported(`${typeName(obj)}[${typeName(idx)}]`, 'list[int], map[string], string[int]');
  if (typeof idx !== 'bigint')
    return unsupported(`${typeName(obj)}[${typeName(idx)}]`, `${typeName(obj)}[int]`);
  if (idx < 0n || idx >= BigInt(items.length)) return indexOutOfBound(idx, items.length);
  return items[Number(idx)];
}

export function isType(v: RValue, name: string): boolean {
  const t = typeName(v);
  if (name === 'number') return t === 'int' || t === 'float';
  return t === name;
}

function compare(l: RValue, r: RValue): number | null {
  if (isNumber(l) && isNumber(r)) return compareNumbers(l, r);
  if (typeof l === 'string' && typeof r === 'string') return compareStrings(l, r);
  if (l instanceof RTimestamp && r instanceof RTimestamp) return cmpBig(l.totalNanos, r.totalNanos);
  if (l instanceof RDuration && r instanceof RDuration) return cmpBig(l.totalNanos, r.totalNanos);
  if (l instanceof RBytes && r instanceof RBytes) return compareBytes(l.bytes, r.bytes);
  if (typeof l === 'boolean' && typeof r === 'boolean') return l === r ? 0 : l ? 1 : -1;
  return null;
}

const cmpBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export function binary(op: string, l: RValue, r: RValue): Result {
  switch (op) {
    case '==':
      return valuesEqual(l, r);
    case '!=':
      return !valuesEqual(l, r);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const c = compare(l, r);
      if (c === null) return unsupported(`${typeName(l)} ${op} ${typeName(r)}`, `comparable operands`);
      if (Number.isNaN(c)) return false;
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
    case 'in':
      if (r instanceof RList || r instanceof RSet) return r.items.some((x) => valuesEqual(x, l));
      if (r instanceof RMap) return typeof l === 'string' && r.entries.has(l);
      return unsupported(`${typeName(l)} in ${typeName(r)}`, 'x in list, x in set, key in map');
    case '+':
      if (typeof l === 'bigint' && typeof r === 'bigint') return int64(l + r);
      if (isNumber(l) && isNumber(r)) return Number(l) + Number(r);
      if (typeof l === 'string' && typeof r === 'string') return l + r;
      if (l instanceof RList && r instanceof RList) return new RList([...l.items, ...r.items]);
      if (l instanceof RBytes && r instanceof RBytes) {
        return new RBytes(Uint8Array.from([...l.bytes, ...r.bytes]));
      }
      if (l instanceof RTimestamp && r instanceof RDuration)
        return checkedTimestamp(l.totalNanos + r.totalNanos);
      if (l instanceof RDuration && r instanceof RTimestamp)
        return checkedTimestamp(l.totalNanos + r.totalNanos);
      if (l instanceof RDuration && r instanceof RDuration)
        return checkedDuration(l.totalNanos + r.totalNanos);
      break;
    case '-':
      if (typeof l === 'bigint' && typeof r === 'bigint') return int64(l - r);
      if (isNumber(l) && isNumber(r)) return Number(l) - Number(r);
      if (l instanceof RTimestamp && r instanceof RDuration)
        return checkedTimestamp(l.totalNanos - r.totalNanos);
      if (l instanceof RTimestamp && r instanceof RTimestamp)
        return checkedDuration(l.totalNanos - r.totalNanos);
      if (l instanceof RDuration && r instanceof RDuration)
        return checkedDuration(l.totalNanos - r.totalNanos);
      break;
    case '*':
      if (typeof l === 'bigint' && typeof r === 'bigint') return int64(l * r);
      if (isNumber(l) && isNumber(r)) return Number(l) * Number(r);
      break;
    case '/':
      if (typeof l === 'bigint' && typeof r === 'bigint') {
        if (r === 0n) return divideByZero();
        return int64(l / r); // BigInt division truncates toward zero; MIN / -1 overflows
      }
      if (isNumber(l) && isNumber(r)) {
        if (Number(r) === 0) return divideByZero();
        return Number(l) / Number(r);
      }
      break;
    case '%':
      if (typeof l === 'bigint' && typeof r === 'bigint') {
        if (r === 0n) return divideByZero();
        return l % r; // sign of the dividend
      }
      if (isNumber(l) && isNumber(r)) {
        if (Number(r) === 0) return divideByZero();
        return Number(l) % Number(r);
      }
      break;
  }
  if (op === '+' || op === '-' || op === '*' || op === '/' || op === '%') {
    if (typeof l === 'bigint' && typeof r === 'bigint') return overflow();
  }
  return unsupported(`${typeName(l)} ${op} ${typeName(r)}`, `matching operand types for ${op}`);
}

/**
 * Binary operators with a symbolic operand (list-query proving): decided when the query's
 * constraints decide them for every document, otherwise the result stays unknown.
 */
function decideSymbolic(op: string, l: RValue, r: RValue): Result {
  const unknown =
    (l instanceof RUnknown ? l : r instanceof RUnknown ? r : null) ??
    new RUnknown(l instanceof RSymMap ? l.label : (r as RSymMap).label);
  if (op === 'in' && r instanceof RSymMap && typeof l === 'string') {
    return r.has(l) ?? new RUnknown(`${r.label}.${l}`);
  }
  if (op === 'in' && r instanceof RUnknown && !(l instanceof RUnknown) && !(l instanceof RSymMap)) {
    if (r.facts.contains?.some((c) => valuesEqual(c, l))) return true;
    return r;
  }
  if (l instanceof RUnknown && !(r instanceof RUnknown) && !(r instanceof RSymMap)) {
    return decideAgainst(op, l, r) ?? l;
  }
  if (r instanceof RUnknown && !(l instanceof RUnknown) && !(l instanceof RSymMap)) {
    const flipped: Record<string, string> = {
      '<': '>',
      '<=': '>=',
      '>': '<',
      '>=': '<=',
      '==': '==',
      '!=': '!=',
    };
    if (flipped[op]) return decideAgainst(flipped[op], r, l) ?? r;
  }
  return unknown;
}

/** unknown `op` value, using the query's range / not-equal facts. */
function decideAgainst(op: string, u: RUnknown, v: RValue): boolean | null {
  const { lower, upper, notEqual } = u.facts;
  const cmp = (a: RValue, b: RValue) => compare(a, b);
  if (op === '!=' || op === '==') {
    const excluded =
      notEqual?.some((x) => valuesEqual(x, v)) ||
      (lower && (cmp(lower.value, v) ?? 0) > 0) ||
      (lower && !lower.inclusive && cmp(lower.value, v) === 0) ||
      (upper && (cmp(upper.value, v) ?? 0) < 0) ||
      (upper && !upper.inclusive && cmp(upper.value, v) === 0);
    if (excluded) return op === '!=';
    return null;
  }
  if (op === '>' || op === '>=') {
    if (lower) {
      const c = cmp(lower.value, v);
      if (c !== null && (c > 0 || (c === 0 && (op === '>=' || !lower.inclusive)))) return true;
    }
    if (upper) {
      const c = cmp(upper.value, v);
      if (c !== null && (c < 0 || (c === 0 && (op === '>' || !upper.inclusive)))) return false;
    }
    return null;
  }
  if (op === '<' || op === '<=') {
    if (upper) {
      const c = cmp(upper.value, v);
      if (c !== null && (c < 0 || (c === 0 && (op === '<=' || !upper.inclusive)))) return true;
    }
    if (lower) {
      const c = cmp(lower.value, v);
      if (c !== null && (c > 0 || (c === 0 && (op === '<' || !lower.inclusive)))) return false;
    }
    return null;
  }
  return null;
}
