/**
 * Identifiers and phone numbers as WhatsApp shapes them: numeric Graph ids, `wamid.` message ids,
 * fbtrace ids, and the normalisation of a recipient (`+504 9999-8888` → wa_id `50499998888`).
 */
import { randomBytes } from 'node:crypto';

/** The WABA and phone-number ids of the n-th account (the default one is n = 1). */
export function accountIds(n: number): { wabaId: string; phoneNumberId: string } {
  const base = 100_000_000_000_000 + n * 10;
  return { wabaId: String(base), phoneNumberId: String(base + 1) };
}

/** A template id: a 16-digit Graph id. */
export function templateId(n: number): string {
  return String(7_000_000_000_000_000 + n);
}

/**
 * A `wamid.`: base64 of a protobuf-like record carrying the user's number and a random part, as
 * Cloud API's are (unique, opaque, may end with `=`).
 */
export function newWamid(waId: string): string {
  const random = randomBytes(10).toString('hex').toUpperCase();
  const bytes = Buffer.concat([
    Buffer.from([0x1c, 0x18, waId.length]),
    Buffer.from(waId, 'utf8'),
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, random.length]),
    Buffer.from(random, 'utf8'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${bytes.toString('base64')}`;
}

/** Graph's `fbtrace_id`: 11 characters of base64url-ish noise. */
export function fbtraceId(): string {
  return randomBytes(9).toString('base64').replace(/[+/=]/g, 'A').slice(0, 11);
}

/** A billing conversation id: 32 hex digits. */
export function conversationId(): string {
  return randomBytes(16).toString('hex');
}

/** A new system-user token (same shape as the default one). */
export function newAccessToken(): string {
  return `EAATRATOLOCAL${randomBytes(16).toString('hex').toUpperCase().slice(0, 21)}`;
}

/**
 * A recipient or sender as written (`+504 9999-8888`, `504 (9999) 8888`, `50499998888`) → its
 * digits (the wa_id), or null when it is not a phone number (7 to 15 digits after removing `+`,
 * spaces, dashes, dots and parentheses).
 */
export function waIdOf(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const text = String(input).trim();
  if (!/^\+?[\d\s\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** The digits of a display number (what webhooks' `metadata.display_phone_number` carry). */
export const digitsOf = (display: string) => display.replace(/\D/g, '');

/** A wa_id for people: Honduran numbers as `+504 9999-8888`, others as `+<digits>`. */
export function formatWaId(waId: string): string {
  const hn = /^504(\d{4})(\d{4})$/.exec(waId);
  if (hn) return `+504 ${hn[1]}-${hn[2]}`;
  return `+${waId}`;
}

/** Unix seconds now. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
