// One CSV row → the record it imports, checked with the model's own form schema (the same rules
// as the contact and company dialogs, so nothing the rules would refuse gets written), or the
// reasons it is refused. Pure and synchronous: the worker runs it over every row in chunks.
import { companySchema, contactSchema, ERR } from '@trato/model';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { ColumnMapping, CsvEntity, ImportTarget } from './fields';
import { restoreCell } from './neutralize';
import {
  cleanEmail,
  parseBoolean,
  parseCompanySize,
  parseContactStatus,
  parseIndustry,
  parseLifecycleStage,
  withScheme,
  type Parsed,
} from './values';

/** Why a row is refused; texts in the csv catalogue (csv:reasons.*). */
export type ReasonKey =
  | 'nameRequired'
  | 'email'
  | 'url'
  | 'tooLong'
  | 'unknownValue'
  | 'invalid'
  | 'duplicateInFile'
  | 'notImported';

export interface RowIssue {
  reason: ReasonKey;
  /** The column's target ('email'), when the reason is about one. */
  field?: ImportTarget;
  /** The cell as written (unknown values), or the first row (duplicates). */
  value?: string;
}

/** A row ready to import. `row` is its number as a spreadsheet shows it (the header is row 1). */
export interface ValidRow {
  row: number;
  /** The record's fields, as the schema cast them (defaults for what the file lacks). */
  values: Record<string, unknown>;
  /** The fields the file gave a value for (an update writes only these). */
  provided: string[];
  /** Contacts: the company named in the file, if any. */
  companyName: string | null;
}

export interface RefusedRow {
  row: number;
  issues: RowIssue[];
  /** The row's cells as they were in the file (for the refused-rows CSV). */
  cells: string[];
}

export type RowVerdict = { ok: true; valid: ValidRow } | { ok: false; refused: RefusedRow };

const SCHEMAS: Record<CsvEntity, AnyObjectSchema> = { contacts: contactSchema, companies: companySchema };

type Converter = (cell: string) => Parsed<unknown>;
const ENUMS: Partial<Record<ImportTarget, Converter>> = {
  lifecycleStage: parseLifecycleStage,
  status: parseContactStatus,
  isCustomer: parseBoolean,
  industry: parseIndustry,
  size: parseCompanySize,
};

/** The schema's message → the import's reason. */
function reasonOf(field: string, message: string): ReasonKey {
  if (field === 'name' && message === ERR.required) return 'nameRequired';
  if (message === ERR.email) return 'email';
  if (message === ERR.url) return 'url';
  if (message === ERR.tooLong) return 'tooLong';
  if (message === ERR.oneOf) return 'unknownValue';
  return 'invalid';
}

/** The row's cells by target (trimmed, export apostrophes removed); empty cells are absent. */
export function cellsByTarget(cells: string[], mapping: ColumnMapping): Map<ImportTarget, string> {
  const out = new Map<ImportTarget, string>();
  mapping.forEach((target, i) => {
    const cell = restoreCell((cells[i] ?? '').trim());
    if (target && cell && !out.has(target)) out.set(target, cell);
  });
  return out;
}

/** Checks one row of `entity` (`row`: its spreadsheet row number). */
export function validateRow(
  entity: CsvEntity,
  cells: string[],
  mapping: ColumnMapping,
  row: number,
): RowVerdict {
  const byTarget = cellsByTarget(cells, mapping);
  const issues: RowIssue[] = [];
  const raw: Record<string, unknown> = {};
  let companyName: string | null = null;

  for (const [target, cell] of byTarget) {
    const convert = ENUMS[target];
    if (convert) {
      const parsed = convert(cell);
      if (parsed.ok) raw[target] = parsed.value;
      else issues.push({ reason: 'unknownValue', field: target, value: cell });
      continue;
    }
    if (target === 'firstName' || target === 'lastName') continue;
    if (target === 'company') companyName = cell;
    else if (target === 'email') raw.email = cleanEmail(cell);
    else if (target === 'website' || target === 'linkedinUrl') raw[target] = withScheme(cell);
    else raw[target] = cell;
  }
  if (entity === 'contacts' && !raw.name) {
    const composed = [byTarget.get('firstName'), byTarget.get('lastName')].filter(Boolean).join(' ');
    if (composed) raw.name = composed;
  }
  if (companyName !== null && Array.from(companyName).length > 200)
    issues.push({ reason: 'tooLong', field: 'company' });

  let values: Record<string, unknown> = {};
  try {
    values = SCHEMAS[entity].validateSync(raw, { abortEarly: false, stripUnknown: true }) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const seen = new Set(issues.map((i) => i.field));
    for (const inner of error.inner.length ? error.inner : [error]) {
      const field = (inner.path ?? '') as ImportTarget;
      if (seen.has(field)) continue; // already refused while converting
      seen.add(field);
      issues.push({ reason: reasonOf(field, String(inner.message)), field: field || undefined });
    }
  }
  if (issues.length) return { ok: false, refused: { row, issues, cells } };
  const provided = Object.keys(raw).filter((k) => raw[k] !== undefined && raw[k] !== '');
  return { ok: true, valid: { row, values, provided, companyName } };
}
