import { describe, expect, it } from 'vitest';
import { formatDiagnostics, loadRuleset } from '../../src/rules/loader.js';

const wrap = (body: string, version = "rules_version = '2';") =>
  `${version}
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;

function errorsOf(src: string): string[] {
  const r = loadRuleset(src, 'firestore.rules');
  return r.ok ? [] : r.errors.map((e) => `${e.line}:${e.column} ${e.message}`);
}

describe('load-time validation', () => {
  it('accepts a valid ruleset and reports warnings separately', () => {
    const r = loadRuleset(wrap(`    match /a/{b} { allow read: if bool(1); }`));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings.map((w) => w.message)).toContain('Invalid function name: bool.');
  });

  it('rejects direct recursion', () => {
    const errs = errorsOf(
      wrap(`    function f(x) { return f(x); }\n    match /a/{b} { allow read: if f(1); }`),
    );
    expect(errs.join()).toMatch(/Recursive function call is not allowed: f -> f/);
  });

  it('rejects mutual recursion', () => {
    const errs = errorsOf(
      wrap(
        `    function f(x) { return g(x); }\n    function g(x) { return h(x) || f(x); }\n    function h(x) { return true; }\n    match /a/{b} { allow read: if f(1); }`,
      ),
    );
    expect(errs.join()).toMatch(/Recursive function call is not allowed: (f -> g -> f|g -> f -> g)/);
  });

  it('rejects more than 7 parameters', () => {
    const errs = errorsOf(wrap(`    function f(a, b, c, d, e, f1, g, h) { return true; }`));
    expect(errs.join()).toMatch(/8 parameters; at most 7/);
    expect(errorsOf(wrap(`    function f(a, b, c, d, e, f1, g) { return true; }`))).toEqual([]);
  });

  it('rejects more than 10 lets, duplicate names and statements after return', () => {
    const lets = Array.from({ length: 11 }, (_, i) => `let v${i} = ${i};`).join(' ');
    expect(errorsOf(wrap(`    function f() { ${lets} return 1; }`)).join()).toMatch(/At most 10 let/);
    expect(errorsOf(wrap(`    function f(a, a) { return 1; }`)).join()).toMatch(
      /Duplicate parameter name: a/,
    );
    expect(errorsOf(wrap(`    function f(a) { let a = 1; return a; }`)).join()).toMatch(
      /Duplicate variable name: a/,
    );
    expect(errorsOf(wrap(`    function f() { return 1; }\n    function f() { return 2; }`)).join()).toMatch(
      /Duplicate function name: f/,
    );
    expect(errorsOf(wrap(`    function f() { return 1; return 2; }`)).join()).toMatch(/exactly one return/);
    expect(errorsOf(wrap(`    function f() { return 1; let x = 2; }`)).join()).toMatch(/after return/);
  });

  it('checks user function arity', () => {
    expect(
      errorsOf(wrap(`    function f(a) { return a; }\n    match /a/{b} { allow read: if f(1, 2); }`)).join(),
    ).toMatch(/expects 1 arguments, got 2/);
  });

  it('rejects unknown methods, type names, two globs, and v1 globs that are not last', () => {
    expect(errorsOf(wrap(`    match /a/{b} { allow modify: if true; }`)).join()).toMatch(
      /Unknown method 'modify'/,
    );
    expect(errorsOf(wrap(`    match /a/{b} { allow read: if b is str; }`)).join()).toMatch(
      /Unknown type name 'str'/,
    );
    expect(errorsOf(wrap(`    match /{a=**}/x/{b=**} { allow read; }`)).join()).toMatch(
      /At most one recursive wildcard/,
    );
    expect(errorsOf(wrap(`    match /{a=**}/x { allow read; }`, ''))).toHaveLength(1);
    expect(errorsOf(wrap(`    match /{a=**}/x { allow read; }`))).toEqual([]);
  });

  it('rejects duplicate wildcard names along a path', () => {
    expect(errorsOf(wrap(`    match /a/{x} { match /b/{x} { allow read; } }`)).join()).toMatch(
      /Duplicate wildcard name: x/,
    );
  });

  it('rejects out-of-range integer literals', () => {
    expect(errorsOf(wrap(`    match /a/{b} { allow read: if 9223372036854775808 > 0; }`)).join()).toMatch(
      /out of range/,
    );
  });

  it('rejects an unknown service, no service, and allow outside match', () => {
    expect(errorsOf(`service cloud.database { }`).join()).toMatch(/Unknown service/);
    expect(errorsOf(`rules_version = '2';`).join()).toMatch(/Missing service/);
    expect(errorsOf(`service cloud.firestore { allow read; }`).join()).toMatch(/inside a 'match'/);
    expect(errorsOf(`rules_version = '3'; service cloud.firestore { }`).join()).toMatch(
      /Invalid rules_version/,
    );
  });

  it('rejects oversized sources', () => {
    const big = wrap(`    // ${'x'.repeat(300 * 1024)}`);
    expect(errorsOf(big).join()).toMatch(/exceeds/);
  });

  it('rejects match nesting deeper than 10', () => {
    let body = 'allow read;';
    for (let i = 0; i < 11; i++) body = `match /l${i}/{v${i}} { ${body} }`;
    expect(errorsOf(wrap(body)).join()).toMatch(/nesting exceeds 10/);
  });
});

describe('formatDiagnostics', () => {
  it('prints file:line:column: message, the source line and a caret', () => {
    const src = `service cloud.firestore {\n  match /databases/{d}/documents {\n    match /a/{b} { allow fetch; }\n  }\n}`;
    const r = loadRuleset(src, 'firestore.rules');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = formatDiagnostics(r.errors, src, 'firestore.rules');
    expect(text).toBe(
      [
        "firestore.rules:3:26: Unknown method 'fetch' in allow statement.",
        '        match /a/{b} { allow fetch; }',
        '                             ^',
      ].join('\n'),
    );
  });
});
