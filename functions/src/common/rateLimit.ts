// Per-address rate limits for callables anyone may call (checkUsername). The caller's address is
// never stored: rateLimits/{HMAC-SHA256(RATE_LIMIT_SECRET, address)} holds a count for a window,
// and `expireAt` lets a Firestore TTL policy delete idle counters (README, deployment). A refused
// call reads one document and writes nothing; an allowed one writes that document once.
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { defineSecret } from 'firebase-functions/params';

import { paths } from '@trato/model';

import { fail } from './errors.js';
import { MIN_SECRET_LENGTH } from './tokens.js';

/** The pepper of the address hash: without it a stored key cannot be tied back to an address. */
export const rateLimitSecret = defineSecret('RATE_LIMIT_SECRET');

export interface RateLimit {
  /** Calls allowed per window and address. */
  limit: number;
  windowMs: number;
}

interface StoredCounter {
  /** What is counted, e.g. 'checkUsername' (one document per address and purpose). */
  purpose: string;
  windowStart: Timestamp;
  count: number;
  /** Firestore TTL field: the window's end; the document is garbage after it. */
  expireAt: Timestamp;
}

/** The part of the HTTP request the address comes from (Express's request in Cloud Functions). */
export interface AddressSource {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
}

/**
 * The caller's address: the LAST X-Forwarded-For entry, which Google's front end appends (a
 * client may send its own header, and Express's `req.ip` — 'trust proxy' is on in Cloud Functions
 * and in the Functions emulator — is its FIRST entry, so a client could pick a fresh one per call).
 * Without the header (a direct connection, the emulator) it is `req.ip`. IPv6 addresses count by
 * their /64, which one subscriber usually holds whole.
 */
export function clientAddress(request: AddressSource): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return networkOf(forwarded.at(-1) ?? request.ip ?? '');
}

/** IPv4 as is (also when IPv4-mapped), IPv6 as its first four groups, anything else 'unknown'. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return 'unknown';
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (…::1.2.3.4) fills two groups.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function addressKey(secret: string, purpose: string, address: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${address}`, 'utf8').digest('hex');
}

export function readRateLimitSecret(): string {
  const value = rateLimitSecret.value();
  if (!value || value.length < MIN_SECRET_LENGTH) {
    // An empty pepper would make the stored keys plain hashes of addresses: refuse, loudly.
    console.error(`RATE_LIMIT_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters`);
    fail('internal', 'The rate limit is not configured.', { reason: 'not-configured' });
  }
  return value;
}

/**
 * Counts one call of `purpose` from `address`; answers false (and writes nothing) when the
 * address already made `limit` calls in its current window. A window starts with the first call
 * after the previous one ended.
 */
export async function takeRateLimit(
  db: Firestore,
  secret: string,
  purpose: string,
  address: string,
  { limit, windowMs }: RateLimit,
  now = Date.now(),
): Promise<boolean> {
  const ref = db.doc(paths.rateLimit(addressKey(secret, purpose, address)));
  return db.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data() as StoredCounter | undefined;
    const current = stored && stored.windowStart.toMillis() + windowMs > now ? stored : null;
    if (current && current.count >= limit) return false;
    const windowStart = current ? current.windowStart : Timestamp.fromMillis(now);
    const counter: StoredCounter = {
      purpose,
      windowStart,
      count: (current?.count ?? 0) + 1,
      expireAt: Timestamp.fromMillis(windowStart.toMillis() + windowMs),
    };
    tx.set(ref, counter);
    return true;
  });
}
