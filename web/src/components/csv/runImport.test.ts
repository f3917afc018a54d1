import { describe, expect, it } from 'vitest';
import { runImport, type ImportIo, type ImportStep } from './runImport';

const steps = (n: number, companies = 0): ImportStep[] => [
  ...Array.from({ length: companies }, (_, i) => ({
    kind: 'create' as const,
    collection: 'companies' as const,
    row: 0,
    id: `co${i}`,
    data: {},
  })),
  ...Array.from({ length: n }, (_, i) => ({
    kind: (i % 10 === 9 ? 'update' : 'create') as ImportStep['kind'],
    collection: 'contacts' as const,
    row: i + 2,
    id: `c${i}`,
    data: {},
  })),
];

/** A server in memory: what was committed, and failures to inject. */
function server(fail: (batch: ImportStep[], attempt: number) => boolean = () => false) {
  const stored = new Set<string>();
  let attempts = 0;
  const io: ImportIo = {
    async commit(batch) {
      attempts++;
      if (fail(batch, attempts)) throw Object.assign(new Error('refused'), { code: 'unavailable' });
      for (const s of batch) {
        if (s.kind === 'create' && stored.has(s.id))
          throw Object.assign(new Error('exists'), { code: 'permission-denied' });
        stored.add(s.id);
      }
    },
    async existing(creates) {
      return new Set(creates.filter((s) => stored.has(s.id)).map((s) => s.id));
    },
  };
  return { io, stored, attempts: () => attempts };
}

describe('runImport', () => {
  it('writes companies first, then rows, in batches of 500 with progress', async () => {
    const { io, stored } = server();
    const progress: number[] = [];
    const outcome = await runImport(steps(1200, 3), io, { onProgress: (p) => progress.push(p.done) });
    expect(outcome).toEqual({
      status: 'done',
      counts: { created: 1080, updated: 120, companiesCreated: 3, alreadyThere: 0 },
    });
    expect(progress).toEqual([500, 1000, 1203]);
    expect(stored.size).toBe(1203);
  });

  it('stops at a failing batch with everything before it saved, and resumes from it', async () => {
    let down = true;
    const { io, stored } = server((batch) => down && batch[0]!.id === 'c500');
    const all = steps(1200);
    const failed = await runImport(all, io);
    expect(failed).toMatchObject({ status: 'failed', next: 500, counts: { created: 450, updated: 50 } });
    expect(stored.size).toBe(500);
    down = false;
    if (failed.status !== 'failed') throw new Error('unreachable');
    const resumed = await runImport(all, io, { from: failed.next, counts: failed.counts });
    expect(resumed).toEqual({
      status: 'done',
      counts: { created: 1080, updated: 120, companiesCreated: 0, alreadyThere: 0 },
    });
    expect(stored.size).toBe(1200);
  });

  it('a batch whose commit went through but whose answer was lost is not written twice', async () => {
    const { io, stored } = server();
    const all = steps(600);
    // The first 500 are on the server already (a lost answer); the run starts over.
    for (const s of all.slice(0, 500)) stored.add(s.id);
    const outcome = await runImport(all, io);
    expect(outcome).toMatchObject({
      status: 'done',
      counts: { alreadyThere: 450, created: 90, updated: 60 },
    });
    expect(stored.size).toBe(600);
  });

  it('can be cancelled between batches', async () => {
    const { io, stored } = server();
    let batches = 0;
    const outcome = await runImport(steps(1200), io, {
      cancelled: () => batches >= 1,
      onProgress: () => batches++,
    });
    expect(outcome).toMatchObject({ status: 'cancelled', next: 500 });
    expect(stored.size).toBe(500);
  });
});
