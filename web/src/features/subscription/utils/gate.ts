/** Pure rules of the subscription gate in the shell. */

/** Back from Checkout the webhook may still be on its way: wait this long before the paywall. */
export const CONFIRMING_TIMEOUT_MS = 45_000;

export function isBackFromCheckout(search: string): boolean {
  return new URLSearchParams(search).get('checkout') === 'success';
}
