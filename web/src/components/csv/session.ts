// The heavy part of an import, away from the page: decode and parse the file once, keep its rows,
// then check them against a column mapping in chunks (reporting progress). The Web Worker
// (csv.worker.ts) runs it; where there is no Worker (unit tests) the page runs the same code.
import { decodeCsv, type DetectedEncoding, type EncodingChoice } from './decode';
import type { ColumnMapping, CsvEntity } from './fields';
import { hash64 } from './ids';
import { parseCsvText, type ParsedCsv } from './parse';
import { emailKey, nameKey } from './plan';
import { validateRow, type RefusedRow, type ValidRow } from './validate';

export interface ParsedSummary {
  headers: string[];
  /** The first rows, for the preview. */
  sample: string[][];
  rowCount: number;
  delimiter: string;
  encoding: DetectedEncoding;
  /** Identifies the file's content (ids of contacts without an e-mail). */
  fingerprint: string;
}

export interface ValidationResult {
  valid: ValidRow[];
  refused: RefusedRow[];
}

export const SAMPLE_ROWS = 5;
/** Rows checked between two progress reports (and, on the page, two yields to the browser). */
export const VALIDATION_CHUNK = 2000;

export class CsvSession {
  private parsed: ParsedCsv = { headers: [], rows: [], delimiter: ',' };

  load(bytes: Uint8Array, choice: EncodingChoice): ParsedSummary {
    const { text, encoding } = decodeCsv(bytes, choice);
    this.parsed = parseCsvText(text);
    return {
      headers: this.parsed.headers,
      sample: this.parsed.rows.slice(0, SAMPLE_ROWS),
      rowCount: this.parsed.rows.length,
      delimiter: this.parsed.delimiter,
      encoding,
      fingerprint: `${hash64(text)}${text.length.toString(36)}`,
    };
  }

  /** The cells of rows (spreadsheet numbers), as in the file. */
  cells(rows: number[]): string[][] {
    return rows.map((row) => this.parsed.rows[row - 2] ?? []);
  }

  /**
   * Every row checked with the entity's schema; rows repeating an earlier row's e-mail (contacts)
   * or name (companies) are refused. `pause` runs between chunks (progress, yielding).
   */
  async validate(
    entity: CsvEntity,
    mapping: ColumnMapping,
    pause: (done: number, total: number) => Promise<void> | void,
  ): Promise<ValidationResult> {
    const { rows } = this.parsed;
    const valid: ValidRow[] = [];
    const refused: RefusedRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % VALIDATION_CHUNK === 0) await pause(i, rows.length);
      const cells = rows[i]!;
      const row = i + 2; // the header is row 1
      const verdict = validateRow(entity, cells, mapping, row);
      if (!verdict.ok) {
        refused.push(verdict.refused);
        continue;
      }
      const { values } = verdict.valid;
      const key =
        entity === 'contacts'
          ? typeof values.email === 'string' && values.email
            ? emailKey(values.email)
            : null
          : nameKey(String(values.name));
      const earlier = key ? firstRowOf.get(key) : undefined;
      if (earlier !== undefined)
        refused.push({ row, issues: [{ reason: 'duplicateInFile', value: String(earlier) }], cells });
      else {
        if (key) firstRowOf.set(key, row);
        valid.push(verdict.valid);
      }
    }
    await pause(rows.length, rows.length);
    return { valid, refused };
  }
}
