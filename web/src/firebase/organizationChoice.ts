// Which organization the signed-in area shows when a person belongs to several (issue 30): the one
// this device chose last, else the profile's default, else the first they still belong to.

/** What the app knows of one organization of the profile's list: the member document's answer. */
export type MembershipAnswer = 'loading' | 'member' | 'gone' | 'error';

export type OrganizationChoice =
  { status: 'loading' } | { status: 'chosen'; organizationId: string } | { status: 'none' };

/**
 * The organization to open: candidates in order (device choice, profile default, the rest), the
 * first the person is still a member of. Waits while an earlier candidate is still loading, so
 * the app never opens one organization and then jumps to another. 'gone' (removed: the member
 * document is missing or unreadable) and 'error' are passed over.
 */
export function chooseOrganization(
  organizationIds: readonly string[],
  answers: Readonly<Record<string, MembershipAnswer>>,
  deviceChoice: string | null,
): OrganizationChoice {
  const order =
    deviceChoice && organizationIds.includes(deviceChoice)
      ? [deviceChoice, ...organizationIds.filter((id) => id !== deviceChoice)]
      : organizationIds;
  for (const id of order) {
    const answer = answers[id] ?? 'loading';
    if (answer === 'loading') return { status: 'loading' };
    if (answer === 'member') return { status: 'chosen', organizationId: id };
  }
  return { status: 'none' };
}

const storageKey = (uid: string) => `trato.organization.${uid}`;

/** The organization this device opened last for this person (null: none, or storage is off). */
export function readDeviceChoice(uid: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

export function writeDeviceChoice(uid: string, organizationId: string): void {
  try {
    window.localStorage.setItem(storageKey(uid), organizationId);
  } catch {
    // Private mode or storage full: the choice lasts as long as the page.
  }
}
