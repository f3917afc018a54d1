// CSV text → header and rows, with papaparse: the delimiter guessed among comma, semicolon (Excel
// in Spanish locales), tab and pipe; quoted fields with delimiters, quotes and line breaks; any
// line ending (CRLF, LF, CR); blank lines skipped.
import Papa from 'papaparse';

export const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface ParsedCsv {
  headers: string[];
  /** Data rows, each as long as `headers` (missing cells are ''). */
  rows: string[][];
  delimiter: string;
}

/** Header and rows of a CSV text (an empty text has no header and no rows). */
export function parseCsvText(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: [...DELIMITERS],
    skipEmptyLines: 'greedy',
  });
  const [head = [], ...body] = result.data;
  const headers = head.map((h) => h.trim());
  const width = headers.length;
  const rows = body.map((cells) =>
    cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? ''),
  );
  return { headers, rows, delimiter: result.meta.delimiter || ',' };
}
