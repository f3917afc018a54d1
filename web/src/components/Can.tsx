import type { ReactNode } from 'react';
import type { Action, Resource } from '@trato/model';
import { useMembership } from '@/firebase/dataApi';

/**
 * Whether the member may do `action` on `resource` (the permission matrix, live; admins always).
 * The UI hides what a member may not do; firestore.rules refuse it anyway.
 */
export function useCan(resource: Resource, action: Action): boolean {
  return useMembership().can(resource, action);
}

/** Renders its children only for members who may do `action` on `resource`. */
export function Can({
  resource,
  action,
  children,
  otherwise = null,
}: {
  resource: Resource;
  action: Action;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return <>{useCan(resource, action) ? children : otherwise}</>;
}
