// Records → CSV text that Excel, Google Sheets and this import read back: UTF-8 with a BOM (so
// Excel shows accents), comma-separated, CRLF, quoted where needed, every cell neutralised
// against formula injection, headers and enum labels in the user's language.
import type { Company, Contact } from '@trato/model';
import { EXPORT_COLUMNS, type CsvEntity, type ImportTarget } from './fields';
import { neutralizeCell } from './neutralize';

export const BOM = '\uFEFF';
export const EXPORT_DELIMITER = ',';

/** One cell as CSV: neutralised, then quoted when it holds a delimiter, a quote or a line break. */
export function csvCell(value: string, delimiter = EXPORT_DELIMITER): string {
  const safe = neutralizeCell(value);
  // Tabs too: a bare tab could make a reader guess tabs as the delimiter.
  return /["\r\n\t]/.test(safe) || safe.includes(delimiter) || /^\s|\s$/.test(safe)
    ? `"${safe.replace(/"/g, '""')}"`
    : safe;
}

export const csvLine = (cells: string[], delimiter = EXPORT_DELIMITER) =>
  cells.map((c) => csvCell(c, delimiter)).join(delimiter);

/** The labels an export writes for stored codes, in the user's language. */
export interface ExportLabels {
  header: (target: ImportTarget) => string;
  enumLabel: (
    enumName: 'lifecycleStage' | 'contactStatus' | 'industry' | 'companySize',
    code: string,
  ) => string;
  yes: string;
  no: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One record's cells, in EXPORT_COLUMNS order. */
export function exportCells(entity: CsvEntity, record: Contact | Company, labels: ExportLabels): string[] {
  return EXPORT_COLUMNS[entity].map((target) => {
    if (entity === 'contacts') {
      const c = record as Contact;
      switch (target) {
        case 'company':
          return c.companyId ? text(c.companyName) : '';
        case 'status':
          return labels.enumLabel('contactStatus', c.status);
        case 'lifecycleStage':
          return labels.enumLabel('lifecycleStage', c.lifecycleStage);
        case 'isCustomer':
          return c.isCustomer ? labels.yes : labels.no;
      }
    } else {
      const c = record as Company;
      if (target === 'industry') return c.industry ? labels.enumLabel('industry', c.industry) : '';
      if (target === 'size') return c.size ? labels.enumLabel('companySize', c.size) : '';
    }
    return text((record as unknown as Record<string, unknown>)[target]);
  });
}

export const exportHeader = (entity: CsvEntity, labels: ExportLabels) =>
  EXPORT_COLUMNS[entity].map((t) => labels.header(t));

/** The file's text from its lines (header first): BOM, CRLF line ends. */
export const csvFileText = (lines: string[]) => `${BOM}${lines.join('\r\n')}\r\n`;
