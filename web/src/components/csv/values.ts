// A cell as written in a spreadsheet → the value the model stores: labels of either language or
// other CRMs' codes for enums ('Cliente', 'customer', 'Sales Qualified Lead'), yes/no words for
// booleans, employee counts for company sizes, a missing https:// for web addresses.
import {
  COMPANY_SIZES,
  CONTACT_STATUSES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  normalizeText,
  type CompanySize,
} from '@trato/model';
import { enums as enumsEn } from '@/i18n/en.json';
import { enums as enumsEs } from '@/i18n/es.json';

type Labels = Record<string, string>;

/** Lookup of normalised words → code: the codes themselves, their labels in es and en, extras. */
function table(codes: readonly string[], labels: Labels[], extra: Record<string, string> = {}) {
  const out = new Map<string, string>();
  const add = (text: string, code: string) => {
    const key = normalizeText(text);
    if (key && !out.has(key)) out.set(key, code);
  };
  for (const code of codes) add(code, code);
  for (const l of labels) for (const code of codes) if (l[code]) add(l[code]!, code);
  for (const [text, code] of Object.entries(extra)) add(text, code);
  return out;
}

const LIFECYCLE = table(LIFECYCLE_STAGES, [enumsEs.lifecycleStage, enumsEn.lifecycleStage], {
  // HubSpot's stages and their internal values.
  subscriber: 'lead',
  suscriptor: 'lead',
  'marketing qualified lead': 'lead',
  marketingqualifiedlead: 'lead',
  mql: 'lead',
  'sales qualified lead': 'prospect',
  salesqualifiedlead: 'prospect',
  sql: 'prospect',
  opportunity: 'prospect',
  oportunidad: 'prospect',
  evangelist: 'partner',
  partner: 'partner',
  cliente: 'customer',
  'posible cliente': 'prospect',
});
const STATUS = table(CONTACT_STATUSES, [enumsEs.contactStatus, enumsEn.contactStatus], {
  activa: 'active',
  inactiva: 'inactive',
});
const INDUSTRY = table(INDUSTRIES, [enumsEs.industry, enumsEn.industry], {
  tech: 'technology',
  software: 'technology',
  tecnologia: 'technology',
  'financial services': 'finance',
  'servicios financieros': 'finance',
  healthcare: 'health',
  'health care': 'health',
  'salud y bienestar': 'health',
  educacion: 'education',
  comercio: 'retail',
  'comercio minorista': 'retail',
  manufactura: 'manufacturing',
  'industria manufacturera': 'manufacturing',
  construccion: 'construction',
  otra: 'other',
});
const SIZE = table(COMPANY_SIZES, [enumsEs.companySize, enumsEn.companySize], {
  'mas de 1000': '1000+',
  'more than 1000': '1000+',
  'over 1000': '1000+',
});
const YES = new Set(['si', 'yes', 'y', 's', 'true', 'verdadero', 'x', '1', 'cliente', 'customer']);
const NO = new Set(['no', 'n', 'false', 'falso', '0']);

export type Parsed<T> = { ok: true; value: T } | { ok: false };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = { ok: false } as const;

const fromTable = (lookup: Map<string, string>) => (cell: string) => {
  const code = lookup.get(normalizeText(cell));
  return code ? ok(code) : bad;
};
export const parseLifecycleStage = fromTable(LIFECYCLE);
export const parseContactStatus = fromTable(STATUS);
export const parseIndustry = fromTable(INDUSTRY);

export function parseBoolean(cell: string): Parsed<boolean> {
  const key = normalizeText(cell);
  if (YES.has(key)) return ok(true);
  if (NO.has(key)) return ok(false);
  return bad;
}

/** The size bucket a number of employees falls in. */
export function sizeForEmployees(count: number): CompanySize {
  if (count <= 10) return '1-10';
  if (count <= 50) return '11-50';
  if (count <= 200) return '51-200';
  if (count <= 500) return '201-500';
  if (count <= 1000) return '501-1000';
  return '1000+';
}

/** '11-50', '11 - 50 empleados', 'Más de 1000', '1000+', or an employee count ('25', '1.200'). */
export function parseCompanySize(cell: string): Parsed<CompanySize> {
  const compact = cell.trim().replace(/\s*-\s*/g, '-');
  if ((COMPANY_SIZES as readonly string[]).includes(compact)) return ok(compact as CompanySize);
  const labelled = SIZE.get(normalizeText(cell));
  if (labelled) return ok(labelled as CompanySize);
  const range = /^(\d+)-(\d+)/.exec(compact);
  if (range) {
    const bucket = COMPANY_SIZES.find((s) => s === `${range[1]}-${range[2]}`);
    if (bucket) return ok(bucket);
  }
  if (/^\d{1,3}([.,\s]?\d{3})*$/.test(compact))
    return ok(sizeForEmployees(Number(compact.replace(/[.,\s]/g, ''))));
  return bad;
}

/** 'acme.com' or 'www.linkedin.com/in/ana' → with https://; a value with a scheme is kept. */
export function withScheme(cell: string): string {
  const value = cell.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return /^[^\s/]+\.[^\s/]{2,}(\/\S*)?$/.test(value) ? `https://${value}` : value;
}

/** An e-mail cell: trimmed, without a 'mailto:' and without the name part of 'Ana <ana@x.com>'. */
export function cleanEmail(cell: string): string {
  const value = cell.trim().replace(/^mailto:/i, '');
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  return angle ? angle[1]! : value;
}
