/** path, bytes and latlng methods; math.*, hashing.*, latlng.*; the string()/int()/float()/path()
 *  conversions. */
import { createHash } from 'node:crypto';
import {
  INT64_MAX,
  INT64_MIN,
  RBytes,
  RError,
  RLatLng,
  RMap,
  RPath,
  formatFloat,
  type Result,
  type RValue,
} from '../values.js';
import { badArgs, functionNotFound, invalidArgument } from './errors.js';

export function pathFromString(s: string): RPath {
  return new RPath(s.split('/').filter((x) => x !== ''));
}

export function pathMethod(p: RPath, name: string, args: RValue[]): Result {
  if (name !== 'bind') return functionNotFound(name);
  if (args.length !== 1 || !(args[0] instanceof RMap)) return badArgs(p, name, args, ['map']);
  const values = args[0].entries;
  const bindings = new Map(p.bindings);
  const segments: string[] = [];
  for (const seg of p.segments) {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/.exec(seg);
    if (!m) {
      segments.push(seg);
      continue;
    }
    const v = values.get(m[1]);
    if (v === undefined) return new RError(`Property ${m[1]} is undefined on object.`);
    if (v instanceof RPath) segments.push(...v.segments);
    else if (typeof v === 'string') segments.push(v);
    else return badArgs(p, name, args, ['map(string, string)']);
    bindings.set(m[1], v);
  }
  return new RPath(segments, bindings);
}

export function bytesMethod(b: RBytes, name: string, args: RValue[]): Result {
  if (!['size', 'toBase64', 'toHexString'].includes(name)) return functionNotFound(name);
  if (args.length) return badArgs(b, name, args, []);
  const buf = Buffer.from(b.bytes);
  if (name === 'size') return BigInt(b.bytes.length);
  if (name === 'toHexString') return buf.toString('hex').toUpperCase();
  // base64url alphabet with padding
  return buf.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

const EARTH_RADIUS_M = 6_371_000;

export function latlngMethod(p: RLatLng, name: string, args: RValue[]): Result {
  switch (name) {
    case 'latitude':
    case 'longitude':
      if (args.length) return badArgs(p, name, args, []);
      return name === 'latitude' ? p.latitude : p.longitude;
    case 'distance': {
      const o = args[0];
      if (args.length !== 1 || !(o instanceof RLatLng)) return badArgs(p, name, args, ['latlng']);
      const rad = Math.PI / 180;
      const dLat = (o.latitude - p.latitude) * rad;
      const dLng = (o.longitude - p.longitude) * rad;
      const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(p.latitude * rad) * Math.cos(o.latitude * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
    }
    default:
      return functionNotFound(name);
  }
}

export function latlngNamespace(name: string, args: RValue[]): Result {
  if (name !== 'value') return functionNotFound(`latlng.${name}`);
  const nums = args.map((a) => (typeof a === 'bigint' ? Number(a) : a));
  if (args.length !== 2 || !nums.every((n) => typeof n === 'number')) {
    return badArgs(undefined, 'latlng.value', args, ['float', 'float']);
  }
  const [lat, lng] = nums as number[];
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) {
    return new RError(
      'Latitude should be in [-90,90] range and longitude should be in [-180,180] range. ' +
        `latitude: ${formatFloat(lat)}, longitude: ${formatFloat(lng)}.`,
    );
  }
  return new RLatLng(lat, lng);
}

function toIntResult(x: number, what: string): Result {
  if (!Number.isFinite(x)) return invalidArgument(`Cannot convert ${formatFloat(x)} to int (${what}).`);
  const b = BigInt(x);
  if (b > INT64_MAX || b < INT64_MIN) return new RError('Integer overflow error.');
  return b;
}

export function mathNamespace(name: string, args: RValue[]): Result {
  const full = `math.${name}`;
  const [x, y] = args;
  const num = (v: RValue): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';
  switch (name) {
    case 'abs':
      if (args.length !== 1 || !num(x)) return badArgs(undefined, full, args, ['number']);
      if (typeof x === 'bigint') {
        if (x === INT64_MIN) return new RError('Integer overflow error.');
        return x < 0n ? -x : x;
      }
      return Math.abs(x);
    case 'ceil':
    case 'floor':
    case 'round': {
      if (args.length !== 1 || !num(x)) return badArgs(undefined, full, args, ['number']);
      if (typeof x === 'bigint') return x;
      // round: half away from zero
      const r =
        name === 'ceil'
          ? Math.ceil(x)
          : name === 'floor'
            ? Math.floor(x)
            : Math.sign(x) * Math.round(Math.abs(x));
      return toIntResult(r, full);
    }
    case 'sqrt':
      if (args.length !== 1 || !num(x)) return badArgs(undefined, full, args, ['number']);
      return Math.sqrt(Number(x));
    case 'pow':
      if (args.length !== 2 || !num(x) || !num(y)) {
        return badArgs(undefined, full, args, ['number', 'number']);
      }
      return Math.pow(Number(x), Number(y));
    case 'isNaN':
      if (args.length !== 1 || !num(x)) return badArgs(undefined, full, args, ['number']);
      return typeof x === 'number' && Number.isNaN(x);
    // math.isInfinite is documented but production answers "Function not found" for it
    // (rules/firestore/ast-strictness-and-unsupported-casts.json).
    default:
      return functionNotFound(full);
  }
}

let crcTables: { crc32: Uint32Array; crc32c: Uint32Array } | null = null;

function crcTable(poly: number): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

function crc(table: Uint32Array, data: Uint8Array): Uint8Array {
  let c = 0xffffffff;
  for (const b of data) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
  c = (c ^ 0xffffffff) >>> 0;
  // Least significant byte first, as Google's engine answers (hashing.crc32('123456789') is
  // 26 39 F4 CB, not the CBF43926 of the usual hex notation).
  return Uint8Array.of(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24);
}

export function hashingNamespace(name: string, args: RValue[]): Result {
  const full = `hashing.${name}`;
  if (!['crc32', 'crc32c', 'md5', 'sha256'].includes(name)) return functionNotFound(full);
  const [x] = args;
  let data: Uint8Array;
  if (args.length === 1 && typeof x === 'string') data = new TextEncoder().encode(x);
  else if (args.length === 1 && x instanceof RBytes) data = x.bytes;
  else return badArgs(undefined, full, args, ['bytes']);
  if (name === 'md5' || name === 'sha256') {
    return new RBytes(new Uint8Array(createHash(name).update(data).digest()));
  }
  crcTables ??= { crc32: crcTable(0xedb88320), crc32c: crcTable(0x82f63b78) };
  return new RBytes(crc(name === 'crc32' ? crcTables.crc32 : crcTables.crc32c, data));
}

/** string(), int(), float(), path() */
export function conversion(name: string, args: RValue[]): Result | undefined {
  const [x] = args;
  switch (name) {
    case 'string':
      if (args.length !== 1) return badArgs(undefined, name, args, ['any']);
      if (x === null) return 'null';
      if (typeof x === 'boolean' || typeof x === 'bigint') return String(x);
      if (typeof x === 'number') return formatFloat(x);
      if (typeof x === 'string') return x;
      if (x instanceof RPath) return x.toString();
      return badArgs(undefined, name, args, ['bool|int|float|string|null|path']);
    case 'int':
      if (args.length !== 1) return badArgs(undefined, name, args, ['number|string']);
      if (typeof x === 'bigint') return x;
      if (typeof x === 'number') return toIntResult(Math.trunc(x), 'int');
      if (typeof x === 'string') {
        if (!/^[+-]?\d+$/.test(x.trim())) return invalidArgument(`Cannot parse "${x}" as int.`);
        const b = BigInt(x.trim());
        if (b > INT64_MAX || b < INT64_MIN) return new RError('Integer overflow error.');
        return b;
      }
      return badArgs(undefined, name, args, ['number|string']);
    case 'float':
      if (args.length !== 1) return badArgs(undefined, name, args, ['number|string']);
      if (typeof x === 'number') return x;
      if (typeof x === 'bigint') return Number(x);
      if (typeof x === 'string') {
        const t = x.trim();
        if (!/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|Infinity|NaN)$/.test(t)) {
          return invalidArgument(`Cannot parse "${x}" as float.`);
        }
        return Number(t);
      }
      return badArgs(undefined, name, args, ['number|string']);
    case 'path':
      if (args.length !== 1 || typeof x !== 'string') return badArgs(undefined, name, args, ['string']);
      return pathFromString(x);
    default:
      return undefined;
  }
}
