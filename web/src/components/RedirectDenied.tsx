import { Navigate } from 'react-router';
import { sectionHref } from '@/app/sections';

/** Navigation state of a member sent away from a place they may not open, so the next page says why. */
export interface DeniedState {
  denied: true;
}

export function wasDenied(state: unknown): state is DeniedState {
  return typeof state === 'object' && state !== null && (state as DeniedState).denied === true;
}

/** Sends a member to the dashboard, which then tells them they have no access (never silently). */
export function RedirectDenied() {
  return <Navigate to={sectionHref('dashboard')} replace state={{ denied: true } satisfies DeniedState} />;
}
