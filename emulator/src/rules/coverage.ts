/**
 * Rules coverage: how often each expression evaluated to true, false, an error or another
 * value. Reports are JSON (machine-readable) and a small self-contained HTML page, written on
 * demand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Expr } from './ast.js';
import type { ExpressionObserver, Outcome } from './evaluator.js';
import type { Ruleset } from './loader.js';

export interface ExpressionCoverage {
  id: number;
  kind: Expr['kind'];
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  text: string;
  counts: Record<Outcome, number>;
}

export interface CoverageReport {
  files: { name: string; content: string }[];
  expressions: (ExpressionCoverage & { file: string })[];
  summary: { expressions: number; evaluated: number; sawTrue: number; sawFalse: number; sawError: number };
}

export class CoverageRecorder {
  /** Latest ruleset per file name (a reload replaces the previous counts). */
  private readonly files = new Map<
    string,
    { ruleset: Ruleset; counts: Map<number, Record<Outcome, number>> }
  >();

  readonly observer: ExpressionObserver = (ruleset, id, outcome) => {
    let entry = this.files.get(ruleset.fileName);
    if (!entry || entry.ruleset !== ruleset) {
      entry = { ruleset, counts: new Map() };
      this.files.set(ruleset.fileName, entry);
    }
    let c = entry.counts.get(id);
    if (!c) entry.counts.set(id, (c = { true: 0, false: 0, error: 0, value: 0 }));
    c[outcome]++;
  };

  reset(): void {
    this.files.clear();
  }

  /** Start over with `ruleset`: the report lists all its expressions, none evaluated yet. */
  begin(ruleset: Ruleset): void {
    this.files.clear();
    this.files.set(ruleset.fileName, { ruleset, counts: new Map() });
  }

  report(): CoverageReport {
    const report: CoverageReport = {
      files: [],
      expressions: [],
      summary: { expressions: 0, evaluated: 0, sawTrue: 0, sawFalse: 0, sawError: 0 },
    };
    for (const [name, { ruleset, counts }] of this.files) {
      report.files.push({ name, content: ruleset.source });
      for (const e of ruleset.exprs) {
        const c = counts.get(e.id) ?? { true: 0, false: 0, error: 0, value: 0 };
        report.expressions.push({
          file: name,
          id: e.id,
          kind: e.kind,
          sourcePosition: {
            line: e.loc.line,
            column: e.loc.column,
            currentOffset: e.loc.offset,
            endOffset: e.end,
          },
          text: ruleset.source.slice(e.loc.offset, e.end),
          counts: c,
        });
        const s = report.summary;
        s.expressions++;
        if (c.true + c.false + c.error + c.value) s.evaluated++;
        if (c.true) s.sawTrue++;
        if (c.false) s.sawFalse++;
        if (c.error) s.sawError++;
      }
    }
    return report;
  }

  toJSON(): string {
    return JSON.stringify(this.report(), null, 2);
  }

  /** The source with every expression highlighted: green = was true, red = only false/error,
   *  blue = evaluated to a non-boolean value, grey = never evaluated. Hover shows the counts. */
  toHTML(): string {
    const sections: string[] = [];
    for (const [name, { ruleset, counts }] of this.files) {
      const src = ruleset.source;
      const exprs = [...ruleset.exprs].sort((a, b) => a.loc.offset - b.loc.offset || b.end - a.end);
      let html = '';
      let pos = 0;
      const stack: number[] = [];
      const flushTo = (offset: number) => {
        if (offset > pos) html += escapeHtml(src.slice(pos, offset));
        pos = Math.max(pos, offset);
      };
      for (const e of exprs) {
        while (stack.length && stack[stack.length - 1] <= e.loc.offset) {
          flushTo(stack.pop()!);
          html += '</span>';
        }
        flushTo(e.loc.offset);
        const c = counts.get(e.id);
        const cls = !c ? 'never' : c.true ? 'true' : c.false || c.error ? 'false' : 'value';
        const title = c
          ? `true: ${c.true}, false: ${c.false}, error: ${c.error}, value: ${c.value}`
          : 'never evaluated';
        html += `<span class="${cls}" title="${title}">`;
        stack.push(e.end);
      }
      while (stack.length) {
        flushTo(stack.pop()!);
        html += '</span>';
      }
      flushTo(src.length);
      sections.push(`<h2>${escapeHtml(name)}</h2>\n<pre>${html}</pre>`);
    }
    return `<!doctype html>
<html><head><meta charset="utf-8"><title>Rules coverage</title>
<style>
body { font-family: sans-serif; } pre { font-size: 13px; line-height: 1.5; }
.true { background: #d4f7d4; } .false { background: #f9d0d0; } .value { background: #dbe8fb; }
.never { background: #eee; color: #888; }
</style></head><body><h1>Rules coverage</h1>
${sections.join('\n')}
</body></html>
`;
  }

  /** Write rules-coverage.json and rules-coverage.html into `dir`; returns their paths. */
  write(dir: string): { json: string; html: string } {
    mkdirSync(dir, { recursive: true });
    const json = join(dir, 'rules-coverage.json');
    const html = join(dir, 'rules-coverage.html');
    writeFileSync(json, this.toJSON());
    writeFileSync(html, this.toHTML());
    return { json, html };
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
