import {
  connectStorageEmulator,
  deleteObject,
  getBlob,
  getStorage,
  ref,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { documentStoragePath, uploadMetadata } from '@trato/model';
import { getCoreServices } from './app';

const CACHE_KEY = Symbol.for('trato.firebase.storage');
type CacheHolder = { [CACHE_KEY]?: FirebaseStorage };

/** Cloud Storage: only /documentos needs it, so this module loads with that screen. */
function storage(): FirebaseStorage {
  const holder = globalThis as CacheHolder;
  const cached = holder[CACHE_KEY];
  if (cached) return cached;
  const { app, config } = getCoreServices();
  const instance = getStorage(app);
  if (config.emulators)
    connectStorageEmulator(instance, config.emulators.storage.host, config.emulators.storage.port);
  holder[CACHE_KEY] = instance;
  return instance;
}

export interface FileUpload {
  /** The object's path: organizations/{orgId}/documents/{documentId}/{fileName}. */
  storagePath: string;
  /** Settles when every byte is stored; rejects with code 'storage/canceled' after `cancel()`. */
  done: Promise<void>;
  cancel(): void;
}

/** Starts a resumable upload of a document's file, reporting the bytes sent so far. */
export function uploadDocumentFile(
  organizationId: string,
  documentId: string,
  file: File,
  onProgress: (bytesSent: number) => void,
): FileUpload {
  const storagePath = documentStoragePath(organizationId, documentId, file.name);
  const task = uploadBytesResumable(ref(storage(), storagePath), file, uploadMetadata(file));
  // Resumable (issue 35): the connection lost mid-upload pauses it, and its return resumes it from
  // the last chunk the server has (the SDK's own retries give up after maxUploadRetryTime).
  const pause = () => task.pause();
  const resume = () => task.resume();
  window.addEventListener('offline', pause);
  window.addEventListener('online', resume);
  const stop = () => {
    window.removeEventListener('offline', pause);
    window.removeEventListener('online', resume);
  };
  const done = new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onProgress(snapshot.bytesTransferred),
      (error) => {
        stop();
        reject(error);
      },
      () => {
        stop();
        resolve();
      },
    );
  });
  return { storagePath, done, cancel: () => void task.cancel() };
}

/** The stored bytes of a document's file. */
export function downloadDocumentFile(storagePath: string): Promise<Blob> {
  return getBlob(ref(storage(), storagePath));
}

/** Removes a document's file; one that is already gone counts as removed. */
export async function deleteDocumentFile(storagePath: string): Promise<void> {
  try {
    await deleteObject(ref(storage(), storagePath));
  } catch (error) {
    if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
  }
}
