// The forms' and consents' Cloud Functions: the public form (getPublicForm, submitForm), the
// double opt-in page (confirmConsent) and a member's consent entry (setContactConsent, consent.ts).
import { defineString } from 'firebase-functions/params';
import { onCall, onRequest } from 'firebase-functions/v2/https';

import { db } from '../common/admin.js';
import { servePublicPage, tokenOf } from '../common/publicPage.js';
import { rateLimitSecret, readRateLimitSecret } from '../common/rateLimit.js';
import { googleConfig, MAIL_SECRETS } from '../mail/google.js';
import { sendAsSystem, systemMailRefreshToken, systemSender } from '../notifications/systemMail.js';
import { readUnsubscribeSecret, unsubscribeSecret } from '../sequences/unsubscribeToken.js';
import { confirmConsent as confirm, confirmConsentPage } from './confirm.js';
import { getPublicFormCore, submitFormCore } from './submit.js';

/**
 * The double opt-in page's address. Production: `https://<app domain>/confirm` (hosting rewrite to
 * the `confirmConsent` function, see README); emulator: the function's own URL.
 */
export const confirmConsentUrl = defineString('CONFIRM_CONSENT_URL');

export const getPublicForm = onCall((request) => getPublicFormCore(db, request.data));

export const submitForm = onCall(
  { secrets: [rateLimitSecret, unsubscribeSecret, systemMailRefreshToken, ...MAIL_SECRETS] },
  (request) => {
    const sender = systemSender();
    const config = sender ? googleConfig() : null;
    return submitFormCore(db, request.data, request.rawRequest, {
      rateLimitSecret: readRateLimitSecret(),
      linkSecret: readUnsubscribeSecret(),
      confirmUrl: confirmConsentUrl.value(),
      sendSystemMail: sender && config ? (mail) => sendAsSystem(config, sender, mail) : null,
    });
  },
);

/** GET: the page with its button; POST: the confirmation. */
export const confirmConsent = onRequest({ secrets: [unsubscribeSecret] }, async (req, res) => {
  const secret = readUnsubscribeSecret();
  const token = tokenOf(req);
  await servePublicPage(req, res, {
    get: () => confirmConsentPage(secret, token),
    post: () => confirm(db, secret, token),
  });
});
