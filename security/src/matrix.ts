/**
 * THE access table: for every target (collection, or "own"/"another" document where the
 * caller's identity matters) and every operation, who is allowed. The matrix test generates
 * one case per role × target × operation from it, so it is complete by construction.
 * All organization-scoped targets live in organization A (the tenant under test), whose
 * subscription is live.
 */
import { can, type Action, type Resource } from '@trato/model';

import { ORG_A, type RoleDef } from './roles.js';

export const OPS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Op = (typeof OPS)[number];
type Pred = (r: RoleDef) => boolean;
type Verdicts = Record<Op, Pred>;

const never: Pred = () => false;
const signedIn: Pred = (r) => r.uid !== null;
const inA: Pred = (r) => r.org === ORG_A;
const adminA: Pred = (r) => inA(r) && r.role === 'admin';
const superadmin: Pred = (r) => r.superadmin === true;
const or =
  (...ps: Pred[]): Pred =>
  (r) =>
    ps.some((p) => p(r));
const perm =
  (resource: Resource, action: Action): Pred =>
  (r) =>
    inA(r) && can({ role: r.role!, permissions: r.permissions ?? {} }, resource, action);

const serverOnly: Verdicts = { get: never, list: never, create: never, update: never, delete: never };
const crud = (resource: Resource): Verdicts => ({
  get: perm(resource, 'view'),
  list: perm(resource, 'view'),
  create: perm(resource, 'create'),
  update: perm(resource, 'edit'),
  delete: perm(resource, 'delete'),
});

export const EXPECTED = {
  'users (own)': { get: signedIn, list: never, create: never, update: signedIn, delete: never },
  'users (another user)': serverOnly,
  usernames: serverOnly,
  'organizations (A)': {
    get: or(inA, superadmin),
    list: superadmin,
    create: never,
    update: adminA,
    delete: never,
  },
  'members (own)': {
    get: or(inA, superadmin),
    list: or(inA, superadmin),
    create: never,
    update: never,
    delete: never,
  },
  'members (another member)': {
    get: or(inA, superadmin),
    list: or(inA, superadmin),
    create: never,
    update: adminA,
    delete: adminA,
  },
  invitations: { get: adminA, list: adminA, create: never, update: never, delete: adminA },
  invitationTokens: serverOnly,
  billing: { get: inA, list: inA, create: never, update: never, delete: never },
  'mailConnections (own)': { get: inA, list: adminA, create: never, update: never, delete: never },
  'mailConnections (another member)': {
    get: adminA,
    list: adminA,
    create: never,
    update: never,
    delete: never,
  },
  mailTokens: serverOnly,
  oauthStates: serverOnly,
  // Per-address counters of the public callables (checkUsername).
  rateLimits: serverOnly,
  // The daily digest's claims (issue 30).
  digests: serverOnly,
  stripeEvents: serverOnly,
  sendLog: {
    get: perm('marketing', 'view'),
    list: perm('marketing', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // Unsubscribed addresses: written by the public unsubscribe page (a function) only.
  optOuts: {
    get: perm('marketing', 'view'),
    list: perm('marketing', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // The sequence sender's per-mailbox daily counters.
  mailQuotas: serverOnly,
  companies: crud('companies'),
  contacts: crud('contacts'),
  // A note is added/edited with contacts.edit (the update cell edits the caller's own note:
  // only the author edits one), deleted with contacts.delete.
  notes: { ...crud('contacts'), create: perm('contacts', 'edit') },
  deals: crud('deals'),
  tasks: crud('tasks'),
  meetings: crud('meetings'),
  tickets: crud('tickets'),
  folders: crud('documents'),
  documents: crud('documents'),
  // A sequence speaks with its owner's voice (its creator, whose Gmail sends it): the owner
  // renames it (update cell: a rename), writes its steps and deletes it with the marketing
  // rights; another member's sequence is paused or resumed with marketing.edit (update cell:
  // isActive) and deleted only by an admin; its steps are written by nobody else, not even an
  // admin (deleting them with their sequence: test/ownership.test.ts).
  'sequences (own)': crud('marketing'),
  "sequences (another member's)": {
    ...crud('marketing'),
    create: never,
    delete: adminA,
  },
  'steps (own sequence)': crud('marketing'),
  "steps (another member's sequence)": {
    ...crud('marketing'),
    create: never,
    update: never,
    delete: never,
  },
  enrollments: crud('marketing'),
  // Marketing lists (issue 31).
  lists: crud('marketing'),
  // A campaign speaks with its author's voice (createdBy's Gmail sends it): the author edits a
  // draft's content (update cell: a rename); another member's campaign is stopped with
  // marketing.edit (update cell: pausing a scheduled one) and deleted only by an admin.
  'campaigns (own)': crud('marketing'),
  "campaigns (another member's)": {
    ...crud('marketing'),
    create: never,
    delete: adminA,
  },
  // The campaign sender's: each address of a campaign's audience, and a started campaign's run.
  recipients: {
    get: perm('marketing', 'view'),
    list: perm('marketing', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  campaignRuns: {
    get: perm('marketing', 'view'),
    list: perm('marketing', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // Lead-capture forms (issue 31), as lists.
  forms: crud('marketing'),
  // What a form recorded and each consent change: part of the contact's record, read with
  // contacts.view, written by the functions only (not even an admin changes the proof).
  submissions: {
    get: perm('contacts', 'view'),
    list: perm('contacts', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  consents: {
    get: perm('contacts', 'view'),
    list: perm('contacts', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // Marketing topics (issue 31's preference centre), as lists.
  topics: crud('marketing'),
  // The topics each address opted out of: read with marketing.view, written by the preference
  // page (a function) only — not even an admin opts a contact in or out.
  topicOptOuts: {
    get: perm('marketing', 'view'),
    list: perm('marketing', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // WhatsApp (issue 33), the functions' documents. The organization's number: read by every
  // member (the composer), one at a time, whatever the subscription (as a mail connection);
  // no other channel id exists for clients.
  'channels (whatsapp)': { get: inA, list: never, create: never, update: never, delete: never },
  'channels (another id)': serverOnly,
  // Templates: read by marketing (Plantillas) and by the inbox (the composer).
  waTemplates: {
    get: or(perm('marketing', 'view'), perm('conversations', 'view')),
    list: or(perm('marketing', 'view'), perm('conversations', 'view')),
    create: never,
    update: never,
    delete: never,
  },
  // A contact's thread: the update cell assigns it to a member (conversations.edit) …
  waConversations: {
    get: perm('conversations', 'view'),
    list: perm('conversations', 'view'),
    create: never,
    update: perm('conversations', 'edit'),
    delete: never,
  },
  // … or marks the caller's own unread thread read (unreadCount 0: conversations.view).
  'waConversations (marking read)': {
    get: perm('conversations', 'view'),
    list: perm('conversations', 'view'),
    create: never,
    update: perm('conversations', 'view'),
    delete: never,
  },
  waMessages: {
    get: perm('conversations', 'view'),
    list: perm('conversations', 'view'),
    create: never,
    update: never,
    delete: never,
  },
  // An organization's access token, and the routes of phone numbers to organizations.
  whatsappTokens: serverOnly,
  whatsappNumbers: serverOnly,
  // The timeline index: the get cell reads a deal's entry (deals.view); the list cell has no
  // `kind` filter, so only members who view every kind may run it; any member writes an
  // entry that mirrors its record, and deletes one whose record is gone.
  timeline: {
    get: perm('deals', 'view'),
    list: (r) =>
      perm('contacts', 'view')(r) &&
      perm('tasks', 'view')(r) &&
      perm('meetings', 'view')(r) &&
      perm('deals', 'view')(r) &&
      perm('conversations', 'view')(r) &&
      perm('companies', 'view')(r),
    create: inA,
    update: inA,
    delete: inA,
  },
} satisfies Record<string, Verdicts>;

export type TargetName = keyof typeof EXPECTED;
export const TARGET_NAMES = Object.keys(EXPECTED) as TargetName[];

export function expected(role: RoleDef, target: TargetName, op: Op): boolean {
  return EXPECTED[target][op](role);
}
