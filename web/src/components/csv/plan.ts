// What an import will do, decided before anything is written (the review step shows it): each valid
// row becomes a create, an update of the existing record it duplicates (same e-mail for contacts,
// same name for companies), or a skipped duplicate; rows repeated inside the file are refused. A
// contact's company is an existing one of the same name (case and accents aside), or one the
// import creates. Pure: the lookups come from the server beforehand.
import { normalizeText } from '@trato/model';
import type { CsvEntity } from './fields';
import { companyIdForName, contactIdForEmail, contactIdForRow } from './ids';
import type { RefusedRow, ValidRow } from './validate';

export type DuplicatePolicy = 'skip' | 'update';
type Data = Record<string, unknown>;

/** A record found on the server, with its id. */
export interface FoundRecord {
  id: string;
  data: Data;
}

/** What the server said about the file's keys (see `lookupKeys`). */
export interface Lookups {
  /** Contacts by e-mail (lower case). */
  contactsByEmail: Map<string, FoundRecord>;
  /** Records whose id is one the import would create (written by an earlier run). */
  existingById: Map<string, FoundRecord>;
  /** Companies by name key (normalizeText). */
  companiesByName: Map<string, FoundRecord>;
  /** Companies whose id is one the import would create. */
  companiesById: Map<string, FoundRecord>;
}

export interface PlanOptions {
  duplicates: DuplicatePolicy;
  /** contacts.edit / companies.edit: without it duplicates are skipped. */
  canUpdate: boolean;
  /** Contacts: companies.create, to create the companies the file names that do not exist. */
  canCreateCompanies: boolean;
  /** The file's fingerprint (ids of contacts without an e-mail). */
  fingerprint: string;
}

export interface PlannedCreate {
  row: number;
  id: string;
  data: Data;
}
export interface PlannedUpdate {
  row: number;
  id: string;
  patch: Data;
  current: Data;
}

export interface ImportPlan {
  entity: CsvEntity;
  /** Contacts: the companies to create first. */
  newCompanies: PlannedCreate[];
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  /** Rows that duplicate an existing record and are left as they are (skipped, or nothing changes). */
  duplicates: { row: number; id: string }[];
  refused: RefusedRow[];
  /** Contacts: companies named in the file that exist already (how many distinct). */
  companiesMatched: number;
  /** Contacts: company names left out because the member may not create companies. */
  companiesNotCreated: string[];
}

export const emailKey = (email: string) => email.trim().toLowerCase();
export const nameKey = (name: string) => normalizeText(name);

/** What to ask the server before planning: e-mails, company names, ids the import would create. */
export function lookupKeys(entity: CsvEntity, rows: ValidRow[], fingerprint: string) {
  const emails = new Set<string>();
  const companyNames = new Map<string, string>(); // key → first spelling
  const contactIds = new Set<string>();
  for (const r of rows) {
    if (entity === 'contacts') {
      const email = r.values.email;
      if (typeof email === 'string' && email) {
        // Stored e-mails keep the case they were typed in: ask for the file's and the lower-case one.
        emails.add(email);
        emails.add(emailKey(email));
      } else contactIds.add(contactIdForRow(fingerprint, r.row));
    }
    const company = entity === 'contacts' ? r.companyName : (r.values.name as string);
    const key = company ? nameKey(company) : '';
    if (key && !companyNames.has(key)) companyNames.set(key, company!);
  }
  return {
    emails: [...emails],
    companyNames,
    contactIds: [...contactIds],
    companyIds: [...companyNames.keys()].map(companyIdForName),
  };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const pick = (data: Data, keys: string[]) => Object.fromEntries(keys.map((k) => [k, data[k]]));

/** Rows repeated inside the file (by `keyOf`): the first stays, the others are refused. */
function splitRepeats(rows: ValidRow[], keyOf: (r: ValidRow) => string | null) {
  const first = new Map<string, number>();
  const kept: ValidRow[] = [];
  const refused: RefusedRow[] = [];
  for (const r of rows) {
    const key = keyOf(r);
    const earlier = key ? first.get(key) : undefined;
    if (earlier !== undefined)
      refused.push({
        row: r.row,
        issues: [{ reason: 'duplicateInFile', value: String(earlier) }],
        cells: [],
      });
    else {
      if (key) first.set(key, r.row);
      kept.push(r);
    }
  }
  return { kept, refused };
}

/**
 * The plan for valid `rows` (and the rows validation `refused`). `cellsOf` gives a refused
 * duplicate its original cells (for the refused-rows file).
 */
export function planImport(
  entity: CsvEntity,
  rows: ValidRow[],
  refused: RefusedRow[],
  lookups: Lookups,
  options: PlanOptions,
  cellsOf: (row: number) => string[] = () => [],
): ImportPlan {
  const plan: ImportPlan = {
    entity,
    newCompanies: [],
    creates: [],
    updates: [],
    duplicates: [],
    refused: [...refused],
    companiesMatched: 0,
    companiesNotCreated: [],
  };
  const keyOf =
    entity === 'contacts'
      ? (r: ValidRow) =>
          typeof r.values.email === 'string' && r.values.email ? emailKey(r.values.email) : null
      : (r: ValidRow) => nameKey(String(r.values.name));
  const { kept, refused: repeats } = splitRepeats(rows, keyOf);
  plan.refused.push(...repeats.map((r) => ({ ...r, cells: cellsOf(r.row) })));

  // Contacts: each company named in the file, once.
  const companyOf = new Map<string, { id: string; name: string } | null>();
  const resolveCompany = (name: string | null): { id: string; name: string } | null => {
    const key = name ? nameKey(name) : '';
    if (!key) return null;
    if (companyOf.has(key)) return companyOf.get(key)!;
    const id = companyIdForName(key);
    const found = lookups.companiesByName.get(key) ?? lookups.companiesById.get(id);
    let company: { id: string; name: string } | null;
    if (found) {
      company = { id: found.id, name: String(found.data.name ?? name) };
      plan.companiesMatched++;
    } else if (options.canCreateCompanies) {
      company = { id, name: name! };
      plan.newCompanies.push({ row: 0, id, data: { name } });
    } else {
      company = null;
      plan.companiesNotCreated.push(name!);
    }
    companyOf.set(key, company);
    return company;
  };

  for (const r of kept) {
    let data: Data = r.values;
    let provided = r.provided;
    if (entity === 'contacts') {
      const company = resolveCompany(r.companyName);
      data = { ...data, companyId: company?.id ?? null, companyName: company?.name ?? null };
      if (company) provided = [...provided, 'companyId', 'companyName'];
    }
    const email = entity === 'contacts' && typeof data.email === 'string' && data.email ? data.email : null;
    const id =
      entity === 'companies'
        ? companyIdForName(nameKey(String(data.name)))
        : email
          ? contactIdForEmail(email)
          : contactIdForRow(options.fingerprint, r.row);
    const existing =
      (entity === 'contacts'
        ? email
          ? lookups.contactsByEmail.get(emailKey(email))
          : undefined
        : lookups.companiesByName.get(nameKey(String(data.name)))) ??
      (entity === 'contacts' ? lookups.existingById.get(id) : lookups.companiesById.get(id));
    if (!existing) {
      plan.creates.push({ row: r.row, id, data });
      continue;
    }
    const patch = pick(data, provided);
    const changes = Object.keys(patch).some((k) => !same(patch[k], existing.data[k]));
    if (options.duplicates === 'update' && options.canUpdate && changes)
      plan.updates.push({ row: r.row, id: existing.id, patch, current: existing.data });
    else plan.duplicates.push({ row: r.row, id: existing.id });
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return plan;
}

/** How many record writes the plan makes (companies included). */
export const planWrites = (plan: ImportPlan) =>
  plan.newCompanies.length + plan.creates.length + plan.updates.length;
