// A Gmail API message (users.messages.get, format 'full' or 'metadata') as the mail sync keeps
// it: its headers read (Gmail decodes RFC 2047 in format full and metadata), its addresses parsed
// (nodemailer's addressparser), its text and HTML parts decoded in their charset, its attachments
// listed, and the HTML sanitised (sanitize-html: an allow-list of tags and attributes, no script,
// style, event handler, form or frame; links open in a new tab) before anything stores it.
import addressparser from 'nodemailer/lib/addressparser';
import type { gmail_v1 } from 'googleapis';

import { EMAIL_BODY_MAX_CHARS, type EmailAttachmentInfo, type MailParty } from '@trato/model';

/** The headers the sync reads (format 'metadata' asks for these only). */
export const SYNC_HEADERS = [
  'From',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Content-Type',
  'X-Failed-Recipients',
] as const;

export interface ParsedMail {
  gmailId: string;
  threadId: string;
  labelIds: string[];
  /** Gmail's internalDate (ms): when it was sent or received. */
  dateMs: number;
  snippet: string;
  headers: Record<string, string>;
  from: MailParty | null;
  to: MailParty[];
  cc: MailParty[];
  subject: string;
  messageIdHeader: string | null;
  inReplyTo: string | null;
  references: string | null;
  contentType: string | null;
  text: string | null;
  html: string | null;
  attachments: EmailAttachmentInfo[];
}

/** Every address of a header value ('Ana <a@b.c>, d@e.f', groups flattened). */
export function parseAddresses(value: string | undefined): MailParty[] {
  if (!value) return [];
  const out: MailParty[] = [];
  const walk = (entries: ReturnType<typeof addressparser>) => {
    for (const entry of entries) {
      if ('group' in entry && entry.group) walk(entry.group);
      else if ('address' in entry && entry.address)
        out.push({ name: entry.name ? entry.name : null, address: entry.address });
    }
  };
  walk(addressparser(value));
  return out;
}

/** A part's charset from its Content-Type header (utf-8 when absent or unknown). */
function charsetOf(part: gmail_v1.Schema$MessagePart): string {
  const type = part.headers?.find((h) => h.name?.toLowerCase() === 'content-type')?.value ?? '';
  return /charset="?([^";\s]+)"?/i.exec(type)?.[1]?.toLowerCase() ?? 'utf-8';
}

function decodeBody(part: gmail_v1.Schema$MessagePart): string {
  const bytes = Buffer.from(part.body?.data ?? '', 'base64url');
  try {
    return new TextDecoder(charsetOf(part)).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The first text/plain and text/html leaves that are not attachments, and the attachments. */
function walkParts(root: gmail_v1.Schema$MessagePart | undefined) {
  let text: string | null = null;
  let html: string | null = null;
  const attachments: EmailAttachmentInfo[] = [];
  const visit = (part: gmail_v1.Schema$MessagePart) => {
    if (part.parts?.length) {
      for (const child of part.parts) visit(child);
      return;
    }
    const type = (part.mimeType ?? '').toLowerCase();
    if (part.filename) {
      attachments.push({
        index: attachments.length,
        filename: part.filename,
        mimeType: type || 'application/octet-stream',
        size: part.body?.size ?? 0,
      });
    } else if (type === 'text/plain' && text === null) text = decodeBody(part);
    else if (type === 'text/html' && html === null) html = decodeBody(part);
  };
  if (root) visit(root);
  return { text, html, attachments };
}

/** The attachment part at `index` (in walkParts order), for getEmailAttachment. */
export function attachmentPart(
  root: gmail_v1.Schema$MessagePart | undefined,
  index: number,
): gmail_v1.Schema$MessagePart | null {
  const found: gmail_v1.Schema$MessagePart[] = [];
  const visit = (part: gmail_v1.Schema$MessagePart) => {
    if (part.parts?.length) part.parts.forEach(visit);
    else if (part.filename) found.push(part);
  };
  if (root) visit(root);
  return found[index] ?? null;
}

export function parseGmailMessage(message: gmail_v1.Schema$Message): ParsedMail {
  const headers: Record<string, string> = {};
  for (const h of message.payload?.headers ?? [])
    if (h.name && h.value !== undefined && h.value !== null && !(h.name.toLowerCase() in headers))
      headers[h.name.toLowerCase()] = h.value;
  const { text, html, attachments } = walkParts(message.payload);
  const gmailId = message.id ?? '';
  return {
    gmailId,
    threadId: message.threadId ?? gmailId,
    labelIds: message.labelIds ?? [],
    dateMs: Number(message.internalDate ?? 0) || Date.parse(headers.date ?? '') || 0,
    snippet: message.snippet ?? '',
    headers,
    from: parseAddresses(headers.from)[0] ?? null,
    to: parseAddresses(headers.to),
    cc: parseAddresses(headers.cc),
    subject: headers.subject ?? '',
    messageIdHeader: headers['message-id'] ?? null,
    inReplyTo: headers['in-reply-to'] ?? null,
    references: headers.references ?? null,
    contentType: headers['content-type'] ?? message.payload?.mimeType ?? null,
    text,
    html,
    attachments,
  };
}

// sanitize-html (with postcss and htmlparser2) is loaded on first use, as googleapis is: every
// other function's cold start is spared it.
let sanitizer: Promise<typeof import('sanitize-html')> | undefined;
const loadSanitizer = () => (sanitizer ??= import('sanitize-html').then((m) => m.default ?? m));

/**
 * What the web may render of an e-mail's HTML: formatting, links, tables and images (the web
 * loads no remote image until asked), nothing that runs or submits.
 */
export async function sanitizeEmailHtml(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizer();
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
      'img',
      'font',
      'center',
    ],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      font: ['color', 'size'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      table: ['width', 'cellpadding', 'cellspacing', 'border', 'align'],
      '*': ['align', 'dir'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'http', 'cid', 'data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    },
    // The content of these goes with them (sanitize-html's default already drops script/style).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  });
}

/**
 * Text and HTML within EMAIL_BODY_MAX_CHARS together: beyond it the text is cut (the HTML's own
 * text when the message has none) and the HTML dropped (half a tag renders badly).
 */
export async function boundedBody(text: string | null, html: string | null) {
  if ((text?.length ?? 0) + (html?.length ?? 0) <= EMAIL_BODY_MAX_CHARS)
    return { text, html, truncated: false };
  const sanitizeHtml = await loadSanitizer();
  const plain =
    text ?? (html === null ? null : sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }));
  const keptText = plain === null ? null : plain.slice(0, EMAIL_BODY_MAX_CHARS);
  const room = EMAIL_BODY_MAX_CHARS - (keptText?.length ?? 0);
  return { text: keptText, html: html !== null && html.length <= room ? html : null, truncated: true };
}
