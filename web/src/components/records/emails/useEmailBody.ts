import { useState } from 'react';
import type { EmailBody, EmailMessage, WithId } from '@trato/model';
import { orgRecordPath, useDocument, useMembership, useOrgId } from '@/firebase/dataApi';

/**
 * What can be shown of a message's content:
 * - `metadata`: its owner shares headers only (no body is ever kept);
 * - `private`: its owner keeps their mailbox private (the rules refuse the body to others);
 * - `loading`, `ready` (the body, with the headers a private mailbox's owner reads), `failed`.
 */
export type BodyState =
  | { status: 'metadata' | 'private' | 'loading' }
  | { status: 'ready'; body: EmailBody }
  | { status: 'failed'; code: string };

/** Which body a message has for the member, before reading it (null: read it). */
export function bodyAccess(
  message: Pick<EmailMessage, 'hasBody' | 'ownerUid' | 'visibility'>,
  uid: string | null,
): 'metadata' | 'private' | null {
  if (!message.hasBody) return 'metadata';
  if (message.ownerUid !== uid && message.visibility !== 'shared')
    return message.visibility === 'metadata' ? 'metadata' : 'private';
  return null;
}

/**
 * A message's body (organizations/{org}/emailBodies/{messageKey}), read once `wanted` (the message
 * is opened) and from then on. The rules give it to its mailbox's owner, and to the others only
 * when the owner shares their mailbox: a refusal means the owner made it private (or shares
 * headers only) since the message was listed.
 */
export function useEmailBody(message: WithId<EmailMessage>, wanted: boolean): BodyState {
  const organizationId = useOrgId();
  const { uid } = useMembership();
  const access = bodyAccess(message, uid);
  const [started, setStarted] = useState(false);
  if (wanted && !started && access === null) setStarted(true);
  const body = useDocument(started ? orgRecordPath(organizationId, 'emailBodies', message.id) : null);
  if (access) return { status: access };
  if (body.status === 'loading') return { status: 'loading' };
  if (body.status === 'error') {
    if (body.error.code !== 'permission-denied') return { status: 'failed', code: body.error.code };
    return { status: message.visibility === 'metadata' ? 'metadata' : 'private' };
  }
  return body.data ? { status: 'ready', body: body.data } : { status: 'metadata' };
}
