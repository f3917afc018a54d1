// CSV formula injection (OWASP): a spreadsheet runs a cell that starts with =, +, -, @, a tab or a
// carriage return as a formula. Exports prefix such a cell with an apostrophe; imports take that
// apostrophe off again, so a phone '+504 2764-1200' goes out as "'+504 2764-1200" and comes back as
// it was. A value that already starts with apostrophes before such a character gets one more, so
// the round trip is exact for every string.

const DANGEROUS_START = /^'*[=+\-@\t\r]/;

/** The cell as exported: an apostrophe before anything a spreadsheet would evaluate. */
export function neutralizeCell(value: string): string {
  return DANGEROUS_START.test(value) ? `'${value}` : value;
}

/** The cell as imported: the apostrophe an export added, removed. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && DANGEROUS_START.test(value.slice(1)) ? value.slice(1) : value;
}
