/**
 * TEMPORARY: a tiny in-memory engine (set/update/delete, batchGet, whole-collection queries,
 * document and collection listens) used to exercise the transports before the real engine lands.
 */
import type { FirestoreEngine, ListenSink } from '../../src/firestore/api.js';
import type { Document, Target, Timestamp, Write } from '../../src/firestore/model.js';

export function createTinyEngine(projectId: string): FirestoreEngine {
  const docs = new Map<string, Document>();
  const sinks = new Set<{ sink: ListenSink; targets: Map<number, Target> }>();
  let clock = 1_700_000_000;
  const now = (): Timestamp => ({ seconds: ++clock, nanos: 0 });
  const token = (t: Timestamp) => new Uint8Array(Buffer.from(String(t.seconds)));
  const parentOf = (name: string) => name.slice(0, name.lastIndexOf('/'));
  const matches = (t: Target, name: string) =>
    t.documents ? t.documents.documents.includes(name) : parentOf(name) === `${t.query!.parent}/${t.query!.structuredQuery.from[0].collectionId}`;
  const results = (t: Target) =>
    [...docs.values()].filter((d) => matches(t, d.name)).sort((a, b) => (a.name < b.name ? -1 : 1));

  return {
    projectId,
    async batchGet(_c, _db, names) {
      const readTime = now();
      return { results: names.map((n) => (docs.has(n) ? { found: docs.get(n)!, readTime } : { missing: n, readTime })) };
    },
    async runQuery(_c, parent, query) {
      const t: Target = { targetId: 0, query: { parent, structuredQuery: query } };
      return { documents: results(t), readTime: now() };
    },
    async runAggregationQuery() {
      throw new Error('not in the tiny engine');
    },
    async commit(_c, _db, writes: Write[]) {
      const time = now();
      for (const w of writes) {
        if (w.delete) docs.delete(w.delete);
        else if (w.update) {
          const old = docs.get(w.update.name);
          const fields = w.updateMask ? { ...(old?.fields ?? {}), ...w.update.fields } : w.update.fields;
          docs.set(w.update.name, { name: w.update.name, fields, createTime: old?.createTime ?? time, updateTime: time });
        }
      }
      for (const s of sinks) {
        for (const w of writes) {
          const name = w.delete ?? w.update!.name;
          const ids = [...s.targets.values()].filter((t) => matches(t, name)).map((t) => t.targetId);
          if (ids.length === 0) continue;
          const d = docs.get(name);
          if (d) s.sink({ documentChange: { document: d, targetIds: ids, removedTargetIds: [] } });
          else s.sink({ documentDelete: { document: name, removedTargetIds: ids, readTime: time } });
          s.sink({ targetChange: { targetChangeType: 'NO_CHANGE', targetIds: ids, resumeToken: token(time), readTime: time } });
        }
        s.sink({ targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [], readTime: time } });
      }
      return { writeResults: writes.map(() => ({ updateTime: time, transformResults: [] })), commitTime: time };
    },
    async beginTransaction() {
      return new Uint8Array([1]);
    },
    async rollback() {},
    async listCollectionIds() {
      return [];
    },
    async listDocuments() {
      return { documents: [] };
    },
    listen(_c, _db, sink) {
      const s = { sink, targets: new Map<number, Target>() };
      sinks.add(s);
      return {
        addTarget(t) {
          s.targets.set(t.targetId, t);
          const time = now();
          sink({ targetChange: { targetChangeType: 'ADD', targetIds: [t.targetId] } });
          if (t.resumeToken) sink({ targetChange: { targetChangeType: 'RESET', targetIds: [t.targetId] } });
          for (const d of results(t)) sink({ documentChange: { document: d, targetIds: [t.targetId], removedTargetIds: [] } });
          sink({ targetChange: { targetChangeType: 'CURRENT', targetIds: [t.targetId], resumeToken: token(time), readTime: time } });
          sink({ targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [], readTime: time } });
        },
        removeTarget(id) {
          s.targets.delete(id);
          sink({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
        },
        close() {
          sinks.delete(s);
        },
      };
    },
    setAuthorizer() {},
    clear() {
      docs.clear();
    },
  };
}
