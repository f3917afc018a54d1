// The customer portal's callables (issue 34): the site (site.ts), who may enter (access.ts), a
// customer's tickets (tickets.ts) and a member's replies (replies.ts). The mail sync's e-mail leg
// is emailReplies.ts, called from mail/sync.ts.
import { onCall } from 'firebase-functions/v2/https';

import { auth, db } from '../common/admin.js';
import { requireCaller } from '../common/caller.js';
import { rateLimitSecret, readRateLimitSecret } from '../common/rateLimit.js';
import { googleConfig, MAIL_SECRETS } from '../mail/google.js';
import { mailboxDailyCap } from '../mail/quota.js';
import { appUrl, systemSend } from '../notifications/functions.js';
import { systemMailRefreshToken } from '../notifications/systemMail.js';
import {
  invitePortalContactCore,
  openPortalSessionCore,
  requestPortalLinkCore,
  revokePortalAccessCore,
  type PortalDeps,
} from './access.js';
import { addTicketReplyCore } from './replies.js';
import { getPortalCore, setPortalSettingsCore } from './site.js';
import {
  closePortalTicketCore,
  createPortalTicketCore,
  bucketStagedFiles,
  replyPortalTicketCore,
} from './tickets.js';

const MAILING_SECRETS = [systemMailRefreshToken, ...MAIL_SECRETS];

const portalDeps = (): PortalDeps => ({
  auth,
  sendSystemMail: systemSend(),
  appUrl: appUrl.value().replace(/\/$/, ''),
  rateLimitSecret: readRateLimitSecret(),
});

export const setPortalSettings = onCall((request) =>
  setPortalSettingsCore(db, requireCaller(request.auth), request.data),
);

export const getPortal = onCall((request) => getPortalCore(db, request.data));

export const invitePortalContact = onCall({ secrets: [rateLimitSecret, ...MAILING_SECRETS] }, (request) =>
  invitePortalContactCore(db, requireCaller(request.auth), request.data, portalDeps()),
);

export const revokePortalAccess = onCall((request) =>
  revokePortalAccessCore(db, requireCaller(request.auth), request.data, { auth }),
);

export const requestPortalLink = onCall({ secrets: [rateLimitSecret, ...MAILING_SECRETS] }, (request) =>
  requestPortalLinkCore(db, request.data, request.rawRequest, portalDeps()),
);

export const openPortalSession = onCall((request) => openPortalSessionCore(db, request.auth, request.data));

export const createPortalTicket = onCall((request) =>
  createPortalTicketCore(db, request.auth, request.data, bucketStagedFiles),
);

export const replyPortalTicket = onCall((request) =>
  replyPortalTicketCore(db, request.auth, request.data, bucketStagedFiles),
);

export const closePortalTicket = onCall((request) => closePortalTicketCore(db, request.auth, request.data));

export const addTicketReply = onCall({ secrets: MAILING_SECRETS }, (request) => {
  const sendSystemMail = systemSend();
  let google = null;
  try {
    google = googleConfig();
  } catch {
    // No Google client configured: no Gmail path (the system mailbox, if any, sends).
  }
  return addTicketReplyCore(db, requireCaller(request.auth), request.data, {
    google,
    dailyCap: mailboxDailyCap.value(),
    sendSystemMail,
    appUrl: appUrl.value().replace(/\/$/, ''),
  });
});
