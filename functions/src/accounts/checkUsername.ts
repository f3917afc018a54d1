import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import { paths, type CallableContract } from '@trato/model';

import { db } from '../common/admin.js';
import { fail } from '../common/errors.js';
import {
  clientAddress,
  rateLimitSecret,
  readRateLimitSecret,
  takeRateLimit,
  type AddressSource,
  type RateLimit,
} from '../common/rateLimit.js';
import { parseInput } from '../common/validation.js';

/** What the web receives (the model's contract, shared with web/src/firebase/callables.ts). */
export type CheckUsernameResult = CallableContract['checkUsername']['out'];

/**
 * Anyone may ask, so each network address gets this many answers a minute: plenty for a person
 * signing up, too few to enumerate usernames or to run up reads and writes.
 */
export const USERNAME_CHECK_LIMIT: RateLimit = { limit: 30, windowMs: 60_000 };

/**
 * Whether a username is free. usernames/ is not readable by clients (no enumeration of users),
 * so sign-up asks here. Only an answer for the moment: createOrganization / acceptInvitation
 * reserve it in their transaction and may still answer username-taken.
 */
export async function checkUsernameCore(
  firestore: Firestore,
  data: unknown,
  request: AddressSource,
  secret: string,
): Promise<CheckUsernameResult> {
  const { username } = parseInput('checkUsername', data);
  // Counted after the input check: a malformed request costs nothing.
  if (
    !(await takeRateLimit(firestore, secret, 'checkUsername', clientAddress(request), USERNAME_CHECK_LIMIT))
  ) {
    fail('resource-exhausted', 'Too many username checks from this network; try again in a minute.', {
      reason: 'rate-limited',
    });
  }
  const snapshot = await firestore.doc(paths.username(username)).get();
  return { available: !snapshot.exists };
}

export const checkUsername = onCall({ secrets: [rateLimitSecret] }, (request) =>
  checkUsernameCore(db, request.data, request.rawRequest, readRateLimitSecret()),
);
