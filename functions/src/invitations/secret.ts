// INVITATION_SECRET: in production a Secret Manager secret (`firebase functions:secrets:set
// INVITATION_SECRET`); in the Functions emulator it comes from functions/.secret.local, which
// scripts/local-cloud.mjs writes from a development default before starting firebase-tools.
import { defineSecret } from 'firebase-functions/params';

import { fail } from '../common/errors.js';
import { MIN_SECRET_LENGTH } from '../common/tokens.js';

export const invitationSecret = defineSecret('INVITATION_SECRET');

export function readInvitationSecret(): string {
  const value = invitationSecret.value();
  if (!value || value.length < MIN_SECRET_LENGTH) {
    // Never sign with an empty or weak key: a missing secret must stop invitations, loudly.
    console.error(`INVITATION_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters`);
    fail('internal', 'Invitations are not configured.', { reason: 'not-configured' });
  }
  return value;
}
