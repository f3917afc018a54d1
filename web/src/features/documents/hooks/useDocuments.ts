import { useCallback, useMemo, useRef, useState } from 'react';
import {
  documentStoragePath,
  FOLDER_MAX_DEPTH,
  type DocumentFile,
  type Folder,
  type WithId,
} from '@trato/model';
import {
  createRecord,
  deleteRecord,
  firstMatches,
  newRecordId,
  orgRecordPath,
  orgRequest,
  orgTarget,
  useDocumentChain,
} from '@/firebase/dataApi';
import { refusalOf, uploadDocument, type UploadRefusal } from '../utils/upload';

/** The Storage SDK loads with the first upload, download or delete, not with the page. */
const storage = () => import('@/firebase/storage');

/**
 * The folder shown and its ancestors, root first, live (a rename shows at once). Folders nest at
 * most FOLDER_MAX_DEPTH levels, so the chain is that many document listeners at most.
 */
export function useFolderTrail(organizationId: string, folderId: string | null) {
  const chain = useDocumentChain(
    folderId ? orgRecordPath(organizationId, 'folders', folderId) : null,
    (folder) => (folder.parentId ? orgRecordPath(organizationId, 'folders', folder.parentId) : null),
    FOLDER_MAX_DEPTH,
  );
  if (!folderId) return { status: 'success' as const, trail: [] as WithId<Folder>[], missing: false };
  if (chain.status === 'error')
    return { status: 'error' as const, trail: [], missing: false, error: chain.error };
  if (chain.status === 'loading') return { status: 'loading' as const, trail: [], missing: false };
  if (chain.data[0] === null) return { status: 'success' as const, trail: [], missing: true };
  const trail: WithId<Folder>[] = [];
  for (const folder of chain.data) {
    if (!folder) break;
    trail.unshift(folder);
    if (!folder.parentId) return { status: 'success' as const, trail, missing: false };
  }
  return { status: 'loading' as const, trail, missing: false };
}

/** Whether a folder holds anything (a subfolder or a document): one read of each at most. */
export async function folderIsEmpty(organizationId: string, folderId: string): Promise<boolean> {
  const [folders, documents] = await Promise.all([
    firstMatches(orgRequest(organizationId, 'folders.byParent', { parentId: folderId }), 1),
    firstMatches(orgRequest(organizationId, 'documents.byFolder', { folderId }), 1),
  ]);
  return folders.length === 0 && documents.length === 0;
}

export function createFolder(organizationId: string, name: string, parentId: string | null) {
  return createRecord(orgTarget(organizationId, 'folders'), { name, parentId });
}

export function deleteFolder(organizationId: string, folderId: string) {
  return deleteRecord(orgTarget(organizationId, 'folders'), folderId);
}

/**
 * The file first, then the record. A file already gone counts as removed, so when the record's
 * delete fails, trying again finishes the job; the other order could leave a file that no record
 * points to and nobody sees.
 */
export async function deleteDocument(organizationId: string, document: WithId<DocumentFile>) {
  await (await storage()).deleteDocumentFile(document.storagePath);
  await deleteRecord(orgTarget(organizationId, 'documents'), document.id);
}

/** Saves a document's file under its original name. */
export async function downloadDocument(document: DocumentFile) {
  const blob = await (await storage()).downloadDocumentFile(document.storagePath);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: document.fileName });
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An upload whose SDK is still loading: cancel before it starts stops it at the start. */
function lazyUpload(
  organizationId: string,
  documentId: string,
  file: File,
  onProgress: (sent: number) => void,
) {
  let canceled = false;
  let cancelStarted = () => {};
  const started = storage().then(({ uploadDocumentFile }) => {
    const upload = uploadDocumentFile(organizationId, documentId, file, onProgress);
    cancelStarted = upload.cancel;
    if (canceled) upload.cancel();
    return upload;
  });
  return {
    storagePath: documentStoragePath(organizationId, documentId, file.name),
    done: started.then((upload) => upload.done),
    cancel: () => {
      canceled = true;
      cancelStarted();
    },
  };
}

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: 'uploading' | 'done' | 'error' | 'canceled';
  error?: unknown;
}

/** The uploads of this page: each file's progress, cancel, and its outcome. */
export function useUploads(organizationId: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const cancels = useRef(new Map<string, () => void>());
  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  /**
   * Starts every file that may be uploaded here and returns the refused ones with their reason;
   * `onSettled` hears each upload's outcome.
   */
  const start = useCallback(
    (
      files: File[],
      place: { folderId: string | null; hasFolders: boolean },
      onSettled: (item: UploadItem) => void,
    ): Array<{ file: File; refusal: UploadRefusal }> => {
      const refused: Array<{ file: File; refusal: UploadRefusal }> = [];
      const target = orgTarget(organizationId, 'documents');
      for (const file of files) {
        const refusal = refusalOf(file, place);
        if (refusal) {
          refused.push({ file, refusal });
          continue;
        }
        const key = newRecordId(target);
        const item: UploadItem = { key, name: file.name, size: file.size, sent: 0, status: 'uploading' };
        setItems((list) => [...list, item]);
        const upload = uploadDocument(
          {
            upload: (id, f, onProgress) => lazyUpload(organizationId, id, f, onProgress),
            createRecord: (id, record) => createRecord(target, record, id),
            removeFile: async (path) => (await storage()).deleteDocumentFile(path),
          },
          key,
          file,
          place.folderId,
          (sent) => patch(key, { sent }),
        );
        cancels.current.set(key, upload.cancel);
        upload.done.then(
          () => {
            patch(key, { status: 'done', sent: file.size });
            onSettled({ ...item, status: 'done' });
          },
          (error: unknown) => {
            const canceled = (error as { code?: string }).code === 'storage/canceled';
            patch(key, { status: canceled ? 'canceled' : 'error', error });
            onSettled({ ...item, status: canceled ? 'canceled' : 'error', error });
          },
        );
      }
      return refused;
    },
    [organizationId, patch],
  );

  const cancel = useCallback((key: string) => cancels.current.get(key)?.(), []);
  /** Clears the finished ones (done, failed, canceled) from the panel. */
  const dismiss = useCallback(
    () => setItems((list) => list.filter((item) => item.status === 'uploading')),
    [],
  );
  const active = useMemo(() => items.some((item) => item.status === 'uploading'), [items]);
  return { items, start, cancel, dismiss, active };
}
