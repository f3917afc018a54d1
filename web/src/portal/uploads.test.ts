import { describe, expect, it, vi } from 'vitest';
import { PORTAL_UPLOAD_MAX_BYTES, PORTAL_UPLOADS_PER_MESSAGE } from '@trato/model';
import { addFiles, newUploadId, SendError, sendWithUploads } from './uploads';

const file = (name: string, size = 100, type = 'application/pdf') => ({ name, size, type });

describe('addFiles', () => {
  it('keeps the files the portal accepts and says why the others were left out', () => {
    const { files, problems } = addFiles(
      [],
      [
        file('ok.pdf'),
        file('big.pdf', PORTAL_UPLOAD_MAX_BYTES + 1),
        file('empty.pdf', 0),
        file('run.exe', 10, 'application/x-msdownload'),
        file('x'.repeat(201)),
        file('report.docx', 10, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      ],
    );
    expect(files.map((f) => f.name)).toEqual(['ok.pdf', 'report.docx']);
    expect(problems.map((p) => p.problem)).toEqual(['size', 'empty', 'type', 'name']);
  });

  it('takes at most PORTAL_UPLOADS_PER_MESSAGE files, counting those already chosen', () => {
    const current = [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf')];
    const { files, problems } = addFiles(current, [file('e.pdf'), file('f.pdf')]);
    expect(files).toHaveLength(PORTAL_UPLOADS_PER_MESSAGE);
    expect(problems).toEqual([{ name: 'f.pdf', problem: 'tooMany' }]);
  });

  it('does not add the same file twice', () => {
    expect(addFiles([file('a.pdf')], [file('a.pdf')]).files).toHaveLength(1);
  });
});

describe('newUploadId', () => {
  it('is 20 letters and digits, different every time', () => {
    const id = newUploadId();
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(newUploadId()).not.toBe(id);
    expect(newUploadId((bytes) => bytes.fill(0))).toBe('A'.repeat(20));
  });
});

describe('sendWithUploads', () => {
  const files = [file('a.pdf', 100), file('b.png', 300, 'image/png')];
  let n = 0;
  const deps = () => ({
    files,
    pathOf: (id: string, f: { name: string }) => `org/portalUploads/uid/${id}/${f.name}`,
    upload: vi.fn(async (_path: string, f: { size: number }, onBytes: (b: number) => void) =>
      onBytes(f.size),
    ),
    remove: vi.fn(async () => undefined),
    send: vi.fn(async (ids: string[]) => ({ ticketId: 't1', ids })),
    onProgress: vi.fn(),
    newId: () => `id${++n}`,
  });

  it('stages every file, then sends their ids; nothing is removed', async () => {
    n = 0;
    const d = deps();
    await expect(sendWithUploads(d)).resolves.toEqual({ ticketId: 't1', ids: ['id1', 'id2'] });
    expect(d.upload.mock.calls.map((c) => c[0])).toEqual([
      'org/portalUploads/uid/id1/a.pdf',
      'org/portalUploads/uid/id2/b.png',
    ]);
    expect(d.remove).not.toHaveBeenCalled();
    expect(d.onProgress).toHaveBeenLastCalledWith({ sent: 400, total: 400, fileName: 'b.png' });
  });

  it('removes the staged files when the call fails, and says the message failed', async () => {
    n = 0;
    const d = deps();
    const refusal = Object.assign(new Error('closed'), { code: 'functions/failed-precondition' });
    d.send.mockRejectedValueOnce(refusal);
    const error = await sendWithUploads(d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendError);
    expect(error).toMatchObject({ stage: 'send', original: refusal });
    expect(d.remove.mock.calls.map((c) => (c as unknown[])[0]).sort()).toEqual([
      'org/portalUploads/uid/id1/a.pdf',
      'org/portalUploads/uid/id2/b.png',
    ]);
  });

  it('removes what was staged when an upload fails (that one too), and sends nothing', async () => {
    n = 0;
    const d = deps();
    d.upload
      .mockImplementationOnce(async () => undefined)
      .mockRejectedValueOnce(new Error('storage/unauthorized'));
    const error = await sendWithUploads(d).catch((e: unknown) => e);
    expect(error).toMatchObject({ stage: 'upload', fileName: 'b.png' });
    expect(d.send).not.toHaveBeenCalled();
    expect(d.remove).toHaveBeenCalledTimes(2);
  });

  it('still reports the failure when a clean-up fails too', async () => {
    n = 0;
    const d = deps();
    d.send.mockRejectedValueOnce(new Error('down'));
    d.remove.mockRejectedValue(new Error('gone offline'));
    await expect(sendWithUploads(d)).rejects.toMatchObject({ stage: 'send' });
  });
});
