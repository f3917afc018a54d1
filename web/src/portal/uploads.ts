// Attachments of a new ticket or a reply: which chosen files may go (the model's uploadProblem,
// at most PORTAL_UPLOADS_PER_MESSAGE), and sending them with the message without leaving orphans:
// each file is staged in Storage under a fresh upload id, then the callable takes the ids; when an
// upload or the call fails, every file already staged is deleted again and the error goes on.
import { PORTAL_UPLOADS_PER_MESSAGE, uploadProblem } from '@trato/model';

export type FileProblemKind = 'type' | 'size' | 'empty' | 'name' | 'tooMany';

export interface FileProblem {
  name: string;
  problem: FileProblemKind;
}

type FileLike = { name: string; size: number; type: string };

/** The files kept after adding `added` to `current`, and why the others were left out. */
export function addFiles<F extends FileLike>(
  current: readonly F[],
  added: readonly F[],
  max = PORTAL_UPLOADS_PER_MESSAGE,
): { files: F[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of added) {
    const problem = uploadProblem(file);
    if (problem) problems.push({ name: file.name, problem });
    else if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    else if (files.length >= max) problems.push({ name: file.name, problem: 'tooMany' });
    else files.push(file);
  }
  return { files, problems };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id like Firestore's (20 letters and digits) for a staged upload's folder. */
export function newUploadId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const bytes = random(new Uint8Array(20));
  // A byte modulo 62 favours a few letters slightly: fine for a folder name that only has to be
  // unique among one user's uploads.
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** How far the uploads are: bytes sent of all the files, and the file being sent. */
export interface UploadProgress {
  sent: number;
  total: number;
  fileName: string;
}

/** Which step failed: a file's upload (its name) or the message itself. */
export class SendError extends Error {
  constructor(
    readonly original: unknown,
    readonly stage: 'upload' | 'send',
    readonly fileName: string | null = null,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

export interface SendWithUploadsDeps<F extends FileLike, T> {
  files: readonly F[];
  /** Where a file is staged (portalPaths.upload with the organization, the user and the id). */
  pathOf: (uploadId: string, file: F) => string;
  upload: (path: string, file: F, onBytes: (bytes: number) => void) => Promise<void>;
  remove: (path: string) => Promise<void>;
  /** The callable, with the staged files' upload ids. */
  send: (uploadIds: string[]) => Promise<T>;
  onProgress?: (progress: UploadProgress) => void;
  newId?: () => string;
}

/**
 * Stages the files one after another, then sends. On any failure the staged files are removed
 * (best effort: a file that cannot be removed is left to the staging area's expiry) and a
 * SendError says which step failed.
 */
export async function sendWithUploads<F extends FileLike, T>(deps: SendWithUploadsDeps<F, T>): Promise<T> {
  const newId = deps.newId ?? (() => newUploadId());
  const total = deps.files.reduce((sum, f) => sum + f.size, 0);
  const staged: string[] = [];
  const uploadIds: string[] = [];
  let done = 0;
  const cleanUp = () => Promise.allSettled(staged.map((path) => deps.remove(path)));
  for (const file of deps.files) {
    const uploadId = newId();
    const path = deps.pathOf(uploadId, file);
    try {
      deps.onProgress?.({ sent: done, total, fileName: file.name });
      // Counted as staged before it finishes: a failure halfway may have stored part of it.
      staged.push(path);
      await deps.upload(path, file, (bytes) =>
        deps.onProgress?.({ sent: done + bytes, total, fileName: file.name }),
      );
    } catch (error) {
      await cleanUp();
      throw new SendError(error, 'upload', file.name);
    }
    done += file.size;
    uploadIds.push(uploadId);
  }
  try {
    return await deps.send(uploadIds);
  } catch (error) {
    await cleanUp();
    throw new SendError(error, 'send');
  }
}
