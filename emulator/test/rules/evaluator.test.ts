/** Strict booleans, error values and their absorption, the ternary, and the evaluation limits. */
import { describe, expect, it } from 'vitest';
import { Evaluator, Frame } from '../../src/rules/evaluator.js';
import { RError, RMap } from '../../src/rules/values.js';
import { ev, evErr, map, mustLoad } from './helpers.js';

const E = '(1 / 0 == 0)'; // an error-valued boolean expression

describe('error absorption by && and || (commutative)', () => {
  const table: [string, boolean | 'error'][] = [
    [`${E} && false`, false],
    [`false && ${E}`, false],
    [`${E} && true`, 'error'],
    [`true && ${E}`, 'error'],
    [`${E} || true`, true],
    [`true || ${E}`, true],
    [`${E} || false`, 'error'],
    [`false || ${E}`, 'error'],
    [`${E} && ${E}`, 'error'],
    [`${E} || ${E}`, 'error'],
    [`!${E}`, 'error'],
    [`(${E} || true) && true`, true],
    [`${E} ? true : true`, 'error'],
    [`(${E} ? true : true) || true`, true],
  ];
  for (const [expr, want] of table) {
    it(`${expr} -> ${want}`, () => {
      const r = ev(expr);
      if (want === 'error') expect(r).toBeInstanceOf(RError);
      else expect(r).toBe(want);
    });
  }
});

describe('strict booleans', () => {
  it('&&, ||, ! and ?: require booleans', () => {
    expect(evErr('1 && true')).toMatch(/Unsupported operation/);
    expect(ev('true || "x"')).toBe(true); // decided before the right side matters
    expect(evErr('false || "x"')).toMatch(/Unsupported operation/);
    expect(evErr('!1')).toMatch(/Unsupported operation/);
    expect(evErr('1 ? true : false')).toMatch(/Unsupported operation/);
    expect(ev('"x" && false')).toBe(false); // false absorbs a non-boolean like an error
  });

  it('a non-boolean condition denies (is not true)', () => {
    expect(ev('1')).toBe(1n);
  });
});

describe('missing values are errors', () => {
  const request = map({ auth: null, resource: map({ data: map({ name: 'alice', m: map({ a: 1n }) }) }) });
  it('missing field', () => {
    expect(evErr('request.resource.data.typo == null', { request })).toBe(
      'Property typo is undefined on object.',
    );
    expect(evErr('request.resource.data.m.typo == "x"', { request })).toBe(
      'Property typo is undefined on object.',
    );
  });
  it('field of null', () => {
    expect(evErr('request.auth.uid == "x"', { request })).toBe('Null value error.');
  });
  it('`in` is the absence check', () => {
    expect(ev('!("typo" in request.resource.data)', { request })).toBe(true);
  });
  it('errors carry the position of the failing sub-expression', () => {
    const r = ev('true && request.resource.data.typo == 1', { request }) as RError;
    expect([r.line, r.column]).toEqual([5, 29]);
  });
});

describe('ternary', () => {
  it('evaluates only the chosen branch', () => {
    const calls: string[] = [];
    const host = { callGlobal: (name: string) => (calls.push(name), true) };
    expect(ev('true ? get(/a/b) : exists(/a/b)', {}, host)).toBe(true);
    expect(calls).toEqual(['get']);
  });
});

describe('short-circuit: skipped calls are not made', () => {
  it('false && f() does not call f; error && f() does', () => {
    const calls: string[] = [];
    const host = { callGlobal: (name: string) => (calls.push(name), false) };
    expect(ev('false && exists(/x/y)', {}, host)).toBe(false);
    expect(ev('true || exists(/x/y)', {}, host)).toBe(true);
    expect(calls).toEqual([]);
    expect(ev(`${E} && exists(/x/y)`, {}, host)).toBe(false);
    expect(calls).toEqual(['exists']);
  });
});

describe('functions', () => {
  const rs = mustLoad(`rules_version = '2';
function g(x) { return x * 10; }
service cloud.firestore {
  function s() { return 'service'; }
  match /databases/{database}/documents {
    function m(a) { let b = a + 1; let c = b * 2; return g(c) + 1; }
    match /t/{id} {
      function local() { return id; }
      function s() { return 'shadow'; }
      allow get: if m(1) == 41 && local() == 'x' && s() == 'shadow';
      allow list: if errParam(1 / 0) || true;
      function errParam(p) { return p == 0; }
    }
    match /u/{id} {
      allow get: if s() == 'service';
    }
  }
}`);
  const run = (idx: number, id: string) => {
    const evaluator = new Evaluator(rs, {});
    const m0 = rs.matches[0];
    const root = new Frame(new Map(), null, rs.serviceScope);
    const f0 = new Frame(new Map([['database', '(default)']]), root, m0.scope);
    const child = m0.children[idx];
    const f1 = new Frame(new Map([['id', id]]), f0, child.scope);
    return child.decl.allows.map((a) => evaluator.evaluate(a.condition!, f1));
  };
  it('lets, nested calls, global functions and wildcard capture', () => {
    expect(run(0, 'x')[0]).toBe(true);
  });
  it('inner scopes shadow outer ones', () => {
    expect(run(1, 'y')[0]).toBe(true);
  });
  it('an error argument only fails where it is used (and can be absorbed there)', () => {
    expect(run(0, 'x')[1]).toBe(true);
  });
});

describe('limits', () => {
  it('more than 1000 expressions evaluated is an error', () => {
    const terms = Array.from({ length: 600 }, () => '1 == 1').join(' && ');
    const r = ev(terms);
    expect(r).toBeInstanceOf(RError);
    expect((r as RError).message).toMatch(/1000 expressions/);
    expect(ev(Array.from({ length: 200 }, () => '1 == 1').join(' && '))).toBe(true); // 799 nodes
  });

  it('call depth is limited to 20', () => {
    const fns = Array.from(
      { length: 25 },
      (_, i) => `function f${i}() { return ${i === 24 ? 'true' : `f${i + 1}()`}; }`,
    );
    const rs = mustLoad(`rules_version = '2';
service cloud.firestore {
  ${fns.join('\n  ')}
  function g0() { return g1(); } function g1() { return g2(); } function g2() { return true; }
  match /databases/{database}/documents {
    match /t/{id} { allow get: if f0(); allow list: if g0(); }
  }
}`);
    const evaluator = new Evaluator(rs, {});
    const frame = new Frame(new Map(), null, rs.serviceScope);
    const deep = evaluator.evaluate(rs.allows[0].condition!, frame);
    expect(deep).toBeInstanceOf(RError);
    expect((deep as RError).message).toMatch(/call depth \(20\)/);
    expect(evaluator.evaluate(rs.allows[1].condition!, frame)).toBe(true);
  });
});

describe('equality across types', () => {
  it('different types are unequal, not errors', () => {
    expect(ev('1 == "1"')).toBe(false);
    expect(ev('null != {}')).toBe(true);
    expect(ev('[1] != [1].toSet()')).toBe(true);
    expect(ev('{"a": [1, {"b": null}]} == {"a": [1, {"b": null}]}')).toBe(true);
  });
  it('ordering needs comparable types', () => {
    expect(evErr('1 < "a"')).toMatch(/Unsupported operation/);
    expect(evErr('[1] < [2]')).toMatch(/Unsupported operation/);
  });
  it('map keys must be strings', () => {
    expect(ev('{"a": 1}') instanceof RMap).toBe(true);
    expect(evErr('{1: 1} == {}')).toMatch(/map key/);
  });
});
