// What `firebase deploy` creates: every export of the production build (build.mjs). The emulator
// build's entry, index.emulator.ts, adds the test hooks. The exported names are the deployed
// functions' names: moving a module never renames one.
import './common/options.js';

export { health } from './diagnostics/health.js';
export { debugQuery } from './diagnostics/debugQuery.js';
export { adminOrganizationStats } from './admin/organizationStats.js';
export { checkUsername } from './accounts/checkUsername.js';
export { createOrganization } from './accounts/createOrganization.js';
export { addOrganization } from './accounts/addOrganization.js';
export { createInvitation } from './invitations/createInvitation.js';
export { getInvitationLink } from './invitations/getInvitationLink.js';
export { getInvitation } from './invitations/getInvitation.js';
export { acceptInvitation } from './invitations/acceptInvitation.js';
export { checkSubscription, createCheckoutSession, createPortalSession } from './billing/callables.js';
export { stripeWebhook } from './billing/webhook.js';
export { authGmailCallback, authGmailStart, emailDisconnect, emailSendTest } from './mail/callables.js';
export { mailSync, syncMailboxNow as syncMailbox } from './mail/syncFunctions.js';
export { getEmailAttachment, sendContactEmail, setMailPrivacy } from './mail/emailCallables.js';
export { outboxSender, unsubscribe } from './sequences/functions.js';
export { previewCampaignAudience } from './campaigns/preview.js';
export { confirmConsent, getPublicForm, submitForm } from './forms/functions.js';
export { recordImportConsent, setContactConsent } from './forms/consent.js';
export { dailyDigest } from './notifications/functions.js';
export {
  connectWhatsApp,
  createWaTemplate,
  deleteWaTemplate,
  disconnectWhatsApp,
  sendWhatsApp,
  setWhatsAppSettings,
  syncWaTemplates,
} from './whatsapp/functions.js';
export { whatsappWebhook } from './whatsapp/webhook.js';
export {
  addTicketReply,
  closePortalTicket,
  createPortalTicket,
  getPortal,
  invitePortalContact,
  openPortalSession,
  replyPortalTicket,
  requestPortalLink,
  revokePortalAccess,
  setPortalSettings,
} from './portal/functions.js';
