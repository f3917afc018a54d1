import type { Resource } from '@trato/model';

const SECTION_RESOURCE: Record<string, Resource> = {
  dashboard: 'dashboard',
  empresas: 'companies',
  contactos: 'contacts',
  deals: 'deals',
  tareas: 'tasks',
  reuniones: 'meetings',
  tickets: 'tickets',
  marketing: 'marketing',
  documentos: 'documents',
};

export type SectionRule =
  { kind: 'resource'; resource: Resource } | { kind: 'superadmin' } | { kind: 'open' };

/** Which right a path of the signed-in area needs (its first segment decides). */
export function sectionRule(pathname: string): SectionRule {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'admin') return { kind: 'superadmin' };
  const resource = SECTION_RESOURCE[first];
  return resource ? { kind: 'resource', resource } : { kind: 'open' };
}

export type SectionDecision = 'allow' | 'redirect' | 'noAccess';

/**
 * allow, or send the member to /dashboard; on /dashboard itself (nowhere else to go) say
 * that there is no access instead of redirecting in a loop.
 */
export function decideSection(
  pathname: string,
  canView: (resource: Resource) => boolean,
  isSuperadmin: boolean,
): SectionDecision {
  const rule = sectionRule(pathname);
  const allowed =
    rule.kind === 'open' || (rule.kind === 'superadmin' ? isSuperadmin : canView(rule.resource));
  if (allowed) return 'allow';
  return rule.kind === 'resource' && rule.resource === 'dashboard' ? 'noAccess' : 'redirect';
}
