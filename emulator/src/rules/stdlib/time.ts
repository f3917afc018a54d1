/** timestamp and duration: methods and the timestamp.* / duration.* namespaces. */
import { INT64_MAX, INT64_MIN, RDuration, RError, RTimestamp, type Result, type RValue } from '../values.js';
import { badArgs, functionNotFound, invalidArgument } from './errors.js';

const NS = 1_000_000_000n;
const DAY_NS = 86_400n * NS;
// Valid timestamps: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z
const MIN_SECONDS = -62_135_596_800n;
const MAX_SECONDS = 253_402_300_799n;

export function checkedTimestamp(totalNanos: bigint): Result {
  const t = RTimestamp.fromNanos(totalNanos);
  if (t.seconds < MIN_SECONDS || t.seconds > MAX_SECONDS) {
    return new RError('Timestamp out of range error.');
  }
  return t;
}

export function checkedDuration(totalNanos: bigint): Result {
  // google.protobuf.Duration range: +-315,576,000,000 seconds
  if (totalNanos > 315_576_000_000n * NS || totalNanos < -315_576_000_000n * NS) {
    return new RError('Duration out of range error.');
  }
  return new RDuration(totalNanos);
}

function civil(t: RTimestamp): Date {
  return new Date(Number(t.seconds) * 1000);
}

export function timestampMethod(t: RTimestamp, name: string, args: RValue[]): Result {
  const known = [
    'date',
    'year',
    'month',
    'day',
    'hours',
    'minutes',
    'seconds',
    'nanos',
    'time',
    'dayOfWeek',
    'dayOfYear',
    'toMillis',
  ];
  if (!known.includes(name)) return functionNotFound(name);
  if (args.length) return badArgs(t, name, args, []);
  const d = civil(t);
  const dayStartNanos = t.totalNanos - (((t.totalNanos % DAY_NS) + DAY_NS) % DAY_NS);
  switch (name) {
    case 'date':
      return RTimestamp.fromNanos(dayStartNanos);
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return BigInt(t.nanos);
    case 'time':
      return new RDuration(t.totalNanos - dayStartNanos);
    case 'dayOfWeek': {
      const js = d.getUTCDay(); // 0 = Sunday
      return BigInt(js === 0 ? 7 : js); // 1 = Monday .. 7 = Sunday
    }
    case 'dayOfYear': {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      return BigInt(Math.floor((d.getTime() - start) / 86_400_000) + 1);
    }
    default: {
      // toMillis: floor division keeps pre-epoch instants consistent
      const n = t.totalNanos;
      const ms = n >= 0n ? n / 1_000_000n : -((-n + 999_999n) / 1_000_000n);
      return ms;
    }
  }
}

export function durationMethod(d: RDuration, name: string, args: RValue[]): Result {
  if (name !== 'seconds' && name !== 'nanos') return functionNotFound(name);
  if (args.length) return badArgs(d, name, args, []);
  return name === 'seconds' ? d.seconds : BigInt(d.nanos);
}

const UNIT_NANOS: Record<string, bigint> = {
  w: 7n * DAY_NS,
  d: DAY_NS,
  h: 3600n * NS,
  m: 60n * NS,
  s: NS,
  ms: 1_000_000n,
  us: 1_000n,
  ns: 1n,
};

const isInt = (v: RValue): v is bigint => typeof v === 'bigint';

export function timestampNamespace(name: string, args: RValue[]): Result {
  switch (name) {
    case 'date': {
      if (args.length !== 3 || !args.every(isInt)) {
        return badArgs(undefined, 'timestamp.date', args, ['int', 'int', 'int']);
      }
      const [y, m, d] = args.map(Number);
      if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1 || y > 9999) {
        return invalidArgument(`Invalid date: ${y}-${m}-${d}.`);
      }
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d);
      if (date.getUTCMonth() !== m - 1) return invalidArgument(`Invalid date: ${y}-${m}-${d}.`);
      return checkedTimestamp(BigInt(date.getTime()) * 1_000_000n);
    }
    case 'value': {
      if (args.length !== 1 || !isInt(args[0])) return badArgs(undefined, 'timestamp.value', args, ['int']);
      return checkedTimestamp(args[0] * 1_000_000n);
    }
    default:
      return functionNotFound(`timestamp.${name}`);
  }
}

export function durationNamespace(name: string, args: RValue[]): Result {
  switch (name) {
    case 'value': {
      const [n, unit] = args;
      if (args.length !== 2 || typeof unit !== 'string' || !(isInt(n) || typeof n === 'number')) {
        return badArgs(undefined, 'duration.value', args, ['int', 'string']);
      }
      const scale = UNIT_NANOS[unit];
      if (scale === undefined) return invalidArgument(`Invalid duration unit: ${unit}.`);
      const total = isInt(n) ? n * scale : BigInt(Math.trunc(n * Number(scale)));
      return checkedDuration(total);
    }
    case 'time': {
      if (args.length !== 4 || !args.every(isInt)) {
        return badArgs(undefined, 'duration.time', args, ['int', 'int', 'int', 'int']);
      }
      const [h, m, s, ns] = args as bigint[];
      return checkedDuration(h * 3600n * NS + m * 60n * NS + s * NS + ns);
    }
    case 'abs': {
      if (args.length !== 1 || !(args[0] instanceof RDuration)) {
        return badArgs(undefined, 'duration.abs', args, ['duration']);
      }
      const t = args[0].totalNanos;
      return new RDuration(t < 0n ? -t : t);
    }
    default:
      return functionNotFound(`duration.${name}`);
  }
}

export function int64(v: bigint): Result {
  return v > INT64_MAX || v < INT64_MIN ? new RError('Integer overflow error.') : v;
}
