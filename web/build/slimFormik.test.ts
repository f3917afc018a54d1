import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript stub without types
import { clone, cloneDeep } from './stubs/formikClone.js';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe("formik's clone and cloneDeep stand-ins", () => {
  it('clone copies one level and keeps the prototype (setIn)', () => {
    const inner = { a: 1 };
    const source = { inner, list: [1, 2] };
    const copy = clone(source);
    expect(copy).toEqual(source);
    expect(copy).not.toBe(source);
    expect(copy.inner).toBe(inner);
    const point = clone(new Point(1, 2));
    expect(point).toBeInstanceOf(Point);
    expect(point).toEqual(new Point(1, 2));
    const list = [1, { b: 2 }];
    expect(clone(list)).not.toBe(list);
    expect(clone(list)).toEqual(list);
    expect(clone('text')).toBe('text');
    expect(clone(null)).toBe(null);
    expect(clone(undefined)).toBe(undefined);
  });

  it('cloneDeep copies every level of objects and arrays (initial values)', () => {
    const source = { contact: { emails: [{ address: 'ana@x.co' }] }, tags: ['a'], n: 0, none: null };
    const copy = cloneDeep(source);
    expect(copy).toEqual(source);
    copy.contact.emails[0].address = 'changed';
    copy.tags.push('b');
    expect(source.contact.emails[0]!.address).toBe('ana@x.co');
    expect(source.tags).toEqual(['a']);
  });

  it('cloneDeep keeps dates, class instances and files as they are (formik never mutates them)', () => {
    const when = new Date('2026-11-27T10:00:00Z');
    const point = new Point(3, 4);
    const copy = cloneDeep({ when, point, nested: [when] });
    expect(copy.when).toBe(when);
    expect(copy.point).toBe(point);
    expect(copy.nested[0]).toBe(when);
  });

  it('cloneDeep copies objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: { b: 1 } });
    const copy = cloneDeep(bare);
    expect(Object.getPrototypeOf(copy)).toBe(null);
    expect(copy.a).toEqual({ b: 1 });
    expect(copy.a).not.toBe(bare.a);
  });
});

/** Every TypeScript source under `dir` (tests included). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("yup's key case transforms", () => {
  it('are used by no schema (the build replaces tiny-case, stubs/tinyCase.js)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const users = [...sources(path.join(root, 'model/src')), ...sources(path.join(root, 'web/src'))].filter(
      (file) => /\.(camelCase|snakeCase|constantCase)\(/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });
});
