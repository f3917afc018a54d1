import { UPLOAD_MAX_BYTES, uploadMetadata } from '@trato/model';

/** Why a file is refused before any byte is sent (the catalogue's `refused.*` texts). */
export type UploadRefusal = 'noFolder' | 'tooLarge';

/**
 * Checked before an upload starts: at the root with no folder yet, the spec asks for a folder
 * first ('Crea una carpeta primero'); a file over the limit would be refused by storage.rules
 * after its bytes were sent, so it is refused here instead.
 */
export function refusalOf(file: { size: number }, place: { folderId: string | null; hasFolders: boolean }) {
  if (place.folderId === null && !place.hasFolders) return 'noFolder' satisfies UploadRefusal;
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge' satisfies UploadRefusal;
  return null;
}

/** What uploading a document needs: the Storage upload, the record's write, the file's removal. */
export interface UploadSteps {
  upload(
    documentId: string,
    file: File,
    onProgress: (bytesSent: number) => void,
  ): {
    storagePath: string;
    done: Promise<void>;
    cancel(): void;
  };
  createRecord(documentId: string, record: Record<string, unknown>): Promise<unknown>;
  removeFile(storagePath: string): Promise<void>;
}

/** The document record of an uploaded file (its type as stored: see `uploadMetadata`). */
export function documentRecord(file: File, storagePath: string, folderId: string | null) {
  return {
    fileName: file.name,
    storagePath,
    size: file.size,
    mimeType: uploadMetadata(file).contentType,
    folderId,
  };
}

/**
 * Uploads a file, then writes its record: the record never names a file that is not stored. When
 * the record cannot be written the file is removed again (storage.rules lets the uploader remove
 * a file no record points to), so a failed upload leaves nothing behind; the record's error is
 * the one reported.
 */
export function uploadDocument(
  steps: UploadSteps,
  documentId: string,
  file: File,
  folderId: string | null,
  onProgress: (bytesSent: number) => void,
): { done: Promise<void>; cancel(): void } {
  const upload = steps.upload(documentId, file, onProgress);
  const done = upload.done.then(async () => {
    try {
      await steps.createRecord(documentId, documentRecord(file, upload.storagePath, folderId));
    } catch (error) {
      await steps.removeFile(upload.storagePath).catch(() => undefined);
      throw error;
    }
  });
  return { done, cancel: upload.cancel };
}

/** A document's icon family, from its type (and its extension when the type says little). */
export type FileKind = 'pdf' | 'image' | 'sheet' | 'doc' | 'slides' | 'archive' | 'text' | 'other';

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  xls: 'sheet',
  xlsx: 'sheet',
  csv: 'sheet',
  ods: 'sheet',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
  rtf: 'doc',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  gz: 'archive',
  txt: 'text',
  md: 'text',
};

export function fileKindOf(mimeType: string, fileName: string): FileKind {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.startsWith('image/')) return 'image';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? (mimeType.startsWith('text/') ? 'text' : 'other');
}
