/**
 * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum GCS reports as `crc32c`:
 * base64 of the 4-byte big-endian value. Clients (e.g. @google-cloud/storage) validate downloads
 * against it, so it must be exact.
 */
const TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Continue a CRC over more bytes; start with `crc32c(bytes)` or pass the previous result. */
export function crc32c(bytes: Uint8Array, previous = 0): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function crc32cBase64(value: number): string {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(value >>> 0, 0);
  return buf.toString('base64');
}
