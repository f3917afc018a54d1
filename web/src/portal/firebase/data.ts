// What the portal reads, with Firestore Lite (one REST call per read; no listeners: the open
// ticket is read again every PORTAL_POLL_SECONDS). Every query is one the model declares
// (model/src/queries.ts; PORTAL_QUERIES below, checked against it by data.test.ts), so its index
// exists and the rules' tests run it as a portal user. A refused read throws Firestore's error
// (code 'permission-denied' once access is revoked).
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import {
  PORTAL_PAGE_SIZE,
  type PortalAttachment,
  type ReplyAuthorType,
  type TicketConversationState,
  type TicketPriority,
  type TicketStatus,
} from '@trato/model';
import { portalServices } from './services';

/** The declared queries the portal runs: collection, the equality filter, the order. */
export const PORTAL_QUERIES = {
  'tickets.portalByContact': { collection: 'tickets', field: 'contactId', order: ['createdAt', 'desc'] },
  'tickets.portalByCompany': { collection: 'tickets', field: 'companyId', order: ['createdAt', 'desc'] },
  'replies.public': { collection: 'replies', field: 'visibility', order: ['createdAt', 'asc'] },
  'documentShares.byContact': {
    collection: 'documentShares',
    field: 'contactId',
    order: ['createdAt', 'desc'],
  },
  'documents.portalByFolder': { collection: 'documents', field: 'folderId', order: ['createdAt', 'desc'] },
} as const satisfies Record<
  string,
  { collection: string; field: string; order: readonly [string, 'asc' | 'desc'] }
>;
type PortalQueryId = keyof typeof PORTAL_QUERIES;

/** Replies read at most (a ticket's conversation, newest kept). */
export const REPLIES_MAX = 300;
/** Files of a shared folder listed at most. */
export const FOLDER_FILES_MAX = 100;

function run(path: string, id: PortalQueryId, value: string, ...more: QueryConstraint[]) {
  const spec = PORTAL_QUERIES[id];
  return getDocs(
    query(
      collection(portalServices().db, `${path}/${spec.collection}`),
      where(spec.field, '==', value),
      orderBy(spec.order[0], spec.order[1]),
      ...more,
    ),
  );
}

const millis = (value: unknown): number | null =>
  value && typeof (value as { toMillis?: unknown }).toMillis === 'function'
    ? (value as { toMillis(): number }).toMillis()
    : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const attachments = (value: unknown): PortalAttachment[] =>
  Array.isArray(value)
    ? value.filter(
        (a): a is PortalAttachment =>
          !!a && typeof a === 'object' && typeof a.name === 'string' && typeof a.path === 'string',
      )
    : [];

export interface PortalTicket {
  id: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority | null;
  description: string | null;
  attachments: PortalAttachment[];
  conversationState: TicketConversationState | null;
  contactId: string | null;
  companyName: string | null;
  createdAt: number | null;
  /** The later of the last change and the last reply. */
  updatedAt: number | null;
}

function toTicket(id: string, data: DocumentData): PortalTicket {
  const updated = millis(data.updatedAt);
  const replied = millis(data.lastReplyAt);
  return {
    id,
    subject: text(data.ticketName) ?? '',
    status: data.status as TicketStatus,
    priority: (data.priority as TicketPriority | null) ?? null,
    description: text(data.description),
    attachments: attachments(data.attachments),
    conversationState: (data.conversationState as TicketConversationState | null) ?? null,
    contactId: text(data.contactId),
    companyName: text(data.companyName),
    createdAt: millis(data.createdAt),
    updatedAt: updated !== null && replied !== null ? Math.max(updated, replied) : (updated ?? replied),
  };
}

/** Where a page ends (opaque to the screens). */
export type PageCursor = QueryDocumentSnapshot;

export interface TicketPage {
  tickets: PortalTicket[];
  /** Where the next page starts; null when this was the last. */
  next: PageCursor | null;
}

/** A page of the contact's tickets ('contact') or their company's ('company'), newest first. */
export async function listPortalTickets(
  organizationId: string,
  by: 'contact' | 'company',
  id: string,
  after: PageCursor | null = null,
  pageSize = PORTAL_PAGE_SIZE,
): Promise<TicketPage> {
  const snapshot = await run(
    `organizations/${organizationId}`,
    by === 'contact' ? 'tickets.portalByContact' : 'tickets.portalByCompany',
    id,
    ...(after ? [startAfter(after)] : []),
    limit(pageSize + 1),
  );
  const docs = snapshot.docs.slice(0, pageSize);
  return {
    tickets: docs.map((d) => toTicket(d.id, d.data())),
    next: snapshot.docs.length > pageSize ? docs[docs.length - 1] : null,
  };
}

/** One ticket (null: it does not exist). Refused when it is not the user's to see. */
export async function getPortalTicket(
  organizationId: string,
  ticketId: string,
): Promise<PortalTicket | null> {
  const snapshot = await getDoc(
    doc(portalServices().db, `organizations/${organizationId}/tickets/${ticketId}`),
  );
  return snapshot.exists() ? toTicket(snapshot.id, snapshot.data()) : null;
}

export interface PortalReply {
  id: string;
  body: string;
  authorType: ReplyAuthorType;
  authorName: string;
  attachments: PortalAttachment[];
  createdAt: number | null;
}

/** A ticket's public replies, oldest first (internal notes are never read: the rules refuse them). */
export async function listPublicReplies(organizationId: string, ticketId: string): Promise<PortalReply[]> {
  const snapshot = await run(
    `organizations/${organizationId}/tickets/${ticketId}`,
    'replies.public',
    'public',
    limit(REPLIES_MAX),
  );
  return snapshot.docs.map((d) => {
    const data = d.data();
    return {
      id: d.id,
      body: text(data.body) ?? '',
      authorType: data.authorType === 'customer' ? 'customer' : 'member',
      authorName: text(data.authorName) ?? '',
      attachments: attachments(data.attachments),
      createdAt: millis(data.createdAt),
    };
  });
}

export interface PortalShare {
  id: string;
  targetType: 'document' | 'folder';
  targetId: string;
  targetName: string;
  createdAt: number | null;
}

/** What is shared with the contact, newest first. */
export async function listShares(organizationId: string, contactId: string): Promise<PortalShare[]> {
  const snapshot = await run(`organizations/${organizationId}`, 'documentShares.byContact', contactId);
  return snapshot.docs.map((d) => {
    const data = d.data();
    return {
      id: d.id,
      targetType: data.targetType === 'folder' ? 'folder' : 'document',
      targetId: text(data.targetId) ?? '',
      targetName: text(data.targetName) ?? '',
      createdAt: millis(data.createdAt),
    };
  });
}

export interface PortalDocument {
  id: string;
  fileName: string;
  storagePath: string;
  size: number;
  mimeType: string;
  createdAt: number | null;
}

function toDocument(id: string, data: DocumentData): PortalDocument {
  return {
    id,
    fileName: text(data.fileName) ?? '',
    storagePath: text(data.storagePath) ?? '',
    size: typeof data.size === 'number' ? data.size : 0,
    mimeType: text(data.mimeType) ?? '',
    createdAt: millis(data.createdAt),
  };
}

/** A shared file (null: it was deleted since). */
export async function getSharedDocument(
  organizationId: string,
  documentId: string,
): Promise<PortalDocument | null> {
  const snapshot = await getDoc(
    doc(portalServices().db, `organizations/${organizationId}/documents/${documentId}`),
  );
  return snapshot.exists() ? toDocument(snapshot.id, snapshot.data()) : null;
}

/** The files directly in a shared folder, newest first. */
export async function listFolderDocuments(
  organizationId: string,
  folderId: string,
): Promise<PortalDocument[]> {
  const snapshot = await run(
    `organizations/${organizationId}`,
    'documents.portalByFolder',
    folderId,
    limit(FOLDER_FILES_MAX),
  );
  return snapshot.docs.map((d) => toDocument(d.id, d.data()));
}
