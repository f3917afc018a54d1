/** list, set, map and MapDiff methods. */
import { RList, RMap, RMapDiff, RSet, valuesEqual, type Result, type RValue } from '../values.js';
import { badArgs, functionNotFound } from './errors.js';

const contains = (items: RValue[], v: RValue) => items.some((x) => valuesEqual(x, v));

/** hasAll/hasAny/hasOnly take a list or a set. */
function elements(v: RValue): RValue[] | null {
  if (v instanceof RList || v instanceof RSet) return v.items;
  return null;
}

function membership(receiver: RList | RSet, name: string, args: RValue[]): Result {
  const other = args.length === 1 ? elements(args[0]) : null;
  if (!other) return badArgs(receiver, name, args, ['list']);
  const mine = receiver.items;
  switch (name) {
    case 'hasAll':
      return other.every((v) => contains(mine, v));
    case 'hasAny':
      return other.some((v) => contains(mine, v));
    default: // hasOnly: repeats in the receiver do not matter
      return mine.every((v) => contains(other, v));
  }
}

export function listMethod(list: RList, name: string, args: RValue[]): Result {
  switch (name) {
    case 'size':
      if (args.length) break;
      return BigInt(list.items.length);
    case 'hasAll':
    case 'hasAny':
    case 'hasOnly':
      return membership(list, name, args);
    case 'concat':
      if (args.length !== 1 || !(args[0] instanceof RList)) return badArgs(list, name, args, ['list']);
      return new RList([...list.items, ...args[0].items]);
    case 'removeAll': {
      const other = args.length === 1 ? elements(args[0]) : null;
      if (!other) return badArgs(list, name, args, ['list']);
      return new RList(list.items.filter((v) => !contains(other, v)));
    }
    case 'toSet':
      if (args.length) break;
      return new RSet(list.items);
    case 'join': {
      const sep = args.length === 0 ? '' : args[0];
      if (args.length > 1 || typeof sep !== 'string') return badArgs(list, name, args, ['string']);
      if (!list.items.every((v) => typeof v === 'string')) {
        return badArgs(list, name, args, ['string']);
      }
      return (list.items as string[]).join(sep);
    }
    default:
      return functionNotFound(name);
  }
  return badArgs(list, name, args, []);
}

export function setMethod(set: RSet, name: string, args: RValue[]): Result {
  switch (name) {
    case 'size':
      if (args.length) break;
      return BigInt(set.items.length);
    case 'hasAll':
    case 'hasAny':
    case 'hasOnly':
      return membership(set, name, args);
    case 'difference':
    case 'union':
    case 'intersection': {
      // Production insists on a set argument: set.difference(list) is an error.
      if (args.length !== 1 || !(args[0] instanceof RSet)) return badArgs(set, name, args, ['set']);
      const other = args[0].items;
      if (name === 'union') return new RSet([...set.items, ...other]);
      if (name === 'difference') return new RSet(set.items.filter((v) => !contains(other, v)));
      return new RSet(set.items.filter((v) => contains(other, v)));
    }
    default:
      return functionNotFound(name);
  }
  return badArgs(set, name, args, []);
}

/** map.get(key, default) / map.get([k1, k2, ...], default): default when any step is missing. */
function mapGet(map: RMap, args: RValue[]): Result {
  if (args.length !== 2) return badArgs(map, 'get', args, ['string', 'any']);
  const [key, dflt] = args;
  if (typeof key === 'string') return map.entries.has(key) ? map.entries.get(key)! : dflt;
  if (key instanceof RList) {
    let cur: RValue = map;
    for (const k of key.items) {
      if (typeof k !== 'string') return badArgs(map, 'get', args, ['list(string)', 'any']);
      if (!(cur instanceof RMap) || !cur.entries.has(k)) return dflt;
      cur = cur.entries.get(k)!;
    }
    return cur;
  }
  return badArgs(map, 'get', args, ['string', 'any']);
}

export function mapMethod(map: RMap, name: string, args: RValue[]): Result {
  switch (name) {
    case 'size':
      if (args.length) break;
      return BigInt(map.entries.size);
    case 'keys':
      if (args.length) break;
      return new RList([...map.entries.keys()]);
    case 'values':
      if (args.length) break;
      return new RList([...map.entries.values()]);
    case 'get':
      return mapGet(map, args);
    case 'diff':
      if (args.length !== 1 || !(args[0] instanceof RMap)) return badArgs(map, name, args, ['map']);
      return new RMapDiff(map, args[0]);
    default:
      return functionNotFound(name);
  }
  return badArgs(map, name, args, []);
}

export function mapDiffMethod(diff: RMapDiff, name: string, args: RValue[]): Result {
  if (args.length) {
    return ['addedKeys', 'removedKeys', 'changedKeys', 'unchangedKeys', 'affectedKeys'].includes(name)
      ? badArgs(diff, name, args, [])
      : functionNotFound(name);
  }
  const a = diff.left.entries;
  const b = diff.right.entries;
  const added = [...a.keys()].filter((k) => !b.has(k));
  const removed = [...b.keys()].filter((k) => !a.has(k));
  const both = [...a.keys()].filter((k) => b.has(k));
  const changed = both.filter((k) => !valuesEqual(a.get(k)!, b.get(k)!));
  const unchanged = both.filter((k) => valuesEqual(a.get(k)!, b.get(k)!));
  switch (name) {
    case 'addedKeys':
      return new RSet(added);
    case 'removedKeys':
      return new RSet(removed);
    case 'changedKeys':
      return new RSet(changed);
    case 'unchangedKeys':
      return new RSet(unchanged);
    case 'affectedKeys':
      return new RSet([...added, ...removed, ...changed]);
    default:
      return functionNotFound(name);
  }
}
