/**
 * The callers of the matrix: signed-out, a signed-in stranger, the superadmin, the admin of
 * organization A, a seller of A with no permission entries (view-only by default), for every
 * resource and action a seller of A with only that permission on and one with only that
 * permission off, and a seller and an admin of organization B (another tenant).
 */
import { ACTIONS, RESOURCES, type Action, type PermissionMap, type Resource, type Role } from '@trato/model';

export const ORG_A = 'orgA';
export const ORG_B = 'orgB';

export interface RoleDef {
  key: string;
  uid: string | null;
  org: typeof ORG_A | typeof ORG_B | null;
  role?: Role;
  permissions?: PermissionMap;
  superadmin?: boolean;
}

function only(resource: Resource, action: Action, value: boolean): PermissionMap {
  const map: PermissionMap = {};
  for (const r of RESOURCES) {
    map[r] = { view: !value, create: !value, edit: !value, delete: !value };
  }
  map[resource]![action] = value;
  return map;
}

const sellerVariants: RoleDef[] = RESOURCES.flatMap((r) =>
  ACTIONS.flatMap((a) => [
    {
      key: `seller +${r}.${a}`,
      uid: `s_on_${r}_${a}`,
      org: ORG_A,
      role: 'seller' as const,
      permissions: only(r, a, true),
    },
    {
      key: `seller -${r}.${a}`,
      uid: `s_off_${r}_${a}`,
      org: ORG_A,
      role: 'seller' as const,
      permissions: only(r, a, false),
    },
  ]),
);

export const ROLES: RoleDef[] = [
  { key: 'signed-out', uid: null, org: null },
  { key: 'stranger', uid: 'stranger', org: null },
  { key: 'superadmin', uid: 'root', org: null, superadmin: true },
  { key: 'admin', uid: 'adminA', org: ORG_A, role: 'admin', permissions: {} },
  { key: 'seller (no entries)', uid: 'sellerA', org: ORG_A, role: 'seller', permissions: {} },
  ...sellerVariants,
  {
    key: 'seller of B (all rights)',
    uid: 'sellerB',
    org: ORG_B,
    role: 'seller',
    permissions: only('dashboard', 'view', false),
  },
  { key: 'admin of B', uid: 'adminB', org: ORG_B, role: 'admin', permissions: {} },
];

export const role = (key: string): RoleDef => {
  const r = ROLES.find((x) => x.key === key);
  if (!r) throw new Error(`no role ${key}`);
  return r;
};
