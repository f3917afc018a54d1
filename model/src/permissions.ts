/**
 * Permission logic, identical to firestore.rules:
 *   member.role == 'admin' || member.permissions.get([resource, action], action == 'view')
 * A missing resource entry (or a missing action in it) means "only view".
 */
import { ACTIONS, RESOURCES, type Action, type Resource, type Role } from './enums.js';
import type { Member, PermissionMap, ResourcePermissions } from './entities.js';

export type MemberLike = Pick<Member<unknown>, 'role' | 'permissions'>;

export function can(member: MemberLike | null | undefined, resource: Resource, action: Action): boolean {
  if (!member) return false;
  if (member.role === 'admin') return true;
  const entry = member.permissions?.[resource];
  const value = entry && typeof entry === 'object' ? entry[action] : undefined;
  return value === undefined ? action === 'view' : value === true;
}

export function isAdmin(member: MemberLike | null | undefined): boolean {
  return member?.role === 'admin';
}

/** A full entry, every action set (what the settings matrix writes). */
export function resourcePermissions(
  on: Partial<Record<Action, boolean>> = {},
): Required<ResourcePermissions> {
  return {
    view: on.view ?? false,
    create: on.create ?? false,
    edit: on.edit ?? false,
    delete: on.delete ?? false,
  };
}

/** Every resource with the same actions; e.g. allPermissions(true) for a trusted seller. */
export function uniformPermissions(value: boolean): PermissionMap {
  const map: PermissionMap = {};
  for (const r of RESOURCES)
    map[r] = resourcePermissions({ view: value, create: value, edit: value, delete: value });
  return map;
}

/** Admins store an empty map (spec section 5); sellers the matrix as given. */
export function permissionsForRole(role: Role, permissions: PermissionMap): PermissionMap {
  return role === 'admin' ? {} : permissions;
}

/** The effective matrix, for the Permisos tab: every resource and action resolved. */
export function effectivePermissions(member: MemberLike): Record<Resource, Record<Action, boolean>> {
  const out = {} as Record<Resource, Record<Action, boolean>>;
  for (const r of RESOURCES) {
    out[r] = {} as Record<Action, boolean>;
    for (const a of ACTIONS) out[r][a] = can(member, r, a);
  }
  return out;
}

/** Shape check used by the server before storing a permission map (same as the rules). */
export function isValidPermissionMap(value: unknown): value is PermissionMap {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([resource, entry]) =>
      (RESOURCES as readonly string[]).includes(resource) &&
      !!entry &&
      typeof entry === 'object' &&
      !Array.isArray(entry) &&
      Object.entries(entry).every(
        ([a, v]) => (ACTIONS as readonly string[]).includes(a) && typeof v === 'boolean',
      ),
  );
}

/**
 * Which permission resource governs each collection (the rules use the same mapping).
 * Notes follow their contact; folders follow documents; sequences, steps, enrollments and the
 * send log follow marketing. `dashboard` governs no collection: it only hides the dashboard.
 */
export const COLLECTION_RESOURCE = {
  companies: 'companies',
  contacts: 'contacts',
  notes: 'contacts',
  deals: 'deals',
  tasks: 'tasks',
  meetings: 'meetings',
  tickets: 'tickets',
  folders: 'documents',
  documents: 'documents',
  sequences: 'marketing',
  steps: 'marketing',
  enrollments: 'marketing',
  sendLog: 'marketing',
  lists: 'marketing',
  campaigns: 'marketing',
  recipients: 'marketing',
  campaignRuns: 'marketing',
  forms: 'marketing',
  topics: 'marketing',
  topicOptOuts: 'marketing',
  // What a form recorded about a contact, and the contact's consents, are part of the contact.
  submissions: 'contacts',
  consents: 'contacts',
  // The WhatsApp inbox: a contact's thread and its messages; templates are marketing's.
  waConversations: 'conversations',
  waMessages: 'conversations',
  waTemplates: 'marketing',
} as const satisfies Record<string, Resource>;
export type CrmCollection = keyof typeof COLLECTION_RESOURCE;

/**
 * The action each write needs, per collection. Notes: adding or editing a note edits the
 * contact's record (contacts.edit); deleting one needs contacts.delete (so a contact's delete
 * can take its notes in the same batch).
 */
export function requiredAction(
  collection: CrmCollection,
  op: 'read' | 'create' | 'update' | 'delete',
): Action {
  if (op === 'read') return 'view';
  if (collection === 'notes') return op === 'delete' ? 'delete' : 'edit';
  return op === 'update' ? 'edit' : op;
}
