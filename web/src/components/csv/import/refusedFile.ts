// The refused-rows file: each row as it was in the file, between its row number and its reasons.
import { csvLine } from '../exportCsv';
import type { RefusedRow, RowIssue } from '../validate';

/** The file's lines (header first), in row order. */
export function refusedFileLines(
  headers: string[],
  rows: RefusedRow[],
  texts: { row: string; reason: string },
  reasons: (issues: RowIssue[]) => string,
): string[] {
  const sorted = [...rows].sort((a, b) => a.row - b.row);
  return [
    csvLine([texts.row, ...headers, texts.reason]),
    ...sorted.map((r) =>
      csvLine([String(r.row), ...headers.map((_, i) => r.cells[i] ?? ''), reasons(r.issues)]),
    ),
  ];
}

/** Rows a stopped run did not write, as refused rows whose reason is why it stopped. */
export function notImportedRefusals(rows: number[], cells: string[][], why: string): RefusedRow[] {
  return rows.map((row, i) => ({ row, issues: [{ reason: 'notImported', value: why }], cells: cells[i]! }));
}
