import { ACTIONS, RESOURCES, type Action, type PermissionMap, type Resource } from '@trato/model';

export type FullPermissionMap = Record<Resource, Record<Action, boolean>>;

/** The invite form starts with "view" on every section, nothing else (the spec's default). */
export function defaultInvitePermissions(): FullPermissionMap {
  const map = {} as FullPermissionMap;
  for (const resource of RESOURCES) {
    map[resource] = { view: true, create: false, edit: false, delete: false };
  }
  return map;
}

/**
 * One checkbox of the invite form. Creating, editing or deleting needs seeing, so checking one
 * of them checks "view"; unchecking "view" clears the others.
 */
export function toggleInvitePermission(
  map: FullPermissionMap,
  resource: Resource,
  action: Action,
  checked: boolean,
): FullPermissionMap {
  const entry = { ...map[resource], [action]: checked };
  if (checked && action !== 'view') entry.view = true;
  if (!checked && action === 'view') for (const a of ACTIONS) entry[a] = false;
  return { ...map, [resource]: entry };
}

/** What createInvitation receives: every resource with every action explicit. */
export function toPermissionMap(map: FullPermissionMap): PermissionMap {
  const out: PermissionMap = {};
  for (const resource of RESOURCES) out[resource] = { ...map[resource] };
  return out;
}
