/**
 * The field contract of every client-writable document: required keys (must be present, may be
 * null where the type says so), optional keys, and which keys a client may change on update.
 * firestore.rules implements exactly this (keys().hasAll / hasOnly / diff().affectedKeys()),
 * and the security suite generates its validation cases from it.
 */

export const AUDIT_KEYS = ['createdAt', 'createdBy', 'updatedAt'] as const;

export interface FieldContract {
  required: readonly string[];
  optional: readonly string[];
  /** Keys an update may change; null = every key except createdAt/createdBy. */
  updatable: readonly string[] | null;
}

const crm = (required: string[], optional: string[], updatable: string[] | null = null): FieldContract => ({
  required: [...required, ...AUDIT_KEYS],
  optional,
  updatable,
});

export const FIELD_CONTRACTS = {
  companies: crm(
    ['name', 'searchTokens'],
    ['website', 'phone', 'linkedinUrl', 'industry', 'size', 'country', 'city', 'address', 'notes'],
  ),
  contacts: crm(
    ['name', 'status', 'isCustomer', 'lifecycleStage', 'companyId', 'ownerId', 'searchTokens'],
    ['email', 'phone', 'companyName', 'jobTitle', 'city', 'country', 'rtn', 'linkedinUrl'],
  ),
  notes: crm(['content'], ['authorName']),
  deals: crm(
    ['title', 'amount', 'stage', 'companyId', 'primaryContactId', 'ownerId', 'searchTokens'],
    ['probability', 'closeDate', 'companyName', 'primaryContactName', 'notes'],
  ),
  tasks: crm(
    ['title', 'status', 'dueDate', 'contactId', 'companyId', 'assigneeIds', 'searchTokens'],
    ['description', 'contactName', 'companyName'],
  ),
  meetings: crm(
    ['title', 'startTime', 'endTime', 'status', 'contactId', 'companyId', 'participantIds', 'searchTokens'],
    ['notes', 'contactName', 'companyName'],
  ),
  tickets: crm(
    ['ticketName', 'pipeline', 'status', 'ownerId', 'priority', 'contactId', 'companyId', 'searchTokens'],
    ['description', 'source', 'contactName', 'companyName'],
  ),
  folders: crm(['name', 'parentId'], []),
  // A document's file is immutable: rename and move only.
  documents: crm(
    ['fileName', 'storagePath', 'size', 'mimeType', 'folderId', 'searchTokens'],
    [],
    ['fileName', 'folderId', 'searchTokens', 'updatedAt'],
  ),
  sequences: crm(['name', 'isActive'], ['description']),
  steps: crm(['stepOrder', 'type', 'subject', 'body', 'delayDays'], []),
  // Clients pause/resume/stop; the scheduler (server) advances currentStep and nextSendAt.
  enrollments: crm(['contactId', 'status', 'currentStep', 'nextSendAt'], [], ['status', 'updatedAt']),
} as const satisfies Record<string, FieldContract>;

export type ContractCollection = keyof typeof FIELD_CONTRACTS;

/** Settings documents the client may update (never create or delete). */
export const SETTINGS_UPDATABLE = {
  users: ['fullName', 'language'],
  organizations: ['name', 'country', 'rtn'],
  members: ['role', 'permissions'],
} as const;

export function allowedKeys(c: FieldContract): string[] {
  return [...c.required, ...c.optional];
}
