import { httpsCallable } from 'firebase/functions';
import type { BillingCallables, Language, PermissionMap, Role } from '@trato/model';
import { getDataServices } from './data';

/** The Cloud Functions callables (region us-central1): accounts, organizations, invitations, billing. */
export interface CallableContract extends BillingCallables {
  checkUsername: { in: { username: string }; out: { available: boolean } };
  createOrganization: {
    in: { fullName: string; username: string; companyName: string; language: Language };
    out: { organizationId: string };
  };
  createInvitation: {
    in: { organizationId: string; email: string; role: Role; permissions: PermissionMap };
    out: { invitationId: string; token: string; expiresAt: string };
  };
  getInvitationLink: { in: { organizationId: string; invitationId: string }; out: { token: string } };
  getInvitation: {
    in: { token: string };
    out: {
      organizationName: string;
      role: Role;
      email: string;
      expiresAt: string;
      permissions: PermissionMap;
    };
  };
  acceptInvitation: {
    in: { token: string; fullName: string; username: string; language?: Language };
    out: { organizationId: string };
  };
}

export type CallableName = keyof CallableContract;

/** Calls a callable by name; errors are FunctionsError (read them with describeCallableError). */
export async function callFunction<N extends CallableName>(
  name: N,
  input: CallableContract[N]['in'],
): Promise<CallableContract[N]['out']> {
  const { functions } = getDataServices();
  const callable = httpsCallable<CallableContract[N]['in'], CallableContract[N]['out']>(functions, name);
  const result = await callable(input);
  return result.data;
}

/** The invitation link of a token: site origin + /invite/{token} (spec section 9). */
export function invitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(token)}`;
}
