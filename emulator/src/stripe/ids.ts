/** Stripe-looking identifiers: a type prefix and random base-62 characters. */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62]; // 248 = 4 * 62: no modulo bias
    }
  }
  return out;
}

/** Length of the random part after each prefix, as Stripe's test-mode ids look. */
const SHAPES: Record<string, string> = {
  cus: 'cus_' + '#'.repeat(14),
  cs: 'cs_test_a1' + '#'.repeat(56),
  sub: 'sub_1' + '#'.repeat(23),
  si: 'si_' + '#'.repeat(14),
  in: 'in_1' + '#'.repeat(23),
  il: 'il_1' + '#'.repeat(23),
  evt: 'evt_1' + '#'.repeat(23),
  pm: 'pm_1' + '#'.repeat(23),
  bps: 'bps_1' + '#'.repeat(23),
  price: 'price_1' + '#'.repeat(23),
  prod: 'prod_' + '#'.repeat(14),
  req: 'req_' + '#'.repeat(14),
  bpc: 'bpc_1' + '#'.repeat(23),
  fingerprint: '#'.repeat(16),
};

export type IdKind = keyof typeof SHAPES;

export function newId(kind: IdKind): string {
  const shape = SHAPES[kind];
  const hashes = shape.indexOf('#');
  return shape.slice(0, hashes) + randomToken(shape.length - hashes);
}
