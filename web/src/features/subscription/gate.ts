/** Pure rules of the subscription gate in the shell. */

/** Sections a member reaches without a live subscription: settings, billing itself, the admin area. */
const OPEN_WITHOUT_SUBSCRIPTION = ['ajustes', 'subscription', 'admin'];

export function needsSubscription(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return !OPEN_WITHOUT_SUBSCRIPTION.includes(first);
}

/** Back from Checkout the webhook may still be on its way: wait this long before the paywall. */
export const CONFIRMING_TIMEOUT_MS = 45_000;

export function isBackFromCheckout(search: string): boolean {
  return new URLSearchParams(search).get('checkout') === 'success';
}
