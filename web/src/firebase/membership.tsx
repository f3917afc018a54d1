import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  can as canDo,
  paths,
  type Action,
  type Member,
  type Organization,
  type PermissionMap,
  type Resource,
  type Role,
  type UserProfile,
  type WithId,
} from '@trato/model';
import { changeLanguage, type Language } from '@/i18n';
import { useLanguage } from '@/i18n/useLanguage';
import { resolveDatePreferences, type DatePreferences } from '@/i18n/preferences';
import { useSession } from './auth';
import { hasSuperadminClaim } from './claims';
import { useDocument } from './hooks';
import { updateProfilePreferences } from './settingsData';

export type MembershipStatus = 'loading' | 'ready' | 'noOrganization' | 'error';

export interface Membership {
  /** loading until the auth state, the profile, the member document and the claims are known. */
  status: MembershipStatus;
  uid: string | null;
  email: string;
  profile: WithId<UserProfile> | null;
  organizationId: string | null;
  organization: WithId<Organization> | null;
  member: WithId<Member> | null;
  role: Role | null;
  permissions: PermissionMap;
  isAdmin: boolean;
  isSuperadmin: boolean;
  /** The same rule as firestore.rules: admins everything; sellers per resource, missing = view only. */
  can(resource: Resource, action: Action): boolean;
  error: { code: string; message: string } | null;
}

const MembershipContext = createContext<Membership | null>(null);

/** Who the signed-in user is in their organization, kept live (onSnapshot). Inside the signed-in area. */
export function MembershipProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session.user;
  const uid = user?.uid ?? null;

  const [claims, setClaims] = useState<{ uid: string; superadmin: boolean } | null>(null);
  useEffect(() => {
    if (!user) return undefined;
    let cancelled = false;
    user
      .getIdTokenResult()
      .then((result) => {
        if (!cancelled) setClaims({ uid: user.uid, superadmin: hasSuperadminClaim(result.claims) });
      })
      .catch(() => {
        if (!cancelled) setClaims({ uid: user.uid, superadmin: false });
      });
    return () => {
      cancelled = true;
    };
  }, [user]);

  const profileState = useDocument<UserProfile>(uid ? paths.user(uid) : null);
  const organizationId =
    profileState.status === 'success' ? (profileState.data?.organizationId ?? null) : null;
  const memberState = useDocument<Member>(uid && organizationId ? paths.member(organizationId, uid) : null);
  const organizationState = useDocument<Organization>(
    organizationId && memberState.status === 'success' && memberState.data
      ? paths.organization(organizationId)
      : null,
  );

  const value = useMemo<Membership>(() => {
    const isSuperadmin = claims?.uid === uid ? claims.superadmin : false;
    const base = {
      uid,
      email: user?.email ?? '',
      isSuperadmin,
      profile: null,
      organizationId: null,
      organization: null,
      member: null,
      role: null,
      permissions: {},
      isAdmin: false,
      can: () => false,
      error: null,
    } satisfies Omit<Membership, 'status'>;

    if (session.status === 'loading' || !uid || claims?.uid !== uid || profileState.status === 'loading') {
      return { ...base, status: 'loading' };
    }
    if (profileState.status === 'error') return { ...base, status: 'error', error: profileState.error };
    const profile = profileState.data;
    if (!profile || !profile.organizationId) return { ...base, profile, status: 'noOrganization' };
    if (memberState.status === 'loading') return { ...base, profile, status: 'loading' };
    // A removed member can no longer read the member document: no organization any more.
    if (memberState.status === 'error') {
      return memberState.error.code === 'permission-denied'
        ? { ...base, profile, status: 'noOrganization' }
        : { ...base, profile, status: 'error', error: memberState.error };
    }
    const member = memberState.data;
    if (!member) return { ...base, profile, status: 'noOrganization' };
    if (organizationState.status === 'loading') return { ...base, profile, status: 'loading' };
    const organization = organizationState.status === 'success' ? organizationState.data : null;
    return {
      ...base,
      status: 'ready',
      profile,
      organizationId: profile.organizationId,
      organization,
      member,
      role: member.role,
      permissions: member.permissions ?? {},
      isAdmin: member.role === 'admin',
      can: (resource: Resource, action: Action) => canDo(member, resource, action),
    };
  }, [claims, memberState, organizationState, profileState, session.status, uid, user?.email]);

  return <MembershipContext.Provider value={value}>{children}</MembershipContext.Provider>;
}

/** The live membership of the signed-in user (role, permissions, can(resource, action), superadmin). */
export function useMembership(): Membership {
  const value = useContext(MembershipContext);
  if (!value) throw new Error('useMembership must be used inside <MembershipProvider>');
  return value;
}

/**
 * The organization the signed-in area shows. Pages and their parts render only inside the
 * organization's layout (MembershipGate lets nobody through without one, AppLayout remounts the
 * page when it changes), so here it is always known; a call outside is a bug and throws.
 */
export function useOrgId(): string {
  const { organizationId } = useMembership();
  if (!organizationId) throw new Error('useOrgId is for the pages of an organization');
  return organizationId;
}

/**
 * The signed-in member's date preferences (time zone and clock, issue 30) with their defaults; the
 * defaults alone outside the signed-in area (and in unit tests without a membership).
 */
export function useDatePreferences(): DatePreferences {
  const membership = useContext(MembershipContext);
  const language = useLanguage();
  const profile = membership?.profile ?? null;
  const timeZone = profile?.timeZone ?? null;
  const timeFormat = profile?.timeFormat ?? null;
  return useMemo(
    () => resolveDatePreferences({ timeZone, timeFormat }, language),
    [timeZone, timeFormat, language],
  );
}

/**
 * Choosing a language (the ES | EN toggle, the profile's preference): the screen changes at once and,
 * signed in, the profile keeps it. A failed write leaves the choice on this device.
 */
export function useLanguageChoice(): (language: Language) => void {
  const membership = useContext(MembershipContext);
  const uid = membership?.profile ? membership.uid : null;
  return useCallback(
    (language: Language) => {
      void changeLanguage(language);
      if (uid) updateProfilePreferences(uid, { language }).catch(() => undefined);
    },
    [uid],
  );
}
