import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/rules/ast.js';
import { parseRules } from '../../src/rules/parser.js';
import { loadRuleset } from '../../src/rules/loader.js';
import { RBytes, RList, RMap, RPath } from '../../src/rules/values.js';
import { ev, mustLoad } from './helpers.js';

function condition(expr: string): Expr {
  const rs = mustLoad(
    `service cloud.firestore { match /databases/{d}/documents { match /x/{y} { allow read: if ${expr}; } } }`,
  );
  return rs.allows[0].condition!;
}

/** Render an expression tree with explicit parentheses to check precedence. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'Binary':
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'Unary':
      return `(${e.op}${show(e.arg)})`;
    case 'Is':
      return `(${show(e.expr)} is ${e.typeName})`;
    case 'Ternary':
      return `(${show(e.test)} ? ${show(e.consequent)} : ${show(e.alternate)})`;
    case 'Ident':
      return e.name;
    case 'Literal':
      return typeof e.value === 'bigint' ? `${e.value}` : JSON.stringify(e.value);
    case 'Member':
      return `${show(e.object)}.${e.name}`;
    case 'Call':
      return `${show(e.callee)}(${e.args.map(show).join(', ')})`;
    default:
      return e.kind;
  }
}

describe('grammar: structure', () => {
  it('parses rules_version 1 and 2 files for both services', () => {
    expect(mustLoad(`service cloud.firestore { match /databases/{database}/documents { } }`).version).toBe(1);
    const rs = mustLoad(
      `rules_version = "2"; service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read; } } }`,
    );
    expect(rs.version).toBe(2);
    expect(rs.service).toBe('firebase.storage');
  });

  it('accepts every allow form: methods lists, optional condition, optional semicolon', () => {
    const rs = mustLoad(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{b} {
      allow read
      allow get, list, create: if true
      allow update, delete: if false;
      allow write;
    }
  }
}`);
    expect(rs.allows.map((a) => [a.methods.map((m) => m.name), a.condition === null])).toEqual([
      [['read'], true],
      [['get', 'list', 'create'], false],
      [['update', 'delete'], false],
      [['write'], true],
    ]);
  });

  it('parses nested matches with {x} and {x=**} and literal segments', () => {
    const rs = mustLoad(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      match /posts/{post} { allow read; }
      match /{rest=**} { allow read; }
    }
  }
}`);
    const users = rs.matches[0].children[0];
    expect(users.decl.path).toEqual([
      { kind: 'literal', text: 'users' },
      { kind: 'var', name: 'uid' },
    ]);
    expect(users.children[1].decl.path).toEqual([{ kind: 'glob', name: 'rest' }]);
  });

  it('parses functions with lets and one return at every scope', () => {
    const rs = mustLoad(`rules_version = '2';
function g() { return 1; }
service cloud.firestore {
  function s(a, b) { let x = a + b; let y = x * 2; return y; }
  match /databases/{database}/documents {
    function m() { return s(1, 2) == 6 && g() == 1; }
    match /a/{b} { allow read: if m(); }
  }
}`);
    expect(rs.file.functions[0].name).toBe('g');
    const s = rs.file.services[0].functions[0];
    expect(s.params.map((p) => p.name)).toEqual(['a', 'b']);
    expect(s.lets.map((l) => l.name)).toEqual(['x', 'y']);
  });

  it('skips // and /* */ comments everywhere', () => {
    mustLoad(`// header
rules_version = '2'; /* block */
service cloud.firestore { // trailing
  match /databases/{database}/documents { /* a
  multi-line comment */
    match /a/{b} { allow read: if /* inline */ true // end
    ; }
  }
}`);
  });
});

describe('grammar: literals', () => {
  it('null, booleans, ints, floats with exponents', () => {
    expect(ev('null == null')).toBe(true);
    expect(ev('true != false')).toBe(true);
    expect(ev('42 == 42')).toBe(true);
    expect(ev('1.5e3 == 1500.0')).toBe(true);
    expect(ev('2.5E-1 == 0.25')).toBe(true);
    expect(ev('1e2 == 100.0')).toBe(true);
    expect(ev('-9223372036854775808 < 0')).toBe(true);
    expect(ev('9223372036854775807 > 0')).toBe(true);
  });

  it('strings with both quotes and the escapes production accepts', () => {
    expect(ev(`'it\\'s' == "it's"`)).toBe(true);
    expect(ev(`"say \\"hi\\"" == 'say "hi"'`)).toBe(true);
    expect(ev(`'a\\nb'.size() == 3`)).toBe(true);
    expect(ev(`'\\t\\r\\\\\\/'.size() == 4`)).toBe(true);
    expect(ev(`'\\/' == '/'`)).toBe(true);
  });

  it('rejects other escapes with a position', () => {
    const r = loadRuleset(
      `service cloud.firestore {\n  match /databases/{d}/documents {\n    match /a/{b} { allow read: if 'x\\q' == 'y'; }\n  }\n}`,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0].line).toBe(3);
      expect(r.errors[0].message).toMatch(/escape/i);
    }
  });

  it('lists, maps, bytes', () => {
    expect(ev('[1, [2, 3], {"a": 1}] == [1, [2, 3], {"a": 1}]')).toBe(true);
    expect(ev('{} == {}')).toBe(true);
    expect(ev(`{'a': 1, "b": [true]}`)).toBeInstanceOf(RMap);
    const b = ev(`b'\\x41\\102C'`);
    expect(b).toBeInstanceOf(RBytes);
    expect(Array.from((b as RBytes).bytes)).toEqual([0x41, 0x42, 0x43]);
    expect(ev(`b"\\xff".size() == 1`)).toBe(true);
  });

  it('path literals with $(expr) interpolation and (default) segments', () => {
    const p = ev('/databases/(default)/documents/users/$(uid)', { uid: 'alice' });
    expect(p).toBeInstanceOf(RPath);
    expect((p as RPath).segments).toEqual(['databases', '(default)', 'documents', 'users', 'alice']);
    expect(ev('/a/$(p)/c == /a/b/x/c', { p: new RPath(['b', 'x']) })).toBe(true);
    expect(ev('/a/b is path')).toBe(true);
  });

  it('raw list literal values', () => {
    expect(ev('[1, 2.5, "s", null, true]')).toEqual(new RList([1n, 2.5, 's', null, true]));
  });
});

describe('grammar: operator precedence', () => {
  const cases: [string, string][] = [
    ['a || b && c', '(a || (b && c))'],
    ['a && b == c', '(a && (b == c))'],
    ['a == b in c', '(a == (b in c))'],
    ['a in b == c', '((a in b) == c)'],
    ['a is int == b', '((a is int) == b)'],
    ['a < b in c', '((a < b) in c)'],
    ['a + b < c * d', '((a + b) < (c * d))'],
    ['a - b - c', '((a - b) - c)'],
    ['a / b * c % d', '(((a / b) * c) % d)'],
    ['!a && -b < c', '((!a) && ((-b) < c))'],
    ['!a.b(c)', '(!a.b(c))'],
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a || b ? c : d', '((a || b) ? c : d)'],
    ['-5 / 2', '(-5 / 2)'],
  ];
  for (const [src, tree] of cases) {
    it(src, () => expect(show(condition(src))).toBe(tree));
  }
  it('postfix chains: member, call, index and slice', () => {
    expect(condition('a.b(1)[2][1:3].c').kind).toBe('Member');
    expect(ev('[1,2,3,4][1:3][0] == 2')).toBe(true);
  });
});

describe('parse errors carry line and column', () => {
  it('reports an unexpected token', () => {
    const r = parseRules(
      `service cloud.firestore {\n  match /databases/{d}/documents {\n    allow read: if (true;\n  }\n}`,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.line).toBe(3);
      expect(r.error.column).toBe(25);
      expect(r.error.message).toMatch(/Syntax error/);
    }
  });

  it('reports an unterminated block at the end', () => {
    const r = parseRules(`rules_version = '2';\nservice firebase.storage {`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.line).toBe(2);
  });

  it('records expression positions (1-based)', () => {
    const rs = mustLoad(
      `service cloud.firestore {\n  match /databases/{d}/documents {\n    match /a/{b} {\n      allow read: if request.auth != null;\n    }\n  }\n}`,
    );
    const c = rs.allows[0].condition!;
    expect(c.loc).toMatchObject({ line: 4, column: 22 });
    expect(rs.allows[0].loc).toMatchObject({ line: 4, column: 7 });
  });
});
