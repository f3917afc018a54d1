/** string methods; regular expressions use RE2 semantics (re2js), never JavaScript RegExp. */
import { RE2JS } from 're2js';
import { RBytes, RError, RList, type Result, type RValue } from '../values.js';
import { badArgs, functionNotFound } from './errors.js';

const compiled = new Map<string, RE2JS | RError>();

export function regex(pattern: string): RE2JS | RError {
  let re = compiled.get(pattern);
  if (!re) {
    try {
      re = RE2JS.compile(pattern);
    } catch (e) {
      re = new RError(`Invalid regular expression: ${(e as Error).message}`);
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/** Length and indexing are by Unicode code point. */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

export function stringMethod(s: string, name: string, args: RValue[]): Result {
  const arity = (n: number, ...types: string[]): boolean =>
    args.length === n && args.every((a, i) => typeof a === types[i]);
  switch (name) {
    case 'size':
      if (args.length) break;
      return BigInt(codePoints(s).length);
    case 'lower':
      if (args.length) break;
      return s.toLowerCase();
    case 'upper':
      if (args.length) break;
      return s.toUpperCase();
    case 'trim':
      if (args.length) break;
      return s.trim();
    case 'toUtf8':
      if (args.length) break;
      return new RBytes(new TextEncoder().encode(s));
    case 'matches': {
      if (!arity(1, 'string')) return badArgs(s, name, args, ['string']);
      const re = regex(args[0] as string);
      if (re instanceof RError) return re;
      return re.matches(s);
    }
    case 'replace': {
      if (!arity(2, 'string', 'string')) return badArgs(s, name, args, ['string', 'string']);
      const re = regex(args[0] as string);
      if (re instanceof RError) return re;
      try {
        return re.matcher(s).replaceAll(args[1] as string, true);
      } catch (e) {
        return new RError(`Invalid replacement: ${(e as Error).message}`);
      }
    }
    case 'split': {
      if (!arity(1, 'string')) return badArgs(s, name, args, ['string']);
      const re = regex(args[0] as string);
      if (re instanceof RError) return re;
      return new RList(re.split(s));
    }
    default:
      return functionNotFound(name);
  }
  return badArgs(s, name, args, []);
}
