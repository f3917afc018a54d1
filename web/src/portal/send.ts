import { portalPaths } from '@trato/model';
import type { PortalSession } from './context';
import { errorMessageKey } from './errors';
import type { PortalT } from './i18n';
import { SendError, sendWithUploads, type UploadProgress } from './uploads';

/**
 * Sends a message (a new ticket, a reply) with its files: staged in Storage first (the SDK loads
 * now, not with the page), then the callable with their upload ids; nothing left behind on failure.
 */
export async function sendWithFiles<T>(input: {
  session: PortalSession;
  files: readonly File[];
  send: (uploadIds: string[]) => Promise<T>;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<T> {
  if (input.files.length === 0) {
    try {
      return await input.send([]);
    } catch (error) {
      throw new SendError(error, 'send');
    }
  }
  const storage = await import('./firebase/storage');
  return sendWithUploads({
    files: input.files,
    pathOf: (uploadId, file) =>
      portalPaths.upload(input.session.organizationId, input.session.uid, uploadId, file.name),
    upload: storage.uploadPortalFile,
    remove: storage.deletePortalFile,
    send: input.send,
    onProgress: input.onProgress,
  });
}

/** What to tell the customer when sending failed. */
export function sendErrorText(t: PortalT, error: unknown): string {
  if (error instanceof SendError && error.stage === 'upload')
    return t('files.uploadFailed', { name: error.fileName ?? '' });
  return t(errorMessageKey(error instanceof SendError ? error.original : error));
}

/** The error a send failed with, unwrapped (to check for a revoked access). */
export const sendCause = (error: unknown): unknown => (error instanceof SendError ? error.original : error);
