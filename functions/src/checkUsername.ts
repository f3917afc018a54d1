import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, type CallableContract } from '@trato/model';

import { db } from './admin.js';
import { asRecord, parseUsername } from './common/validation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type CheckUsernameResult = CallableContract['checkUsername']['out'];

/**
 * Whether a username is free. usernames/ is not readable by clients (no enumeration of users),
 * so sign-up asks here. Only an answer for the moment: createOrganization / acceptInvitation
 * reserve it in their transaction and may still answer username-taken.
 */
export async function checkUsernameCore(firestore: Firestore, data: unknown): Promise<CheckUsernameResult> {
  const username = parseUsername(asRecord(data).username);
  const snapshot = await firestore.doc(paths.username(username)).get();
  return { available: !snapshot.exists };
}

export const checkUsername = onCall((request) => checkUsernameCore(db, request.data));
