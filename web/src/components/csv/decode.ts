// Bytes of an uploaded CSV → text. Spreadsheets save CSV in whatever the machine uses: UTF-8 with
// or without a BOM (Google Sheets, Numbers, Excel's "CSV UTF-8"), UTF-16 with a BOM (Excel's
// "Unicode text"), or Windows-1252 (Excel's plain "CSV" on a Spanish or English Windows). A file
// that is not valid UTF-8 is read as Windows-1252, so 'José Núñez' survives either way; the user
// may also force one.

export const ENCODING_CHOICES = ['auto', 'utf-8', 'windows-1252'] as const;
export type EncodingChoice = (typeof ENCODING_CHOICES)[number];
export type DetectedEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: DetectedEncoding;
}

function bomOf(bytes: Uint8Array): { encoding: DetectedEncoding; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Whether the bytes are valid UTF-8 (a Windows-1252 'é' alone is not). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The file's text, without its byte-order mark. */
export function decodeCsv(bytes: Uint8Array, choice: EncodingChoice = 'auto'): DecodedText {
  const bom = bomOf(bytes);
  let encoding: DetectedEncoding;
  if (choice !== 'auto') encoding = choice;
  else if (bom) encoding = bom.encoding;
  else encoding = isValidUtf8(bytes) ? 'utf-8' : 'windows-1252';
  const body = bom && bom.encoding === encoding ? bytes.subarray(bom.length) : bytes;
  // TextDecoder drops a UTF-8 BOM itself; the explicit cut covers every encoding alike.
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}
