// A customer's tickets on the portal (issue 34): opening one with the fields the site lets them
// set and the files they staged, answering one of theirs, closing one of theirs. Portal users
// write nothing in Firestore themselves: these callables check the access, the site's fields,
// each upload's folder and file, and that the ticket is theirs (ticketVisibleTo) — a ticket that
// is not answers the same as one that does not exist. A file a ticket or reply took is marked
// (custom metadata ticketId): storage.rules then keep it from its uploader's delete.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';

import {
  DEFAULT_TICKET_PIPELINE,
  paths,
  PORTAL_TICKET_SOURCE,
  PORTAL_UPLOAD_MAX_BYTES,
  PORTAL_UPLOAD_TYPES,
  portalPaths,
  statusAfterCustomerReply,
  ticketVisibleTo,
  withDerivedFields,
  type Contact,
  type PortalAttachment,
  type PortalCallables,
  type PortalField,
  type Ticket,
  type TicketReply,
} from '@trato/model';

import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { requirePortalUser, type PortalUser } from './site.js';

type TS = FirebaseFirestore.Timestamp;

/** One staged file as Storage describes it (the part of the object's metadata used here). */
export interface StagedFile {
  name: string;
  size: number;
  contentType: string;
  /** The ticket that took it (custom metadata `ticketId`), or null while it is only staged. */
  ticketId: string | null;
}

/**
 * The staging area in the default bucket (Cloud Storage; the local cloud's emulator): the files
 * under a prefix, and the mark a ticket leaves on the files it took — custom metadata `ticketId`,
 * after which storage.rules no longer let the uploader delete them (no attachment goes missing).
 */
export interface StagedFiles {
  list(prefix: string): Promise<StagedFile[]>;
  mark(paths: string[], ticketId: string): Promise<void>;
}

/** The default bucket through the Admin SDK (loaded on first use, by the portal's calls only). */
async function defaultBucket() {
  const { getStorage } = await import('firebase-admin/storage');
  const { app } = await import('../common/admin.js');
  return getStorage(app).bucket();
}

export const bucketStagedFiles: StagedFiles = {
  async list(prefix) {
    const [files] = await (await defaultBucket()).getFiles({ prefix });
    return files.map((file) => {
      const custom = file.metadata.metadata as Record<string, unknown> | undefined;
      return {
        name: file.name,
        size: Number(file.metadata.size ?? 0),
        contentType: String(file.metadata.contentType ?? ''),
        ticketId: typeof custom?.ticketId === 'string' ? custom.ticketId : null,
      };
    });
  },
  async mark(paths, ticketId) {
    const bucket = await defaultBucket();
    await Promise.all(paths.map((path) => bucket.file(path).setMetadata({ metadata: { ticketId } })));
  },
};

function notSettable(field: PortalField | 'uploadIds'): never {
  fail('invalid-argument', `The portal does not let customers set ${field}.`, {
    reason: 'field-not-settable',
    field,
  });
}

/**
 * The caller's staged uploads as attachments: each id a folder of theirs
 * (organizations/{o}/portalUploads/{uid}/{uploadId}/) holding exactly one file within the size
 * and of an allowed type, not taken yet. Missing: 'upload-missing'; anything else: 'upload-invalid'.
 */
async function stagedAttachments(
  user: PortalUser,
  uploadIds: string[],
  staged: StagedFiles,
): Promise<PortalAttachment[]> {
  if (!uploadIds.length) return [];
  if (user.site.fields.attachments !== 'settable') notSettable('uploadIds');
  const out: PortalAttachment[] = [];
  for (const uploadId of uploadIds) {
    const folder = `${portalPaths.upload(user.organizationId, user.caller.uid, uploadId, '')}`;
    const files = await staged.list(folder);
    if (!files.length)
      fail('invalid-argument', `Upload ${uploadId} was not found.`, {
        reason: 'upload-missing',
        field: 'uploadIds',
      });
    const file = files[0]!;
    const name = file.name.slice(folder.length);
    if (
      files.length !== 1 ||
      !name ||
      name.includes('/') ||
      file.size <= 0 ||
      file.size > PORTAL_UPLOAD_MAX_BYTES ||
      !PORTAL_UPLOAD_TYPES.includes(file.contentType) ||
      // Already taken by a ticket or a reply: a file is attached once.
      file.ticketId !== null
    )
      fail('invalid-argument', `Upload ${uploadId} is not a file the portal takes.`, {
        reason: 'upload-invalid',
        field: 'uploadIds',
      });
    out.push({ name, path: file.name, size: file.size, contentType: file.contentType });
  }
  return out;
}

/**
 * Marks the files a ticket took (after the write: a failure leaves them the uploader's to delete,
 * as after any failed send). A mark that fails is logged; the ticket or reply stands.
 */
async function markTaken(staged: StagedFiles, attachments: PortalAttachment[], ticketId: string) {
  if (!attachments.length) return;
  try {
    await staged.mark(
      attachments.map((a) => a.path),
      ticketId,
    );
  } catch (error) {
    console.error(
      `portal: marking ${attachments.length} file(s) taken by ${ticketId} failed: ${(error as Error).message}`,
    );
  }
}

/** The caller's contact as the ticket names it (the access's, when the contact is gone). */
async function contactOf(firestore: Firestore, user: PortalUser) {
  const snap = await firestore.doc(paths.doc(user.organizationId, 'contacts', user.access.contactId)).get();
  const contact = snap.data() as Contact | undefined;
  return {
    name: contact?.name ?? user.access.contactName,
    companyId: contact ? (contact.companyId ?? null) : user.access.companyId,
    companyName: contact?.companyName ?? null,
    ownerId: contact?.ownerId ?? null,
  };
}

/**
 * An active portal user opens a ticket: the subject, and the description, priority and files
 * only when the site lets customers set them ('field-not-settable'). The ticket is the contact's
 * (and their company's), owned by the contact's owner while they are a member, 'New' in the
 * support pipeline, waiting for the team ('customer-replied').
 */
export async function createPortalTicketCore(
  firestore: Firestore,
  auth: CallableRequest['auth'],
  data: unknown,
  staged: StagedFiles,
  nowMs = Date.now(),
): Promise<PortalCallables['createPortalTicket']['out']> {
  const input = parseInput('createPortalTicket', data);
  const user = await requirePortalUser(firestore, auth, input.slug, nowMs, { active: true });
  const { fields } = user.site;
  if (input.description != null && fields.description !== 'settable') notSettable('description');
  if (input.priority != null && fields.priority !== 'settable') notSettable('priority');
  const attachments = await stagedAttachments(user, input.uploadIds, staged);
  const contact = await contactOf(firestore, user);
  const ownerIsMember =
    contact.ownerId !== null &&
    (await firestore.doc(paths.member(user.organizationId, contact.ownerId)).get()).exists;

  const ref = firestore.collection(paths.collection(user.organizationId, 'tickets')).doc();
  const now = FieldValue.serverTimestamp();
  const ticket = withDerivedFields('tickets', {
    ticketName: input.subject,
    pipeline: DEFAULT_TICKET_PIPELINE,
    status: 'New',
    description: input.description ?? null,
    source: PORTAL_TICKET_SOURCE,
    ownerId: ownerIsMember ? contact.ownerId : null,
    priority: input.priority ?? null,
    contactId: user.access.contactId,
    companyId: contact.companyId,
    contactName: contact.name,
    companyName: contact.companyId ? contact.companyName : null,
    conversationState: 'customer-replied',
    lastReplyAt: now,
    attachments,
    // The portal user's Auth uid: who opened it (not a member).
    createdAt: now,
    createdBy: user.caller.uid,
    updatedAt: now,
  } satisfies Omit<Ticket<TS | FieldValue>, 'searchTokens' | 'searchIndex'>);
  await ref.create(ticket);
  await markTaken(staged, attachments, ref.id);
  return { ticketId: ref.id };
}

/** A ticket the portal user may see (else not-found, as for an id that does not exist). */
async function visibleTicket(firestore: Firestore, user: PortalUser, ticketId: string) {
  const ref = firestore.doc(paths.doc(user.organizationId, 'tickets', ticketId));
  const ticket = (await ref.get()).data() as Ticket<TS> | undefined;
  if (!ticket || !ticketVisibleTo(user.access, ticket))
    fail('not-found', 'This ticket does not exist.', { reason: 'not-found' });
  return { ref, ticket };
}

/**
 * An active portal user answers one of their tickets (not a closed one: 'ticket-closed'), with
 * staged files when the site takes them. A resolved or waiting ticket is back in progress, and
 * the team sees 'customer replied' (the owner's bell: query 'tickets.customerReplied').
 */
export async function replyPortalTicketCore(
  firestore: Firestore,
  auth: CallableRequest['auth'],
  data: unknown,
  staged: StagedFiles,
  nowMs = Date.now(),
): Promise<PortalCallables['replyPortalTicket']['out']> {
  const input = parseInput('replyPortalTicket', data);
  const user = await requirePortalUser(firestore, auth, input.slug, nowMs, { active: true });
  const { ref } = await visibleTicket(firestore, user, input.ticketId);
  const attachments = await stagedAttachments(user, input.uploadIds, staged);
  const replyRef = firestore.collection(portalPaths.replies(user.organizationId, input.ticketId)).doc();
  await firestore.runTransaction(async (tx) => {
    const ticket = (await tx.get(ref)).data() as Ticket<TS> | undefined;
    if (!ticket || !ticketVisibleTo(user.access, ticket))
      fail('not-found', 'This ticket does not exist.', { reason: 'not-found' });
    if (ticket.status === 'Closed')
      fail('failed-precondition', 'This ticket is closed.', { reason: 'ticket-closed' });
    const now = FieldValue.serverTimestamp();
    const reply: TicketReply<FieldValue> = {
      visibility: 'public',
      body: input.body,
      authorType: 'customer',
      authorId: user.access.contactId,
      authorName: user.access.contactName,
      via: 'portal',
      attachments,
      createdAt: now,
    };
    tx.create(replyRef, reply);
    tx.update(ref, {
      status: statusAfterCustomerReply(ticket.status),
      conversationState: 'customer-replied',
      lastReplyAt: now,
      updatedAt: now,
    });
  });
  await markTaken(staged, attachments, input.ticketId);
  return { replyId: replyRef.id };
}

/** An active portal user closes one of their tickets (the one status that is theirs to set). */
export async function closePortalTicketCore(
  firestore: Firestore,
  auth: CallableRequest['auth'],
  data: unknown,
  nowMs = Date.now(),
): Promise<PortalCallables['closePortalTicket']['out']> {
  const input = parseInput('closePortalTicket', data);
  const user = await requirePortalUser(firestore, auth, input.slug, nowMs, { active: true });
  const { ref, ticket } = await visibleTicket(firestore, user, input.ticketId);
  if (ticket.status !== 'Closed')
    await ref.update({ status: 'Closed', updatedAt: FieldValue.serverTimestamp() });
  return { closed: true };
}
