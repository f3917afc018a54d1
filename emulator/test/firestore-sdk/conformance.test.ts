/**
 * The Firestore query-semantics vectors recorded against production
 * (/work/shared/conformance/firestore-semantics), replayed through every client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { FilterSpec, Json, QuerySpec } from './drivers/types.js';
import { ALL_CLIENTS, clientSuite } from './harness.js';

const DIR = process.env.FIRESTORE_SEMANTICS_DIR ?? '/work/shared/conformance/firestore-semantics';

interface Vector {
  id: string;
  description: string;
  collectionPath: string;
  documents: Record<string, Record<string, Json>>;
  query: {
    where?: FilterSpec;
    orderBy?: { field: string; direction: 'asc' | 'desc' }[];
    startAt?: Json[];
    startAfter?: Json[];
    endAt?: Json[];
    endBefore?: Json[];
    limit?: number;
  };
  expected: { ids: string[]; ordered: boolean; count: number; error: string | null };
}

const vectors: Vector[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Vector);

clientSuite(ALL_CLIENTS, (ctx) => {
  it('has vectors to run', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  for (const v of vectors) {
    it(`${v.id}: ${v.description.slice(0, 80)}`, async () => {
      const d = await ctx().driver();
      const collection = v.collectionPath.replace('{runId}', 'run1');
      await d.batch(
        Object.entries(v.documents).map(([id, data]) => ({
          op: 'set' as const,
          path: `${collection}/${id}`,
          data,
        })),
      );
      const spec: QuerySpec = {
        collection,
        where: v.query.where,
        orderBy: v.query.orderBy?.map((o) => [o.field, o.direction] as [string, 'asc' | 'desc']),
        startAt: v.query.startAt,
        startAfter: v.query.startAfter,
        endAt: v.query.endAt,
        endBefore: v.query.endBefore,
        limit: v.query.limit,
      };
      let ids: string[] = [];
      let error: string | null = null;
      try {
        ids = (await d.query(spec)).map((r) => r.id);
      } catch (err) {
        error = (err as { code?: string }).code ?? String(err);
      }
      expect(error).toBe(v.expected.error);
      if (v.expected.ordered) expect(ids).toEqual(v.expected.ids);
      else expect([...ids].sort()).toEqual([...v.expected.ids].sort());
      expect(ids.length).toBe(v.expected.count);
    });
  }
});
