/**
 * The rules parser: rules.peggy compiled with peggy on first use and cached for the process
 * (no generated file to keep in sync, nothing to run before `npm test`).
 */
import { readFileSync } from 'node:fs';
import peggy from 'peggy';
import type { RulesFile } from './ast.js';

export interface ParseFailure {
  line: number;
  column: number;
  message: string;
}

interface GeneratedParser {
  parse(input: string, options?: { grammarSource?: string }): unknown;
}

let cached: GeneratedParser | null = null;

function parser(): GeneratedParser {
  if (!cached) {
    const grammar = readFileSync(new URL('./rules.peggy', import.meta.url), 'utf8');
    cached = peggy.generate(grammar, { output: 'parser' }) as unknown as GeneratedParser;
  }
  return cached;
}

export function parseRules(
  source: string,
): { ok: true; file: RulesFile } | { ok: false; error: ParseFailure } {
  try {
    return { ok: true, file: parser().parse(source) as RulesFile };
  } catch (e) {
    const err = e as { location?: { start: { line: number; column: number } }; message?: string };
    if (err && err.location) {
      return {
        ok: false,
        error: {
          line: err.location.start.line,
          column: err.location.start.column,
          message: simplifyMessage(String(err.message ?? 'Syntax error.')),
        },
      };
    }
    throw e;
  }
}

/** peggy lists every expected token; keep the message readable for a rules author. */
function simplifyMessage(message: string): string {
  const m = /^Expected (.*) but (.*) found\.$/s.exec(message);
  if (!m) return message;
  const expected = m[1]
    .split(/, | or /)
    .map((s) => s.trim())
    .filter((s) => s && s !== 'whitespace');
  const shown = expected.length > 8 ? [...expected.slice(0, 8), '...'] : expected;
  return `Syntax error: unexpected ${m[2]}; expected ${shown.join(', ')}.`;
}
