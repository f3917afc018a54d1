// Cloud Storage, loaded on demand (dynamic import: ~18 KB that only uploads and downloads need).
import {
  connectStorageEmulator,
  deleteObject,
  getBlob,
  getStorage,
  ref,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { uploadMetadata } from '@trato/model';
import { portalServices } from './services';

let instance: FirebaseStorage | null = null;

function storage(): FirebaseStorage {
  if (instance) return instance;
  const { app, config } = portalServices();
  instance = getStorage(app);
  if (config.emulators)
    connectStorageEmulator(instance, config.emulators.storage.host, config.emulators.storage.port);
  return instance;
}

/**
 * Stores a file at `path`, reporting the bytes sent so far. Passive types (PDF, images, text) are
 * stored as they are; any other (Word, Excel) with `contentDisposition: attachment` (the rules
 * refuse them otherwise: model uploadMetadata).
 */
export function uploadPortalFile(
  path: string,
  file: File,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const task = uploadBytesResumable(ref(storage(), path), file, uploadMetadata(file));
  return new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onProgress(snapshot.bytesTransferred),
      reject,
      () => resolve(),
    );
  });
}

/** Removes a staged file; one already gone counts as removed. */
export async function deletePortalFile(path: string): Promise<void> {
  try {
    await deleteObject(ref(storage(), path));
  } catch (error) {
    if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
  }
}

export function downloadPortalFile(path: string): Promise<Blob> {
  return getBlob(ref(storage(), path));
}
