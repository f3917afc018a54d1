// Enrolling in batches the rules can judge (issue 28): 50 contacts used to go in one batch, whose
// rules read 53 documents of the 20 allowed, and the whole enrolment was refused.
import { describe, expect, it } from 'vitest';
import { ENROLL_BATCH_SIZE } from '@trato/model';
import { commitInBatches } from './sequences';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);

/** A commit that records its batches and refuses those containing any of `refused`. */
function fakeCommit(refused: string[] = []) {
  const batches: string[][] = [];
  const commit = async (batch: string[]) => {
    batches.push(batch);
    if (batch.some((id) => refused.includes(id)))
      throw Object.assign(new Error('denied'), { code: 'permission-denied' });
  };
  return { batches, commit };
}

describe('commitInBatches', () => {
  it('50 contacts: three batches of at most ENROLL_BATCH_SIZE, every contact enrolled', async () => {
    const { batches, commit } = fakeCommit();
    const result = await commitInBatches(ids(50), commit);
    expect(batches.map((b) => b.length)).toEqual([17, 17, 16]);
    expect(Math.max(...batches.map((b) => b.length))).toBe(ENROLL_BATCH_SIZE);
    expect(result).toEqual({ enrolled: ids(50), failed: [], error: null });
  });

  it('a refused batch is tried one contact at a time: only the contact refused fails', async () => {
    const { batches, commit } = fakeCommit(['c20']);
    const result = await commitInBatches(ids(50), commit);
    expect(result.failed).toEqual(['c20']);
    expect(result.enrolled).toHaveLength(49);
    expect(result.enrolled).not.toContain('c20');
    expect((result.error as { code: string }).code).toBe('permission-denied');
    // Batch 2 (c18–c34) refused whole, then its 17 contacts one by one; batch 3 as usual.
    expect(batches.map((b) => b.length)).toEqual([17, 17, ...Array(17).fill(1), 16]);
  });

  it('everything refused (say the subscription ended): every contact reported, nothing enrolled', async () => {
    const all = ids(3);
    const result = await commitInBatches(all, fakeCommit(all).commit);
    expect(result.enrolled).toEqual([]);
    expect(result.failed).toEqual(all);
  });

  it('one contact refused alone is not tried twice', async () => {
    const { batches, commit } = fakeCommit(['c1']);
    expect((await commitInBatches(['c1'], commit)).failed).toEqual(['c1']);
    expect(batches).toEqual([['c1']]);
  });

  it('nothing to enrol: no commit', async () => {
    const { batches, commit } = fakeCommit();
    expect(await commitInBatches([], commit)).toEqual({ enrolled: [], failed: [], error: null });
    expect(batches).toEqual([]);
  });
});
