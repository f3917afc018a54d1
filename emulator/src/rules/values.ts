/**
 * Runtime values of the rules language. Primitive types map to JS primitives so the evaluator
 * stays cheap: null -> null, bool -> boolean, int -> bigint (int64), float -> number,
 * string -> string. Everything else is a small class. An evaluation error is a value too
 * (RError): it flows through expressions until `&&`/`||` absorb it or the condition ends.
 */

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

export class RList {
  constructor(readonly items: RValue[]) {}
}

/** A set keeps insertion order; membership uses rules equality. */
export class RSet {
  readonly items: RValue[];
  constructor(items: RValue[]) {
    const out: RValue[] = [];
    for (const v of items) if (!out.some((o) => valuesEqual(o, v))) out.push(v);
    this.items = out;
  }
}

export class RMap {
  constructor(readonly entries: Map<string, RValue>) {}
  static of(obj: Record<string, RValue>): RMap {
    return new RMap(new Map(Object.entries(obj)));
  }
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/** A path: segments plus the wildcard bindings it carries (from bind() or matching). */
export class RPath {
  constructor(
    readonly segments: string[],
    readonly bindings: Map<string, RValue> = new Map(),
  ) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

/** UTC instant with nanosecond precision. */
export class RTimestamp {
  constructor(
    readonly seconds: bigint,
    readonly nanos: number,
  ) {}
  /** Total nanoseconds since the epoch. */
  get totalNanos(): bigint {
    return this.seconds * 1_000_000_000n + BigInt(this.nanos);
  }
  static fromNanos(n: bigint): RTimestamp {
    let s = n / 1_000_000_000n;
    let ns = n % 1_000_000_000n;
    if (ns < 0n) {
      ns += 1_000_000_000n;
      s -= 1n;
    }
    return new RTimestamp(s, Number(ns));
  }
}

/** A signed duration; seconds and nanos carry the same sign (as google.protobuf.Duration). */
export class RDuration {
  constructor(readonly totalNanos: bigint) {}
  get seconds(): bigint {
    return this.totalNanos / 1_000_000_000n;
  }
  get nanos(): number {
    return Number(this.totalNanos % 1_000_000_000n);
  }
}

export class RLatLng {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

/**
 * A value that depends on document data a query does not constrain ("rules are not filters").
 * Only produced while proving list requests (query.ts); every operation on it yields another
 * unknown unless the operation is decided regardless of the value.
 */
export class RUnknown {
  constructor(
    /** What it stands for, for the denial reason, e.g. "resource.data.owner". */
    readonly what: string,
    /** Constraints the query puts on it (range facts), used to decide comparisons. */
    readonly facts: UnknownFacts = {},
  ) {}
}

export interface UnknownFacts {
  /** Value ranges implied by the query's filters. */
  lower?: { value: RValue; inclusive: boolean };
  upper?: { value: RValue; inclusive: boolean };
  notEqual?: RValue[];
  /** A value the field is known to contain (array-contains). */
  contains?: RValue[];
}

/**
 * resource.data of a list request being proven: fields the query pins by equality are known,
 * everything else is an RUnknown carrying the query's range facts about it.
 */
export class RSymMap {
  constructor(
    /** Dotted path of this map inside the document data ('' for the data itself). */
    readonly prefix: string,
    readonly fields: ReadonlyMap<string, FieldFacts>,
    /** How rule authors spell this map, for reasons: "resource.data". */
    readonly label: string,
  ) {}
  get(name: string): RValue {
    const path = this.prefix ? `${this.prefix}.${name}` : name;
    const facts = this.fields.get(path);
    if (facts && 'eq' in facts) return facts.eq as RValue;
    for (const k of this.fields.keys()) {
      if (k.startsWith(path + '.')) return new RSymMap(path, this.fields, this.label);
    }
    return new RUnknown(`${this.label}.${path}`, facts ?? {});
  }
  /** true when the query guarantees the key exists; null when it does not say. */
  has(name: string): boolean | null {
    const path = this.prefix ? `${this.prefix}.${name}` : name;
    const facts = this.fields.get(path);
    if (facts && ('eq' in facts || facts.lower || facts.upper || facts.contains?.length)) return true;
    for (const k of this.fields.keys()) if (k.startsWith(path + '.')) return true;
    return null;
  }
}

export interface FieldFacts extends UnknownFacts {
  /** The field equals this value in every document the query can return. */
  eq?: RValue;
}

export class RError {
  constructor(
    readonly message: string,
    /** Source position where production would report it. */
    readonly line = 0,
    readonly column = 0,
  ) {}
}

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | RBytes
  | RList
  | RSet
  | RMap
  | RMapDiff
  | RPath
  | RTimestamp
  | RDuration
  | RLatLng
  | RUnknown
  | RSymMap;

export type Result = RValue | RError;

export function isError(v: Result): v is RError {
  return v instanceof RError;
}

export function typeName(v: RValue | RError): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RList) return 'list';
  if (v instanceof RSet) return 'set';
  if (v instanceof RMap) return 'map';
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof RPath) return 'path';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RUnknown) return 'unknown';
  if (v instanceof RSymMap) return 'map';
  return 'error';
}

export function isNumber(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

/** Numeric comparison across int and float without losing int64 precision. */
export function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (x !== y) return x < y ? -1 : 1;
  // Equal as doubles: refine when one side is an int that doubles cannot hold exactly.
  if (typeof a === 'bigint' && Number.isFinite(y) && Number.isInteger(y)) {
    const yb = BigInt(y);
    return a < yb ? -1 : a > yb ? 1 : 0;
  }
  if (typeof b === 'bigint' && Number.isFinite(x) && Number.isInteger(x)) {
    const xb = BigInt(x);
    return xb < b ? -1 : xb > b ? 1 : 0;
  }
  return 0;
}

export function compareStrings(a: string, b: string): number {
  // Code point order (UTF-8 byte order), not UTF-16 code unit order.
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Rules equality (==). Different types are unequal, except int and float compare by value. */
export function valuesEqual(a: RValue, b: RValue): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b) === 0;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (a instanceof RList && b instanceof RList) {
    return a.items.length === b.items.length && a.items.every((v, i) => valuesEqual(v, b.items[i]));
  }
  if (a instanceof RSet && b instanceof RSet) {
    return a.items.length === b.items.length && a.items.every((v) => b.items.some((w) => valuesEqual(v, w)));
  }
  if (a instanceof RMap && b instanceof RMap) {
    if (a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) {
      if (!b.entries.has(k) || !valuesEqual(v, b.entries.get(k)!)) return false;
    }
    return true;
  }
  if (a instanceof RBytes && b instanceof RBytes) return compareBytes(a.bytes, b.bytes) === 0;
  if (a instanceof RPath && b instanceof RPath) {
    return a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);
  }
  if (a instanceof RTimestamp && b instanceof RTimestamp) return a.totalNanos === b.totalNanos;
  if (a instanceof RDuration && b instanceof RDuration) return a.totalNanos === b.totalNanos;
  if (a instanceof RLatLng && b instanceof RLatLng) {
    return a.latitude === b.latitude && a.longitude === b.longitude;
  }
  if (a instanceof RMapDiff && b instanceof RMapDiff) {
    return valuesEqual(a.left, b.left) && valuesEqual(a.right, b.right);
  }
  return false;
}

/** Human-readable rendering for denial reasons and debug(). */
export function show(v: RValue | RError, depth = 0): string {
  if (v instanceof RError) return `error(${v.message})`;
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return formatFloat(v);
  if (typeof v === 'boolean') return String(v);
  if (depth > 3) return '…';
  if (v instanceof RList) return `[${v.items.map((x) => show(x, depth + 1)).join(', ')}]`;
  if (v instanceof RSet) return `set([${v.items.map((x) => show(x, depth + 1)).join(', ')}])`;
  if (v instanceof RMap) {
    return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${show(x, depth + 1)}`).join(', ')}}`;
  }
  if (v instanceof RMapDiff) return `map_diff(${show(v.left, depth + 1)}, ${show(v.right, depth + 1)})`;
  if (v instanceof RPath) return `path(${JSON.stringify(v.toString())})`;
  if (v instanceof RTimestamp) return `timestamp(${timestampToIso(v)})`;
  if (v instanceof RDuration) return `duration(${v.totalNanos}ns)`;
  if (v instanceof RLatLng) return `latlng(${v.latitude}, ${v.longitude})`;
  if (v instanceof RBytes) return `b'${Buffer.from(v.bytes).toString('hex')}'`;
  if (v instanceof RUnknown) return `<depends on ${v.what}>`;
  if (v instanceof RSymMap) return `<${v.label}${v.prefix ? '.' + v.prefix : ''}>`;
  return String(v);
}

/** Floats print like production's string(): always with a fractional part or exponent. */
export function formatFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(x);
  if (abs !== 0 && (abs >= 1e7 || abs < 1e-3)) {
    // Java-style scientific form: 1.0E7, 1.5E-4
    const [m, e] = x.toExponential().split('e');
    const mant = m.includes('.') ? m : `${m}.0`;
    return `${mant}E${Number(e)}`;
  }
  const s = String(x);
  return s.includes('.') || s.includes('e') ? s : `${s}.0`;
}

export function timestampToIso(t: RTimestamp): string {
  const ms = Number(t.seconds) * 1000;
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = t.nanos ? '.' + String(t.nanos).padStart(9, '0').replace(/0+$/, '') : '';
  return `${base}${frac}Z`;
}
