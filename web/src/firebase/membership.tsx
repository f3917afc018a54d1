import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  can as canDo,
  organizationsOf,
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
import {
  chooseLanguage,
  isLanguage,
  languageSync,
  rememberSyncedLanguage,
  storedLanguageChoice,
  syncedLanguage,
  type Language,
} from '@/i18n';
import { useLanguage } from '@/i18n/useLanguage';
import { resolveDatePreferences, type DatePreferences } from '@/i18n/preferences';
import { doc, onSnapshot } from 'firebase/firestore';
import { useSession } from './auth';
import { getDataServices } from './data';
import { hasSuperadminClaim } from './claims';
import { useDocument, useDocuments, type LiveState } from './hooks';
import {
  chooseOrganization,
  readDeviceChoice,
  writeDeviceChoice,
  type MembershipAnswer,
  type OrganizationChoice,
} from './organizationChoice';
import type { SubscriptionMirror } from './subscription';
import { updateProfilePreferences } from './settingsData';

export type MembershipStatus = 'loading' | 'ready' | 'noOrganization' | 'error';

/** One organization of the signed-in person, for the switcher (issue 30). */
export interface OrganizationOption {
  id: string;
  name: string;
  role: Role;
  /** Its Stripe mirror (null: none yet, or still loading). */
  subscription: SubscriptionMirror | null;
}

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
  /** Every organization the person belongs to, in the profile's order (the open one among them). */
  organizations: OrganizationOption[];
  /** Opens another of the person's organizations, here and on the next visit from this device. */
  switchOrganization(organizationId: string): void;
  error: { code: string; message: string } | null;
}

const MembershipContext = createContext<Membership | null>(null);

function answerOf(state: LiveState<WithId<Member> | null>): MembershipAnswer {
  if (state.status === 'loading') return 'loading';
  if (state.status === 'success') return state.data ? 'member' : 'gone';
  // A removed member can no longer read the member document: that organization is gone for them.
  return state.error.code === 'permission-denied' ? 'gone' : 'error';
}

/**
 * Who the signed-in user is in the organization this device shows, kept live (onSnapshot): the
 * profile names the person's organizations; the member document of each says whether they still
 * belong and with which role. Inside the signed-in area.
 */
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

  const [deviceChoice, setDeviceChoice] = useState<{ uid: string; organizationId: string | null } | null>(
    null,
  );
  const chosenHere =
    uid && deviceChoice?.uid === uid ? deviceChoice.organizationId : uid ? readDeviceChoice(uid) : null;
  const switchOrganization = useCallback(
    (organizationId: string) => {
      if (!uid) return;
      writeDeviceChoice(uid, organizationId);
      setDeviceChoice({ uid, organizationId });
    },
    [uid],
  );

  const profileState = useDocument<UserProfile>(uid ? paths.user(uid) : null);
  const profileData = profileState.status === 'success' ? profileState.data : null;
  useProfileLanguage(uid);
  const organizationIdsKey = organizationsOf(profileData).join(',');
  const organizationIds = useMemo(
    () => (organizationIdsKey ? organizationIdsKey.split(',') : []),
    [organizationIdsKey],
  );
  const memberStates = useDocuments<Member>(
    useMemo(() => (uid ? organizationIds.map((id) => paths.member(id, uid)) : []), [organizationIds, uid]),
  );
  const answers = useMemo(
    () => Object.fromEntries(organizationIds.map((id, i) => [id, answerOf(memberStates[i]!)])),
    [memberStates, organizationIds],
  );
  const memberOf = useMemo(
    () => organizationIds.filter((id) => answers[id] === 'member'),
    [answers, organizationIds],
  );
  const organizationStates = useDocuments<Organization>(
    useMemo(() => memberOf.map((id) => paths.organization(id)), [memberOf]),
  );
  const subscriptionStates = useDocuments<SubscriptionMirror>(
    useMemo(() => memberOf.map((id) => paths.subscription(id)), [memberOf]),
  );
  // An organization chosen here that the profile does not list yet (just created or joined): wait
  // for the profile's snapshot rather than open another one meanwhile.
  const awaited = uid && deviceChoice?.uid === uid ? deviceChoice.organizationId : null;
  const choice = useMemo<OrganizationChoice>(
    () =>
      awaited && !organizationIds.includes(awaited)
        ? { status: 'loading' }
        : chooseOrganization(organizationIds, answers, chosenHere),
    [answers, awaited, chosenHere, organizationIds],
  );

  const value = useMemo<Membership>(() => {
    const isSuperadmin = claims?.uid === uid ? claims.superadmin : false;
    const organizations: OrganizationOption[] = memberOf.flatMap((id, i) => {
      const member = memberStates[organizationIds.indexOf(id)]?.data;
      const organization = organizationStates[i]?.data;
      if (!member || !organization) return [];
      const subscription = subscriptionStates[i]?.data ?? null;
      return [{ id, name: organization.name, role: member.role, subscription }];
    });
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
      organizations,
      switchOrganization,
      error: null,
    } satisfies Omit<Membership, 'status'>;

    if (session.status === 'loading' || !uid || claims?.uid !== uid || profileState.status === 'loading') {
      return { ...base, status: 'loading' };
    }
    if (profileState.status === 'error') return { ...base, status: 'error', error: profileState.error };
    const profile = profileState.data;
    if (choice.status === 'loading') return { ...base, profile, status: 'loading' };
    if (choice.status === 'none') {
      // Every organization failed to load for another reason than a removal: say so.
      const failed = memberStates.find((state) => state.status === 'error' && answerOf(state) === 'error');
      return failed?.error
        ? { ...base, profile, status: 'error', error: failed.error }
        : { ...base, profile, status: 'noOrganization' };
    }
    const { organizationId } = choice;
    const member = memberStates[organizationIds.indexOf(organizationId)]!.data!;
    const organizationState = organizationStates[memberOf.indexOf(organizationId)];
    if (!organizationState || organizationState.status === 'loading')
      return { ...base, profile, status: 'loading' };
    return {
      ...base,
      status: 'ready',
      profile,
      organizationId,
      organization: organizationState.status === 'success' ? organizationState.data : null,
      member,
      role: member.role,
      permissions: member.permissions ?? {},
      isAdmin: member.role === 'admin',
      can: (resource: Resource, action: Action) => canDo(member, resource, action),
    };
  }, [
    choice,
    claims,
    memberOf,
    memberStates,
    organizationIds,
    organizationStates,
    profileState,
    session.status,
    subscriptionStates,
    switchOrganization,
    uid,
    user?.email,
  ]);

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
 * Choosing a language (the ES | EN toggle): the screen changes at once and, signed in, the profile
 * keeps it. A failed write leaves the choice pending on this device (languageSync retries it).
 */
export function useLanguageChoice(): (language: Language) => void {
  const membership = useContext(MembershipContext);
  const uid = membership?.profile ? membership.uid : null;
  return useCallback(
    (language: Language) => {
      void chooseLanguage(language);
      if (uid) updateProfilePreferences(uid, { language }).catch(() => undefined);
    },
    [uid],
  );
}

/**
 * The profile's language followed on every device (issue 30): when the profile answers, a choice
 * made on this device since they last agreed (on the sign-in page, offline) goes to the profile;
 * otherwise the screen takes the profile's language — at sign-in, and whenever another device
 * changes it. The device's language is read from what it stored, never from i18next's resolved
 * language, which stays on the old one while the new catalogue loads.
 */
function useProfileLanguage(uid: string | null): void {
  useEffect(() => {
    if (!uid) return undefined;
    // A write is asked once per page and language: refused or lost, the next page load asks again.
    let asked: Language | null = null;
    // Only what the server holds counts: a snapshot with this device's write still pending is not
    // an agreement (a reload may lose the write), hence the metadata changes (the confirmation).
    return onSnapshot(
      doc(getDataServices().firestore, paths.user(uid)),
      { includeMetadataChanges: true },
      (snapshot) => {
        const profile = snapshot.get('language') as unknown;
        if (snapshot.metadata.hasPendingWrites || !isLanguage(profile)) return;
        const action = languageSync(profile, storedLanguageChoice(), syncedLanguage(uid));
        if (action.kind === 'write') {
          if (asked !== action.language)
            updateProfilePreferences(uid, { language: action.language }).catch(() => undefined);
          asked = action.language;
          return;
        }
        rememberSyncedLanguage(uid, profile);
        if (action.kind === 'apply') void chooseLanguage(profile);
      },
      () => undefined,
    );
  }, [uid]);
}
