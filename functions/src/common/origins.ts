// The origins the web app is served from (param APP_ORIGINS in functions/.env.<project>): Stripe
// Checkout, the customer portal and the mail provider's consent screen send the browser back only there.
import { defineString } from 'firebase-functions/params';

import { fail } from './errors.js';

/** Comma-separated origins, e.g. `https://app.trato.example,https://trato-prod.web.app`. */
export const appOrigins = defineString('APP_ORIGINS');

/**
 * The origin the browser comes back to, if it is one of APP_ORIGINS (its shape, an http(s)
 * address, is checked first by the callable's input schema); `field` names it in a refusal.
 */
export function allowedReturnOrigin(value: string, field = 'returnOrigin'): string {
  const allowed = appOrigins
    .value()
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  if (!allowed.includes(value.replace(/\/$/, ''))) {
    fail('invalid-argument', 'That return address is not allowed.', {
      reason: 'invalid-input',
      field,
    });
  }
  return value.replace(/\/$/, '');
}
