// A document's upload (issue 35): the connection lost mid-upload pauses it, its return resumes it
// from the last chunk the server has, and the upload stops listening once it ends.
import { afterEach, describe, expect, it, vi } from 'vitest';

const task = vi.hoisted(() => ({
  pause: vi.fn(),
  resume: vi.fn(),
  cancel: vi.fn(),
  handlers: null as null | { progress: (s: unknown) => void; error: (e: unknown) => void; done: () => void },
  on(_event: string, progress: (s: unknown) => void, error: (e: unknown) => void, done: () => void) {
    task.handlers = { progress, error, done };
  },
}));

vi.mock('firebase/storage', () => ({
  connectStorageEmulator: vi.fn(),
  deleteObject: vi.fn(),
  getBlob: vi.fn(),
  getStorage: vi.fn(() => ({})),
  ref: vi.fn((_storage: unknown, path: string) => ({ path })),
  uploadBytesResumable: vi.fn(() => task),
}));
vi.mock('./app', () => ({ getCoreServices: () => ({ app: {}, config: { emulators: null } }) }));

const { uploadDocumentFile } = await import('./storage');

const file = () => new File([new Uint8Array(1024)], 'contrato.pdf', { type: 'application/pdf' });

afterEach(() => {
  task.pause.mockReset();
  task.resume.mockReset();
});

describe('uploadDocumentFile', () => {
  it('pauses when the connection goes and resumes when it returns', async () => {
    const progress = vi.fn();
    const upload = uploadDocumentFile('org1', 'doc1', file(), progress);
    expect(upload.storagePath).toBe('organizations/org1/documents/doc1/contrato.pdf');
    task.handlers!.progress({ bytesTransferred: 256 });
    expect(progress).toHaveBeenCalledWith(256);

    window.dispatchEvent(new Event('offline'));
    expect(task.pause).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(task.resume).toHaveBeenCalledTimes(1);

    task.handlers!.done();
    await upload.done;
    // Finished: the connection's events no longer reach it.
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(task.pause).toHaveBeenCalledTimes(1);
    expect(task.resume).toHaveBeenCalledTimes(1);
  });

  it('a failed upload rejects and stops listening too', async () => {
    const upload = uploadDocumentFile('org1', 'doc2', file(), () => {});
    task.handlers!.error({ code: 'storage/unauthorized' });
    await expect(upload.done).rejects.toEqual({ code: 'storage/unauthorized' });
    window.dispatchEvent(new Event('offline'));
    expect(task.pause).not.toHaveBeenCalled();
  });
});
