import { createContext, useContext } from 'react';
import type { PortalCallables, PortalView } from '@trato/model';

/** Who the signed-in customer is on this portal (openPortalSession), with their Auth uid. */
export type PortalSession = PortalCallables['openPortalSession']['out'] & { uid: string };

export interface PortalContextValue {
  slug: string;
  site: PortalView;
  session: PortalSession;
  /**
   * To call with any error of a read or a call: when it is a refusal for want of access and the
   * customer's own tickets are refused too, the access was revoked — the portal says so and signs
   * out (answers true). Otherwise false: the screen shows the error itself.
   */
  checkAccess: (error: unknown) => Promise<boolean>;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

export function usePortal(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal outside the signed-in portal');
  return value;
}
