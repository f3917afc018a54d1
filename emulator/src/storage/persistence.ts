/**
 * Export/import of all objects as a directory (format in README.md):
 *   <dir>/storage-index.json          { format, version, exportedAt, objects: [{...metadata, file}] }
 *   <dir>/blobs/<bucket>/<name path>  the object bytes as real files
 * The export is written to a sibling temp directory and renamed into place, so a reader never
 * sees a half-written export.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32c, crc32cBase64 } from './crc32c.js';
import type { ObjectMetadata, StoredObject } from './metadata.js';

export const INDEX_FILE = 'storage-index.json';
export const EXPORT_FORMAT = 'trato-storage-export';
export const EXPORT_VERSION = 1;

interface IndexEntry extends ObjectMetadata {
  /** Path of the bytes relative to the export directory, always with "/" separators. */
  file: string;
}

interface ExportIndex {
  format: string;
  version: number;
  exportedAt: string;
  objects: IndexEntry[];
}

/**
 * One path segment made safe as a file name: characters that are unsafe on common file systems
 * (and "~", reserved for our suffixes) are percent-encoded; "."/".."/"" and over-long segments
 * get escaped forms.
 */
const UNSAFE = '%\\:*?"<>|~';

function safeSegment(seg: string): string {
  if (seg === '') return '~empty';
  if (seg === '.' || seg === '..') return seg.replace(/\./g, '%2E');
  let enc = '';
  for (const c of seg) {
    const code = c.codePointAt(0)!;
    enc +=
      code < 0x20 || code === 0x7f || UNSAFE.includes(c)
        ? '%' + code.toString(16).toUpperCase().padStart(2, '0')
        : c;
  }
  if (Buffer.byteLength(enc) > 200) return '~h' + createHash('sha1').update(seg).digest('hex');
  return enc;
}

/** File paths for all objects; an object whose path is also needed as a directory gets "~object". */
export function blobPaths(objects: ObjectMetadata[]): Map<ObjectMetadata, string> {
  const files = new Map<ObjectMetadata, string>();
  const dirs = new Set<string>();
  for (const md of objects) {
    const segs = [safeSegment(md.bucket), ...md.name.split('/').map(safeSegment)];
    for (let i = 1; i < segs.length; i++) dirs.add(segs.slice(0, i).join('/'));
    files.set(md, segs.join('/'));
  }
  for (const [md, p] of files) if (dirs.has(p)) files.set(md, p + '~object');
  for (const [md, p] of files) files.set(md, 'blobs/' + p);
  return files;
}

export async function exportObjects(
  objects: Iterable<StoredObject>,
  dir: string,
): Promise<{ objects: number; dir: string }> {
  const target = path.resolve(dir);
  const list = [...objects];
  const paths = blobPaths(list.map((o) => o.metadata));
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await mkdir(tmp, { recursive: true });
    const index: ExportIndex = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      objects: [],
    };
    for (const obj of list) {
      const rel = paths.get(obj.metadata)!;
      const file = path.join(tmp, ...rel.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, obj.data);
      index.objects.push({ ...obj.metadata, file: rel });
    }
    await writeFile(path.join(tmp, INDEX_FILE), JSON.stringify(index, null, 2));
    // Swap: move any previous export aside, put the new one in place, then drop the old one.
    const old = `${target}.old-${randomBytes(6).toString('hex')}`;
    const hadOld = await stat(target).then(
      () => true,
      () => false,
    );
    if (hadOld) await rename(target, old);
    await rename(tmp, target);
    if (hadOld) await rm(old, { recursive: true, force: true });
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  return { objects: list.length, dir: target };
}

/** Reads an export; checks every blob's size and md5 so a damaged export fails loudly. */
export async function importObjects(dir: string): Promise<StoredObject[]> {
  const root = path.resolve(dir);
  const index = JSON.parse(await readFile(path.join(root, INDEX_FILE), 'utf8')) as ExportIndex;
  if (index.format !== EXPORT_FORMAT || index.version !== EXPORT_VERSION) {
    throw new Error(`${path.join(root, INDEX_FILE)} is not a ${EXPORT_FORMAT} v${EXPORT_VERSION} index.`);
  }
  const out: StoredObject[] = [];
  for (const entry of index.objects) {
    const { file, ...metadata } = entry;
    const full = path.resolve(root, ...file.split('/'));
    if (!full.startsWith(root + path.sep))
      throw new Error(`Export entry escapes the export directory: ${file}`);
    const data = await readFile(full);
    const md5 = createHash('md5').update(data).digest('base64');
    if (data.length !== metadata.size || md5 !== metadata.md5Hash) {
      throw new Error(`Export blob ${file} does not match its metadata (size or md5).`);
    }
    metadata.crc32c = crc32cBase64(crc32c(data));
    out.push({
      metadata: {
        ...metadata,
        customMetadata: metadata.customMetadata ?? {},
        downloadTokens: metadata.downloadTokens ?? [],
      },
      data,
    });
  }
  return out;
}
