/**
 * RFC 5322 / MIME for the local Gmail, both ways. Reading: a stored message's raw bytes become
 * its MIME tree (headers unfolded, multipart bodies split at their boundaries, transfer encodings
 * undone) and from it Gmail's `payload` (MessagePart), snippet and attachments. Writing: the
 * messages the local Google delivers itself (a reply or a bounce from the test controls, the
 * mailbox page's forms), with RFC 2047 headers, quoted-printable text and base64 attachments.
 */
import { randomBytes } from 'node:crypto';

export interface Header {
  name: string;
  value: string;
}

export interface MimeNode {
  /** As in the message: unfolded, not decoded. */
  headers: Header[];
  /** Lower case, e.g. `text/plain` (the default when there is no Content-Type). */
  type: string;
  /** Content-Type parameters, lower-case names, RFC 2231 values decoded. */
  params: Record<string, string>;
  disposition: string | null;
  dispositionParams: Record<string, string>;
  /** Content-Transfer-Encoding, lower case (`7bit` by default). */
  encoding: string;
  /** The body as it appears in the message (still transfer-encoded). */
  body: Buffer;
  /** For multipart/*: the parts, in order. */
  children: MimeNode[];
}

// --- Reading -------------------------------------------------------------------------------

/** Where the header section ends: the index of the blank line's first byte, and the body's start. */
export function headerEnd(raw: Buffer): { end: number; bodyStart: number } {
  if (raw[0] === 0x0a) return { end: 0, bodyStart: 1 };
  if (raw[0] === 0x0d && raw[1] === 0x0a) return { end: 0, bodyStart: 2 };
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return { end: raw.length, bodyStart: raw.length };
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return { end: crlf + 2, bodyStart: crlf + 4 };
  return { end: lf + 1, bodyStart: lf + 2 };
}

/** The header lines of a header section, folded lines joined (the CRLF removed, RFC 5322 2.2.3). */
export function parseHeaders(section: string): Header[] {
  const out: Header[] = [];
  for (const line of section.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length) {
      out[out.length - 1].value += line;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1) });
  }
  for (const h of out) h.value = h.value.trim();
  return out;
}

export const headerValue = (headers: Header[], name: string): string | undefined =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** `type/subtype; a=b; c="d"` → value and parameters (RFC 2231 continuations and charsets decoded). */
export function parseStructured(value: string): { value: string; params: Record<string, string> } {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\' && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ';' && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  const main = (parts.shift() ?? '').trim().toLowerCase();
  const plain: Record<string, string> = {};
  const pieces: Record<string, { index: number; encoded: boolean; text: string }[]> = {};
  for (const p of parts) {
    const eq = p.indexOf('=');
    if (eq === -1) continue;
    const key = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1).replace(/\\(.)/g, '$1');
    const m = /^([^*]+)\*(?:(\d+)\*?|)$/.exec(key);
    if (m && key.includes('*')) {
      const encoded = key.endsWith('*');
      (pieces[m[1]] ??= []).push({ index: m[2] === undefined ? 0 : Number(m[2]), encoded, text: v });
    } else plain[key] = v;
  }
  for (const [name, list] of Object.entries(pieces)) {
    list.sort((a, b) => a.index - b.index);
    let charset = 'utf-8';
    const bytes: number[] = [];
    for (const [i, piece] of list.entries()) {
      let text = piece.text;
      if (piece.encoded && i === 0) {
        const m = /^([^']*)'[^']*'(.*)$/.exec(text);
        if (m) {
          charset = m[1] || 'utf-8';
          text = m[2];
        }
      }
      if (piece.encoded) {
        for (let j = 0; j < text.length; j++) {
          if (text[j] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(j + 1, j + 3))) {
            bytes.push(parseInt(text.slice(j + 1, j + 3), 16));
            j += 2;
          } else bytes.push(...Buffer.from(text[j], 'utf8'));
        }
      } else bytes.push(...Buffer.from(text, 'utf8'));
    }
    plain[name] = decodeCharset(Buffer.from(bytes), charset);
  }
  for (const k of Object.keys(plain)) plain[k] = decodeWords(plain[k]);
  return { value: main, params: plain };
}

export function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(label === 'us-ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`) decoded; whitespace between adjacent ones dropped. */
export function decodeWords(value: string): string {
  if (!value.includes('=?')) return value;
  const word = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;
  const segments: ({ text: string } | { charset: string; bytes: Buffer })[] = [];
  let last = 0;
  for (const m of value.matchAll(word)) {
    const between = value.slice(last, m.index);
    const previous = segments[segments.length - 1];
    if (!(previous && 'bytes' in previous && /^\s*$/.test(between))) {
      if (between) segments.push({ text: between });
    }
    const charset = m[1].split('*')[0].toLowerCase();
    const bytes =
      m[2].toLowerCase() === 'b'
        ? Buffer.from(m[3], 'base64')
        : decodeQuotedPrintable(Buffer.from(m[3].replace(/_/g, ' '), 'latin1'));
    const tail = segments[segments.length - 1];
    if (tail && 'bytes' in tail && tail.charset === charset && /^\s*$/.test(between))
      tail.bytes = Buffer.concat([tail.bytes, bytes]);
    else segments.push({ charset, bytes });
    last = m.index + m[0].length;
  }
  if (last < value.length) segments.push({ text: value.slice(last) });
  return segments.map((s) => ('text' in s ? s.text : decodeCharset(s.bytes, s.charset))).join('');
}

export function decodeQuotedPrintable(input: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c !== 0x3d) {
      out.push(c);
      continue;
    }
    // `=` at a line end is a soft line break; `=XX` a byte.
    if (input[i + 1] === 0x0d && input[i + 2] === 0x0a) i += 2;
    else if (input[i + 1] === 0x0a) i += 1;
    else {
      const hex = input.subarray(i + 1, i + 3).toString('latin1');
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(c);
    }
  }
  return Buffer.from(out);
}

/** Splits a multipart body at its boundary: the parts' bytes (preamble and epilogue dropped). */
function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let partStart = -1;
  let at = text.indexOf(delimiter);
  while (at !== -1) {
    const atLineStart = at === 0 || text[at - 1] === '\n';
    const after = at + delimiter.length;
    const closing = text.startsWith('--', after);
    const lineEnd = text.indexOf('\n', after);
    const rest = text.slice(after + (closing ? 2 : 0), lineEnd === -1 ? text.length : lineEnd);
    if (atLineStart && /^[ \t\r]*$/.test(rest)) {
      if (partStart !== -1) {
        let end = at;
        if (text[end - 1] === '\n') end--;
        if (text[end - 1] === '\r') end--;
        parts.push(body.subarray(partStart, Math.max(partStart, end)));
      }
      if (closing) return parts;
      partStart = lineEnd === -1 ? text.length : lineEnd + 1;
    }
    at = text.indexOf(delimiter, after);
  }
  // No closing delimiter: the last part runs to the end.
  if (partStart !== -1) parts.push(body.subarray(partStart));
  return parts;
}

/** The MIME tree of a message (or of a part: `defaultType` is message/rfc822 inside a digest). */
export function parseMime(raw: Buffer, defaultType = 'text/plain', depth = 0): MimeNode {
  const { end, bodyStart } = headerEnd(raw);
  const headers = parseHeaders(raw.subarray(0, end).toString('utf8'));
  const ct = headerValue(headers, 'content-type');
  const parsedType = ct ? parseStructured(ct) : { value: defaultType, params: {} };
  const type = /^[^/\s]+\/[^/\s]+$/.test(parsedType.value) ? parsedType.value : 'text/plain';
  const cd = headerValue(headers, 'content-disposition');
  const disposition = cd ? parseStructured(cd) : null;
  const node: MimeNode = {
    headers,
    type,
    params: parsedType.params,
    disposition: disposition?.value ?? null,
    dispositionParams: disposition?.params ?? {},
    encoding: (headerValue(headers, 'content-transfer-encoding') ?? '7bit').trim().toLowerCase(),
    body: raw.subarray(bodyStart),
    children: [],
  };
  if (type.startsWith('multipart/') && node.params.boundary && depth < 20) {
    const childType = type === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
    node.children = splitMultipart(node.body, node.params.boundary).map((part) =>
      parseMime(part, childType, depth + 1),
    );
  }
  return node;
}

/** A leaf's content with its transfer encoding undone. */
export function decodedBody(node: MimeNode): Buffer {
  if (node.encoding === 'base64')
    return Buffer.from(node.body.toString('latin1').replace(/[^A-Za-z0-9+/=_-]/g, ''), 'base64');
  if (node.encoding === 'quoted-printable') return decodeQuotedPrintable(node.body);
  return node.body;
}

/** The part's file name (Content-Disposition filename, else Content-Type name), '' when none. */
export const filenameOf = (node: MimeNode): string =>
  node.dispositionParams.filename ?? node.params.name ?? '';

/** Gmail's `data` fields: base64url, padded. */
export const gmailBase64 = (bytes: Buffer): string =>
  bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

// --- Gmail's MessagePart -------------------------------------------------------------------

export interface GmailPart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Header[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

const ATTACHMENT_PREFIX = 'ANGjdJ';

/** An opaque attachment id naming the message and the part. */
export function attachmentIdOf(messageId: string, partId: string): string {
  return `${ATTACHMENT_PREFIX}${Buffer.from(`${messageId}:${partId}`, 'utf8').toString('base64url')}`;
}

export function parseAttachmentId(id: string): { messageId: string; partId: string } | null {
  if (!id.startsWith(ATTACHMENT_PREFIX)) return null;
  const text = Buffer.from(id.slice(ATTACHMENT_PREFIX.length), 'base64url').toString('utf8');
  const m = /^([0-9a-f]+):([0-9.]*)$/.exec(text);
  return m ? { messageId: m[1], partId: m[2] } : null;
}

/** Header values as Gmail's API gives them: RFC 2047 words decoded. */
const decodedHeaders = (headers: Header[]): Header[] =>
  headers.map((h) => ({ name: h.name, value: decodeWords(h.value) }));

/**
 * Gmail's `payload`: partId '' for the message, '0', '1'… for its parts and '1.0'… below them;
 * multipart containers have an empty body and `parts`; a leaf with a file name is an attachment
 * (`body.attachmentId`, no data), any other leaf carries its decoded bytes in `body.data`.
 */
export function gmailPayload(root: MimeNode, messageId: string): GmailPart {
  const walk = (node: MimeNode, partId: string): GmailPart => {
    const filename = filenameOf(node);
    const part: GmailPart = {
      partId,
      mimeType: node.type,
      filename,
      headers: decodedHeaders(node.headers),
      body: { size: 0 },
    };
    if (node.type.startsWith('multipart/')) {
      part.parts = node.children.map((c, i) => walk(c, partId === '' ? String(i) : `${partId}.${i}`));
      return part;
    }
    const bytes = decodedBody(node);
    if (filename) part.body = { attachmentId: attachmentIdOf(messageId, partId), size: bytes.length };
    else part.body = bytes.length ? { size: bytes.length, data: gmailBase64(bytes) } : { size: 0 };
    return part;
  };
  return walk(root, '');
}

/** The node with Gmail's `partId`, or undefined. */
export function nodeAt(root: MimeNode, partId: string): MimeNode | undefined {
  if (partId === '') return root;
  let node: MimeNode | undefined = root;
  for (const i of partId.split('.')) node = node?.children[Number(i)];
  return node;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
        );
      return ENTITIES[e.toLowerCase()] ?? all;
    });
}

/** The first text part that is not an attachment: text/plain preferred, else HTML as text. */
export function bodyText(root: MimeNode): string {
  const leaves: MimeNode[] = [];
  const walk = (n: MimeNode) => {
    if (n.type.startsWith('multipart/')) n.children.forEach(walk);
    else if (!filenameOf(n) && n.disposition !== 'attachment') leaves.push(n);
  };
  walk(root);
  const plain = leaves.find((n) => n.type === 'text/plain');
  if (plain) return decodeCharset(decodedBody(plain), plain.params.charset);
  const html = leaves.find((n) => n.type === 'text/html');
  if (html) return textOfHtml(decodeCharset(decodedBody(html), html.params.charset));
  return '';
}

/** Gmail's snippet: the start of the text, whitespace collapsed, HTML-escaped as Gmail does. */
export function snippetOf(root: MimeNode): string {
  const text = bodyText(root).replace(/\s+/g, ' ').trim();
  const cut = [...text].slice(0, 200).join('').trimEnd();
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// --- Writing -------------------------------------------------------------------------------

export interface Address {
  name?: string;
  address: string;
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** A header value's non-ASCII text as RFC 2047 B words (whole UTF-8 characters per word). */
export function encodeWords(value: string): string {
  if (isAscii(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}

export function formatAddress(a: Address): string {
  const name = (a.name ?? '').trim();
  if (!name) return a.address;
  if (!isAscii(name)) return `${encodeWords(name)} <${a.address}>`;
  const quoted = /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
  return `${quoted} <${a.address}>`;
}

/** RFC 5322 date, in UTC: `Tue, 1 Jul 2025 10:00:00 +0000`. */
export function formatDate(d: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Folds an ASCII header line at spaces so that lines stay within 78 characters. */
function fold(line: string): string {
  if (line.length <= 78 || line.includes('\r\n')) return line;
  const words = line.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const w of words) {
    if (current && current.length + 1 + w.length > 78) {
      lines.push(current);
      current = w;
    } else current = current ? `${current} ${w}` : w;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

function encodeQuotedPrintable(text: string): string {
  const lines = text.replace(/\r?\n/g, '\n').split('\n');
  return lines
    .map((line) => {
      const bytes = Buffer.from(line, 'utf8');
      let out = '';
      let width = 0;
      const emit = (s: string) => {
        if (width + s.length > 75) {
          out += '=\r\n';
          width = 0;
        }
        out += s;
        width += s.length;
      };
      bytes.forEach((b, i) => {
        const last = i === bytes.length - 1;
        const literal = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
        emit(literal ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`);
      });
      return out;
    })
    .join('\r\n');
}

const base64Lines = (bytes: Buffer) => (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** A MIME entity being written: its content headers and its (already encoded) body. */
export interface Entity {
  headers: [string, string][];
  body: string | Buffer;
}

export function textEntity(subtype: 'plain' | 'html', text: string): Entity {
  const lines = text.replace(/\r?\n/g, '\n').split('\n');
  const plain = isAscii(text.replace(/[\r\n\t]/g, '')) && lines.every((l) => l.length <= 76);
  return plain
    ? {
        headers: [['Content-Type', `text/${subtype}; charset="UTF-8"`]],
        body: lines.join('\r\n'),
      }
    : {
        headers: [
          ['Content-Type', `text/${subtype}; charset="UTF-8"`],
          ['Content-Transfer-Encoding', 'quoted-printable'],
        ],
        body: encodeQuotedPrintable(text),
      };
}

function fileParam(name: string, value: string): string {
  if (isAscii(value)) return `${name}="${value.replace(/(["\\])/g, '\\$1')}"`;
  return `${name}*=UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function attachmentEntity(filename: string, contentType: string, content: Buffer): Entity {
  return {
    headers: [
      ['Content-Type', `${contentType}; ${fileParam('name', filename)}`],
      ['Content-Disposition', `attachment; ${fileParam('filename', filename)}`],
      ['Content-Transfer-Encoding', 'base64'],
    ],
    body: base64Lines(content),
  };
}

/** A 7bit (or 8bit) entity of any type, e.g. message/delivery-status. */
export function rawEntity(contentType: string, body: string | Buffer): Entity {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const eightBit = bytes.some((b) => b > 0x7f);
  return {
    headers: [
      ['Content-Type', contentType],
      ...(eightBit ? ([['Content-Transfer-Encoding', '8bit']] as [string, string][]) : []),
    ],
    body: bytes,
  };
}

export function multipartEntity(subtype: string, parts: Entity[], params = ''): Entity {
  const boundary = `000000000000${randomBytes(7).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${entityHead(part)}\r\n`));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: [['Content-Type', `multipart/${subtype}; boundary="${boundary}"${params}`]],
    body: Buffer.concat(chunks),
  };
}

const entityHead = (e: Entity) => e.headers.map(([k, v]) => `${fold(`${k}: ${v}`)}\r\n`).join('');

/** The whole message: header lines (values already encoded), MIME-Version, then the entity. */
export function buildMessage(headers: [string, string][], entity: Entity): Buffer {
  const head = [...headers, ['MIME-Version', '1.0'] as [string, string]]
    .map(([k, v]) => `${fold(`${k}: ${v}`)}\r\n`)
    .join('');
  const body = Buffer.isBuffer(entity.body) ? entity.body : Buffer.from(entity.body, 'utf8');
  return Buffer.concat([Buffer.from(`${head}${entityHead(entity)}\r\n`, 'utf8'), body]);
}

/** The header section with some headers left out (e.g. Bcc in a recipient's copy) and others put first. */
export function rewriteHeaders(raw: Buffer, drop: string[], prepend: [string, string][]): Buffer {
  const { end } = headerEnd(raw);
  const section = raw.subarray(0, end).toString('latin1');
  const eol = section.includes('\r\n') || end === 0 ? '\r\n' : '\n';
  const lines = section.split(/\r?\n/);
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    const name = line.slice(0, line.indexOf(':')).trim().toLowerCase();
    dropping = drop.includes(name);
    if (!dropping) kept.push(line);
  }
  while (kept.length && kept[kept.length - 1] === '') kept.pop();
  const head = [...prepend.map(([k, v]) => `${k}: ${v}`), ...kept].join(eol) + eol;
  return Buffer.concat([Buffer.from(head, 'latin1'), raw.subarray(end)]);
}
