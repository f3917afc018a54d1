// Links and the organization (issue 30). A person in several organizations opens one at a time;
// a link that must open a given one says so with `?org={organizationId}` (the digest's links, a
// record's shared link). The app honours it on any signed-in page: it opens that organization
// if the person belongs to it — and says so — or says that they do not; then it drops the
// parameter, so the address bar stays as it was.

export const ORGANIZATION_PARAM = 'org';

/** '/contactos/abc' → '/contactos': where to land in another organization (its section's list). */
export function sectionRootOf(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}

/** The link to `path` (with its own query, if any) that opens `organizationId`. */
export function organizationLink(path: string, organizationId: string): string {
  const [base, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(ORGANIZATION_PARAM, organizationId);
  return `${base}?${params.toString()}`;
}

export type LinkedOrganization =
  | { kind: 'none' }
  /** The open one: only drop the parameter. */
  | { kind: 'current' }
  | { kind: 'switch'; organizationId: string }
  | { kind: 'foreign' }
  /** The person's organizations are still loading. */
  | { kind: 'wait' };

/** What a `?org=` in `search` asks, given the open organization and the person's others. */
export function linkedOrganization(
  search: string,
  openId: string | null,
  mine: readonly string[] | null,
): LinkedOrganization {
  const wanted = new URLSearchParams(search).get(ORGANIZATION_PARAM);
  if (!wanted) return { kind: 'none' };
  if (wanted === openId) return { kind: 'current' };
  if (!mine) return { kind: 'wait' };
  return mine.includes(wanted) ? { kind: 'switch', organizationId: wanted } : { kind: 'foreign' };
}
