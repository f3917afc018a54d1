/**
 * multipart/related parser for object uploads: part 1 is the JSON metadata, part 2 the bytes.
 * Throws MultipartError with a client-facing message on anything malformed.
 */

export class MultipartError extends Error {}

export interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

export function boundaryOf(contentType: string | undefined): string {
  if (!contentType) throw new MultipartError('Missing Content-Type header for a multipart upload.');
  if (!/^\s*multipart\/(related|mixed|form-data)\s*(;|$)/i.test(contentType)) {
    throw new MultipartError(`Bad content type. Expected multipart/related, got "${contentType}".`);
  }
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new MultipartError('The multipart Content-Type has no boundary parameter.');
  return boundary;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const i = line.indexOf(':');
    if (i <= 0) throw new MultipartError(`Malformed multipart part header: "${line}".`);
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

export function parseMultipart(contentType: string | undefined, body: Buffer): Part[] {
  const boundary = boundaryOf(contentType);
  const delim = Buffer.from(`--${boundary}`);
  let pos = body.indexOf(delim);
  if (pos < 0) throw new MultipartError('Multipart body does not contain its boundary.');
  const parts: Part[] = [];
  for (;;) {
    pos += delim.length;
    // "--" right after a delimiter closes the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    // Skip transport padding and the CRLF ending the delimiter line.
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    else if (body[pos] === 0x0a) pos += 1;
    else throw new MultipartError('Malformed multipart delimiter line.');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delim]), pos);
    const nextLf = next < 0 ? body.indexOf(Buffer.concat([Buffer.from('\n'), delim]), pos) : -1;
    if (next < 0 && nextLf < 0)
      throw new MultipartError('Multipart body is truncated (no closing boundary).');
    const end = next >= 0 ? next : nextLf;
    const part = body.subarray(pos, end);
    let sep = part.indexOf('\r\n\r\n');
    let sepLen = 4;
    // No headers at all: the part begins with the blank line.
    if (part[0] === 0x0d && part[1] === 0x0a) {
      sep = 0;
      sepLen = 2;
    } else if (part[0] === 0x0a) {
      sep = 0;
      sepLen = 1;
    }
    if (sep < 0) {
      sep = part.indexOf('\n\n');
      sepLen = 2;
    }
    if (sep < 0) {
      // A part with headers only and an empty body ("headers\r\n\r\n" cut to "headers\r\n").
      parts.push({ headers: parseHeaders(part.toString('utf8')), body: Buffer.alloc(0) });
    } else {
      parts.push({
        headers: parseHeaders(part.subarray(0, sep).toString('utf8')),
        body: Buffer.from(part.subarray(sep + sepLen)),
      });
    }
    pos = end + (next >= 0 ? 2 : 1);
  }
}

/** The two parts of an object upload: JSON metadata and the media bytes. */
export function parseObjectUpload(
  contentType: string | undefined,
  body: Buffer,
): { metadata: unknown; data: Buffer; dataContentType?: string } {
  const parts = parseMultipart(contentType, body);
  if (parts.length !== 2) {
    throw new MultipartError(
      `A multipart upload needs exactly 2 parts (metadata, media); got ${parts.length}.`,
    );
  }
  let metadata: unknown;
  try {
    const text = parts[0].body.toString('utf8').trim();
    metadata = text ? JSON.parse(text) : {};
  } catch {
    throw new MultipartError('The first multipart part must be JSON object metadata.');
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw new MultipartError('The first multipart part must be JSON object metadata.');
  }
  return { metadata, data: parts[1].body, dataContentType: parts[1].headers['content-type'] };
}
