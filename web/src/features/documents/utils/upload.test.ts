import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@trato/model';
import { documentRecord, fileKindOf, refusalOf, uploadDocument, type UploadSteps } from './upload';

const file = (name = 'propuesta.pdf', type = 'application/pdf', bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type });

function steps(overrides: Partial<UploadSteps> = {}) {
  const calls: string[] = [];
  const base: UploadSteps = {
    upload: (id, f, onProgress) => {
      calls.push(`upload ${id}/${f.name}`);
      onProgress(f.size);
      return {
        storagePath: `organizations/o/documents/${id}/${f.name}`,
        done: Promise.resolve(),
        cancel: vi.fn(),
      };
    },
    createRecord: (id) => {
      calls.push(`record ${id}`);
      return Promise.resolve();
    },
    removeFile: (path) => {
      calls.push(`remove ${path}`);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { steps: base, calls };
}

describe('refusalOf', () => {
  it('asks for a folder first at the root of an organization without folders', () => {
    expect(refusalOf({ size: 1 }, { folderId: null, hasFolders: false })).toBe('noFolder');
    expect(refusalOf({ size: 1 }, { folderId: null, hasFolders: true })).toBeNull();
    expect(refusalOf({ size: 1 }, { folderId: 'f1', hasFolders: false })).toBeNull();
  });

  it('refuses a file over the limit, not one exactly at it', () => {
    expect(refusalOf({ size: UPLOAD_MAX_BYTES }, { folderId: 'f1', hasFolders: true })).toBeNull();
    expect(refusalOf({ size: UPLOAD_MAX_BYTES + 1 }, { folderId: 'f1', hasFolders: true })).toBe('tooLarge');
  });
});

describe('uploadDocument', () => {
  it('writes the record only after the file is stored', async () => {
    const { steps: s, calls } = steps();
    const record = vi.spyOn(s, 'createRecord');
    const progress = vi.fn();
    await uploadDocument(s, 'd1', file(), 'f1', progress).done;
    expect(calls).toEqual(['upload d1/propuesta.pdf', 'record d1']);
    expect(progress).toHaveBeenCalledWith(10);
    expect(record).toHaveBeenCalledWith('d1', {
      fileName: 'propuesta.pdf',
      storagePath: 'organizations/o/documents/d1/propuesta.pdf',
      size: 10,
      mimeType: 'application/pdf',
      folderId: 'f1',
    });
  });

  it('writes no record when the upload fails or is canceled', async () => {
    const failure = Object.assign(new Error('canceled'), { code: 'storage/canceled' });
    const { steps: s, calls } = steps({
      upload: () => ({ storagePath: 'p', done: Promise.reject(failure), cancel: vi.fn() }),
    });
    await expect(uploadDocument(s, 'd1', file(), null, vi.fn()).done).rejects.toBe(failure);
    expect(calls).toEqual([]);
  });

  it("removes the stored file when the record is refused, and reports the record's error", async () => {
    const refused = Object.assign(new Error('denied'), { code: 'permission-denied' });
    const { steps: s, calls } = steps({ createRecord: () => Promise.reject(refused) });
    await expect(uploadDocument(s, 'd2', file('a.txt', 'text/plain'), null, vi.fn()).done).rejects.toBe(
      refused,
    );
    expect(calls).toEqual(['upload d2/a.txt', 'remove organizations/o/documents/d2/a.txt']);
  });

  it("still reports the record's error when the cleanup fails too", async () => {
    const refused = new Error('denied');
    const { steps: s } = steps({
      createRecord: () => Promise.reject(refused),
      removeFile: () => Promise.reject(new Error('offline')),
    });
    await expect(uploadDocument(s, 'd3', file(), null, vi.fn()).done).rejects.toBe(refused);
  });
});

describe('documentRecord and fileKindOf', () => {
  it('records the type the file is stored with', () => {
    expect(documentRecord(file('x.bin', ''), 'p', null).mimeType).toBe('application/octet-stream');
    expect(documentRecord(file('x.HTML', 'TEXT/HTML'), 'p', null).mimeType).toBe('text/html');
  });

  it('names the icon family from the type, else the extension', () => {
    expect(fileKindOf('application/pdf', 'a')).toBe('pdf');
    expect(fileKindOf('image/png', 'a.png')).toBe('image');
    expect(fileKindOf('application/octet-stream', 'Ventas 2026.XLSX')).toBe('sheet');
    expect(
      fileKindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'c.docx'),
    ).toBe('doc');
    expect(fileKindOf('text/plain', 'notas')).toBe('text');
    expect(fileKindOf('application/octet-stream', 'sin-extension')).toBe('other');
  });
});
