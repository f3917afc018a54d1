import {
  DEFAULT_PORTAL_FIELDS,
  normalizeSlug,
  PORTAL_SLUG_MAX,
  PORTAL_SLUG_MIN,
  slugProblem,
  suggestSlug,
  type Language,
  type PortalFields,
  type PortalSettingsInput,
  type PortalSignupMode,
  type PortalSite,
  type SlugProblem,
} from '@trato/model';

/** What the form edits: the site's settings (the organization comes from the membership). */
export type PortalValues = Omit<PortalSettingsInput, 'organizationId'>;

/** The form's values: the stored site, or a new one named after the organization. */
export function initialPortalValues(site: PortalSite | null, organizationName: string): PortalValues {
  if (site)
    return {
      enabled: site.enabled,
      slug: site.slug,
      name: site.name,
      logo: site.logo,
      languages: site.languages.length ? [...site.languages] : ['es'],
      fields: { ...DEFAULT_PORTAL_FIELDS, ...site.fields },
      signup: site.signup,
      companyTickets: site.companyTickets,
    };
  return {
    enabled: false,
    slug: suggestSlug(organizationName),
    name: organizationName,
    logo: null,
    languages: ['es'],
    fields: { ...DEFAULT_PORTAL_FIELDS },
    signup: 'closed',
    companyTickets: false,
  };
}

/** The settings' i18n key for a slug problem, with its values (null: the slug may be used). */
export function slugMessage(
  raw: string,
): { key: `slug.problems.${SlugProblem}`; values: { min: number; max: number } } | null {
  const problem = slugProblem(raw);
  return problem
    ? { key: `slug.problems.${problem}`, values: { min: PORTAL_SLUG_MIN, max: PORTAL_SLUG_MAX } }
    : null;
}

/** What is typed in the address field: lower case, spaces as hyphens, nothing beyond the maximum + 1. */
export function typedSlug(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\s+/g, '-')
    .slice(0, PORTAL_SLUG_MAX + 1);
}

/** The portal's public address for a slug on this site. */
export function portalAddress(origin: string, slug: string): string {
  return `${origin}/portal/${encodeURIComponent(normalizeSlug(slug))}`;
}

/** Checks or unchecks a language, keeping the order (the first is the default); never none. */
export function toggleLanguage(languages: Language[], language: Language): Language[] {
  if (languages.includes(language))
    return languages.length > 1 ? languages.filter((l) => l !== language) : languages;
  return [...languages, language];
}

/** Makes a checked language the first (the portal's default). */
export function makeDefaultLanguage(languages: Language[], language: Language): Language[] {
  return languages.includes(language) ? [language, ...languages.filter((l) => l !== language)] : languages;
}

/** The field modes a ticket field may take (attachments are hidden or settable, never read-only). */
export function modesOf(field: keyof PortalFields): PortalFields[keyof PortalFields][] {
  return field === 'attachments' ? ['hidden', 'settable'] : ['hidden', 'visible', 'settable'];
}

export const SIGNUP_MODES: readonly PortalSignupMode[] = ['closed', 'contacts', 'anyone'];

export type PortalFormError = 'slug' | 'name' | 'languages';

/** The problems that keep the form from being sent (each shown on its field). */
export function portalFormErrors(values: PortalValues): Partial<Record<PortalFormError, string>> {
  const errors: Partial<Record<PortalFormError, string>> = {};
  const slug = slugMessage(values.slug);
  if (slug) errors.slug = slug.key;
  if (!values.name.trim()) errors.name = 'name.required';
  if (!values.languages.length) errors.languages = 'languages.required';
  return errors;
}

/** The callable's input: the slug normalised, the name trimmed. */
export function portalInput(organizationId: string, values: PortalValues): PortalSettingsInput {
  return {
    organizationId,
    enabled: values.enabled,
    slug: normalizeSlug(values.slug),
    name: values.name.trim(),
    logo: values.logo,
    languages: values.languages,
    fields: values.fields,
    signup: values.signup,
    companyTickets: values.companyTickets,
  };
}
