// Pure helpers of a contact's e-mails (model/src/email.ts): how a message's HTML is framed, the
// compose form's checks, and an attachment's bytes.
import { EMAIL_PATTERN, EMAIL_RECIPIENTS_MAX, LIMITS, normalizeAddress, type MailParty } from '@trato/model';

/** The frame's policy: nothing loads but inline styles and embedded images, unless images are asked for. */
export function bodyPolicy(showImages: boolean): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data: cid:${showImages ? ' https: http:' : ''}`;
}

/**
 * The document a message's (sanitised) HTML is shown in: a sandboxed frame without scripts, its
 * own Content-Security-Policy first (remote images blocked until asked), links opening a new tab.
 */
export function bodyDocument(html: string, showImages: boolean): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${bodyPolicy(showImages)}">` +
    '<base target="_blank"><style>html,body{margin:0;padding:0}body{font:14px/1.5 system-ui,sans-serif;' +
    'color:#1f2937;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}' +
    'pre{white-space:pre-wrap}</style></head><body>' +
    html +
    '</body></html>'
  );
}

/** Whether the HTML asks for an image (or a background) from the network. */
export function hasRemoteImages(html: string): boolean {
  return /(?:src|background)\s*=\s*["']?\s*(?:https?:)?\/\/|url\(\s*["']?\s*(?:https?:)?\/\//i.test(html);
}

/** 'Ana López <ana@x.com>', or the address alone. */
export function partyLabel(party: MailParty | null | undefined): string {
  if (!party) return '';
  return party.name ? `${party.name} <${party.address}>` : party.address;
}

/** The name, else the address. */
export function partyName(party: MailParty | null | undefined): string {
  return party ? party.name || party.address : '';
}

/** Addresses typed in a field: separated by commas, semicolons, spaces or new lines. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
}

/** Adds addresses to a list, each once (compared as Trato compares them). */
export function addAddresses(list: readonly string[], added: readonly string[]): string[] {
  const seen = new Set(list.map(normalizeAddress));
  const next = [...list];
  for (const address of added) {
    const key = normalizeAddress(address);
    if (seen.has(key)) continue;
    seen.add(key);
    next.push(address);
  }
  return next;
}

export const isValidAddress = (address: string): boolean =>
  address.length <= LIMITS.email && EMAIL_PATTERN.test(address.trim());

export interface ComposeValues {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
}

/** A field's problem: an i18n key of the emails catalogue's `composer.errors`, with its values. */
export interface ComposeError {
  key: 'toRequired' | 'invalid' | 'tooMany' | 'subjectRequired' | 'bodyRequired' | 'tooLong';
  values?: Record<string, string | number>;
}
export type ComposeErrors = Partial<Record<keyof ComposeValues, ComposeError>>;

const charCount = (text: string) => [...text].length;

/**
 * What the server would refuse (model sendContactEmail's input): at least one recipient, valid
 * addresses, at most EMAIL_RECIPIENTS_MAX in all, a subject and a body within their limits.
 */
export function validateCompose(values: ComposeValues): ComposeErrors {
  const errors: ComposeErrors = {};
  for (const field of ['to', 'cc'] as const) {
    const invalid = values[field].filter((address) => !isValidAddress(address));
    if (invalid.length) errors[field] = { key: 'invalid', values: { addresses: invalid.join(', ') } };
  }
  if (!values.to.length) errors.to = { key: 'toRequired' };
  else if (!errors.to && values.to.length + values.cc.length > EMAIL_RECIPIENTS_MAX)
    errors.to = { key: 'tooMany', values: { max: EMAIL_RECIPIENTS_MAX } };
  const subject = values.subject.trim();
  if (!subject) errors.subject = { key: 'subjectRequired' };
  else if (charCount(subject) > LIMITS.subject) errors.subject = { key: 'tooLong' };
  const body = values.body.trim();
  if (!body) errors.body = { key: 'bodyRequired' };
  else if (charCount(body) > LIMITS.body) errors.body = { key: 'tooLong' };
  return errors;
}

/** The recipients as the server takes them: trimmed, lower case, each once (a Cc also in To goes). */
export function normalizedRecipients(values: Pick<ComposeValues, 'to' | 'cc'>): {
  to: string[];
  cc: string[];
} {
  const to = [...new Set(values.to.map(normalizeAddress))];
  const cc = [...new Set(values.cc.map(normalizeAddress))].filter((address) => !to.includes(address));
  return { to, cc };
}

/** An attachment's bytes, as getEmailAttachment sends them (base64), as a file. */
export function base64ToBlob(data: string, mimeType: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mimeType || 'application/octet-stream' });
}

/** Saves a file through a temporary link (the browser's download). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
