// What `firebase deploy` creates: every export of the production build (build.mjs). The emulator
// build's entry, index.emulator.ts, adds the test hooks.
import './options.js';

export { health } from './health.js';
export { checkUsername } from './checkUsername.js';
export { createOrganization } from './createOrganization.js';
export { createInvitation } from './createInvitation.js';
export { getInvitationLink } from './getInvitationLink.js';
export { getInvitation } from './getInvitation.js';
export { debugQuery } from './debugQuery.js';
export { acceptInvitation } from './acceptInvitation.js';
export { checkSubscription, createCheckoutSession, createPortalSession } from './billing/callables.js';
export { stripeWebhook } from './billing/webhook.js';
export { authGmailCallback, authGmailStart, emailDisconnect, emailSendTest } from './mail/callables.js';
export { sequenceSender, unsubscribe } from './sequences/functions.js';
