// Deterministic ids for what an import creates, so the same row imported twice (a second run, or
// a batch sent again after a failure) names the same document and is found instead of duplicated.

/** 64 bits of a string as 16 hex digits (two 32-bit FNV-1a variants; not cryptographic). */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/** A contact with an e-mail: one id per address (case does not matter). */
export const contactIdForEmail = (email: string) => `csv-${hash64(`email:${email.trim().toLowerCase()}`)}`;
/** A contact without an e-mail: one id per row of one file (its content's fingerprint). */
export const contactIdForRow = (fingerprint: string, row: number) =>
  `csv-${hash64(`row:${fingerprint}:${row}`)}`;
/** A company: one id per name, compared without case or accents. */
export const companyIdForName = (nameKey: string) => `csv-${hash64(`company:${nameKey}`)}`;
