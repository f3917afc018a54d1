// What a CSV column can be imported as, per entity, and the header names that suggest each target:
// Spanish and English, the app's own export headers, and the usual exports of other CRMs and
// spreadsheets (HubSpot, Pipedrive, Salesforce, Google Contacts, Outlook).
import { normalizeText } from '@trato/model';

export type CsvEntity = 'contacts' | 'companies';

export const CONTACT_TARGETS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'jobTitle',
  'city',
  'country',
  'rtn',
  'status',
  'isCustomer',
  'lifecycleStage',
  'linkedinUrl',
] as const;
export const COMPANY_TARGETS = [
  'name',
  'website',
  'phone',
  'linkedinUrl',
  'industry',
  'size',
  'country',
  'city',
  'address',
  'notes',
] as const;
export type ContactTarget = (typeof CONTACT_TARGETS)[number];
export type CompanyTarget = (typeof COMPANY_TARGETS)[number];
export type ImportTarget = ContactTarget | CompanyTarget;

export const TARGETS: Record<CsvEntity, readonly ImportTarget[]> = {
  contacts: CONTACT_TARGETS,
  companies: COMPANY_TARGETS,
};

/** The columns an export writes, in order (they map back onto the same targets). */
export const EXPORT_COLUMNS: Record<CsvEntity, readonly ImportTarget[]> = {
  contacts: CONTACT_TARGETS.filter((t) => t !== 'firstName' && t !== 'lastName'),
  companies: COMPANY_TARGETS,
};

/** One column's target, or null (ignored). */
export type ColumnMapping = (ImportTarget | null)[];

const PHONE = [
  'phone',
  'telefono',
  'phone number',
  'numero de telefono',
  'tel',
  'telephone',
  'movil',
  'celular',
  'mobile',
  'mobile phone',
  'mobile phone number',
  'telefono movil',
  'telefono celular',
  'whatsapp',
  'work phone',
  'business phone',
];
const CITY = [
  'city',
  'ciudad',
  'town',
  'municipio',
  'localidad',
  'poblacion',
  'mailing city',
  'billing city',
];
const COUNTRY = ['country', 'pais', 'country region', 'pais region', 'mailing country', 'billing country'];
const LINKEDIN = [
  'linkedin',
  'linkedin url',
  'url de linkedin',
  'perfil de linkedin',
  'linkedin profile',
  'linkedin profile url',
  'linkedin company page',
  'linkedin bio',
];

/** Normalised header names (normalizeText) that suggest each target. */
const SYNONYMS: Record<CsvEntity, Partial<Record<ImportTarget, string[]>>> = {
  contacts: {
    name: [
      'name',
      'nombre',
      'full name',
      'nombre completo',
      'contact name',
      'nombre del contacto',
      'nombre y apellido',
      'nombre y apellidos',
      'contacto',
      'cliente',
      'client',
      'person',
      'persona',
      'display name',
    ],
    firstName: [
      'first name',
      'firstname',
      'given name',
      'nombre de pila',
      'primer nombre',
      'nombres',
      'nombre s',
    ],
    lastName: ['last name', 'lastname', 'surname', 'family name', 'apellido', 'apellidos'],
    email: [
      'email',
      'e mail',
      'email address',
      'e mail address',
      'correo',
      'correo electronico',
      'direccion de correo',
      'direccion de correo electronico',
      'mail',
      'emails',
      'work email',
      'primary email',
      'email principal',
    ],
    phone: PHONE,
    company: [
      'company',
      'empresa',
      'company name',
      'nombre de la empresa',
      'compania',
      'organization',
      'organisation',
      'organizacion',
      'organization name',
      'account',
      'account name',
      'cuenta',
      'associated company',
      'empresa asociada',
    ],
    jobTitle: [
      'job title',
      'jobtitle',
      'title',
      'cargo',
      'puesto',
      'profesion',
      'position',
      'role',
      'rol',
      'ocupacion',
      'occupation',
      'titulo',
      'organization title',
    ],
    city: CITY,
    country: COUNTRY,
    rtn: [
      'rtn',
      'tax id',
      'tax id rtn',
      'nit',
      'rfc',
      'ruc',
      'cuit',
      'nif',
      'vat',
      'vat number',
      'tax number',
      'numero fiscal',
    ],
    status: ['status', 'estado', 'contact status', 'estado del contacto'],
    isCustomer: ['is customer', 'is a customer', 'es cliente', 'customer flag'],
    lifecycleStage: [
      'lifecycle stage',
      'lifecycle',
      'etapa del ciclo de vida',
      'ciclo de vida',
      'etapa',
      'stage',
      'lifecyclestage',
    ],
    linkedinUrl: LINKEDIN,
  },
  companies: {
    name: [
      'name',
      'nombre',
      'company',
      'company name',
      'empresa',
      'nombre de la empresa',
      'compania',
      'organization',
      'organisation',
      'organizacion',
      'organization name',
      'account',
      'account name',
      'cuenta',
      'razon social',
    ],
    website: [
      'website',
      'web site',
      'sitio web',
      'pagina web',
      'web',
      'url',
      'website url',
      'domain',
      'dominio',
      'company domain name',
    ],
    phone: PHONE,
    linkedinUrl: LINKEDIN,
    industry: ['industry', 'industria', 'sector', 'rubro', 'giro'],
    size: [
      'size',
      'size employees',
      'tamano',
      'tamano empleados',
      'company size',
      'employees',
      'empleados',
      'number of employees',
      'numero de empleados',
      'headcount',
    ],
    country: COUNTRY,
    city: CITY,
    address: [
      'address',
      'direccion',
      'street address',
      'street',
      'domicilio',
      'calle',
      'billing street',
      'address line 1',
    ],
    notes: [
      'notes',
      'notas',
      'note',
      'nota',
      'description',
      'descripcion',
      'comments',
      'comentarios',
      'observaciones',
      'about',
      'acerca de',
    ],
  },
};

/** Other CRMs prefix or suffix headers ("Person - Email - Work", "E-mail 1 - Value"). */
const NOISE_WORDS = new Set([
  'value',
  'valor',
  'work',
  'trabajo',
  'home',
  'casa',
  'other',
  'otro',
  'primary',
  'principal',
  'person',
  'persona',
  'contact',
  'contacto',
  'organization',
  'organizacion',
]);

/** The normalised forms of a header to look up, most specific first. */
export function headerKeys(header: string): string[] {
  const exact = normalizeText(header);
  const words = exact.split(' ').filter((w) => !/^\d+$/.test(w));
  const keys = [exact, words.join(' ')];
  // A noise word at either end goes, while a word is left: 'Person - Organization' → 'organization'.
  if (words.length > 1 && NOISE_WORDS.has(words[0]!)) {
    words.shift();
    keys.push(words.join(' '));
  }
  if (words.length > 1 && NOISE_WORDS.has(words.at(-1)!)) keys.push(words.slice(0, -1).join(' '));
  return [...new Set(keys.filter(Boolean))];
}

/** The target a header suggests on its own, or null. */
export function suggestTarget(entity: CsvEntity, header: string): ImportTarget | null {
  const synonyms = SYNONYMS[entity];
  for (const key of headerKeys(header))
    for (const target of TARGETS[entity]) if (synonyms[target]?.includes(key)) return target;
  return null;
}

/** What was chosen last time for each header (normalised), per organization and entity. */
export type RememberedMapping = Record<string, ImportTarget | null>;

/**
 * A target for each column: what the user chose for the same header last time, else the
 * header's suggestion; each target once (the first column that claims it).
 */
export function suggestMapping(
  entity: CsvEntity,
  headers: string[],
  remembered: RememberedMapping = {},
): ColumnMapping {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const key = normalizeText(header);
    const target = key in remembered ? remembered[key]! : suggestTarget(entity, header);
    if (!target || taken.has(target) || !TARGETS[entity].includes(target)) return null;
    taken.add(target);
    return target;
  });
}

/** The mapping to remember: each header's (normalised) choice, ignored columns included. */
export function rememberMapping(headers: string[], mapping: ColumnMapping): RememberedMapping {
  const out: RememberedMapping = {};
  headers.forEach((header, i) => {
    const key = normalizeText(header);
    if (key) out[key] = mapping[i] ?? null;
  });
  return out;
}

/** What the mapping still lacks to import anything: a name (or first / last name). */
export function mappingProblem(entity: CsvEntity, mapping: ColumnMapping): 'name' | null {
  const has = (t: ImportTarget) => mapping.includes(t);
  if (entity === 'contacts') return has('name') || has('firstName') || has('lastName') ? null : 'name';
  return has('name') ? null : 'name';
}
