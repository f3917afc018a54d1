/**
 * Listen streams. Each target keeps the set of documents the client has; after every commit the
 * targets that may be affected (by collection group, by document, or by a document their
 * authorization read) are recomputed and the difference is sent as documentChange /
 * documentDelete / documentRemove, then a targetChange with a resume token and the global
 * read time that lets the client raise a consistent snapshot.
 */
import type { ListenSink, ListenStream } from './api.js';
import { projectDocument } from './fields.js';
import {
  Code,
  FirestoreError,
  PERMISSION_DENIED_MESSAGE,
  type Caller,
  type Document,
  type ListenResponse,
  type StructuredQuery,
  type Target,
  type Timestamp,
} from './model.js';
import { collectionIdOf, documentName, parseDocumentName } from './paths.js';
import { executeQuery } from './planner.js';
import { compileQuery, inScope, matchesQuery, type CompiledQuery } from './query.js';
import { queryReads } from './reads.js';
import type { Store } from './store.js';
import { fromMicros } from './time.js';

/** What a target's authorization is asked about. */
export type TargetCheck =
  | { kind: 'documents'; documents: { name: string; doc: Document | null }[] }
  | { kind: 'query'; parent: string; query: StructuredQuery; results: Document[] };

export interface ListenHooks {
  store: Store;
  database: string;
  /** The current read time in microseconds. */
  readTime(): number;
  /** Authorizes a target's content; `deps` are the document paths the decision looked up. */
  authorize(caller: Caller, check: TargetCheck): { allowed: boolean; deps: Set<string> };
  /** Throws FirestoreError(FAILED_PRECONDITION) when strict index mode refuses the query. */
  checkQuery(q: CompiledQuery): void;
  /** Bills `n` listen reads (see reads.ts). */
  countReads(n: number): void;
}

export function resumeTokenFor(time: number): Uint8Array {
  return new Uint8Array(Buffer.from(`v1:${time}`));
}

class ActiveTarget {
  results = new Map<string, Document>();
  deps = new Set<string>();
  keys: string[] = [];

  constructor(
    readonly stream: Stream,
    readonly id: number,
    readonly docPaths: string[] | undefined,
    readonly query: CompiledQuery | undefined,
  ) {}

  /** The target's documents now; `changed` lets unlimited queries update incrementally. */
  compute(store: Store, changed?: ReadonlyMap<string, Document | null>): Map<string, Document> {
    const out = new Map<string, Document>();
    if (this.docPaths) {
      for (const p of this.docPaths) {
        const d = store.get(p);
        if (d) out.set(p, d);
      }
      return out;
    }
    const q = this.query!;
    if (changed && q.limit === undefined && q.offset === 0) {
      for (const [p, d] of this.results) out.set(p, d);
      for (const [p, d] of changed) {
        if (!inScope(q, p)) continue;
        if (d && matchesQuery(q, d)) out.set(p, d);
        else out.delete(p);
      }
      return out;
    }
    for (const d of executeQuery(store, q)) out.set(relativePath(d.name), d);
    return out;
  }

  /** `results`: the documents to check one by one; by default all of the target's documents. */
  check(results?: Document[]): TargetCheck {
    if (this.docPaths) {
      const db = this.stream.registry.hooks.database;
      return {
        kind: 'documents',
        documents: this.docPaths.map((p) => ({
          name: documentName(db, p),
          doc: this.results.get(p) ?? null,
        })),
      };
    }
    const q = this.query!;
    return {
      kind: 'query',
      parent: q.parent,
      query: q.source,
      results: results ?? [...this.results.values()],
    };
  }
}

function sameVersion(before: Document | undefined, after: Document): boolean {
  return (
    before !== undefined &&
    before.updateTime.seconds === after.updateTime.seconds &&
    before.updateTime.nanos === after.updateTime.nanos
  );
}

function relativePath(name: string): string {
  return parseDocumentName(name).path;
}

export class ListenRegistry {
  private watchers = new Map<string, Set<ActiveTarget>>();
  private streams = new Set<Stream>();

  constructor(readonly hooks: ListenHooks) {}

  open(caller: Caller, sink: ListenSink): ListenStream {
    const stream = new Stream(this, caller, sink);
    this.streams.add(stream);
    return stream;
  }

  register(t: ActiveTarget): void {
    this.unregister(t);
    const keys = t.docPaths ? t.docPaths.map((p) => `d:${p}`) : [`c:${t.query!.collectionId}`];
    for (const dep of t.deps) keys.push(`d:${dep}`);
    t.keys = [...new Set(keys)];
    for (const k of t.keys) {
      let set = this.watchers.get(k);
      if (!set) this.watchers.set(k, (set = new Set()));
      set.add(t);
    }
  }

  unregister(t: ActiveTarget): void {
    for (const k of t.keys) {
      const set = this.watchers.get(k);
      set?.delete(t);
      if (set?.size === 0) this.watchers.delete(k);
    }
    t.keys = [];
  }

  forget(stream: Stream): void {
    this.streams.delete(stream);
  }

  /** Sends the changes of one commit to the targets they may affect. */
  onCommit(changed: ReadonlyMap<string, Document | null>, time: number): void {
    const affected = new Map<Stream, Set<ActiveTarget>>();
    for (const path of changed.keys()) {
      for (const key of [`c:${collectionIdOf(path)}`, `d:${path}`]) {
        for (const t of this.watchers.get(key) ?? []) {
          let set = affected.get(t.stream);
          if (!set) affected.set(t.stream, (set = new Set()));
          set.add(t);
        }
      }
    }
    for (const [stream, targets] of affected) stream.update(targets, changed, time);
  }

  /** Re-authorizes every target (the authorizer was replaced). */
  recheckAll(): void {
    const time = this.hooks.readTime();
    for (const stream of this.streams) stream.update(new Set(stream.targets.values()), undefined, time);
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}

class Stream implements ListenStream {
  readonly targets = new Map<number, ActiveTarget>();
  private closed = false;

  constructor(
    readonly registry: ListenRegistry,
    private readonly caller: Caller,
    private readonly sink: ListenSink,
  ) {}

  private send(r: ListenResponse): void {
    if (this.closed) return;
    try {
      this.sink(r);
    } catch {
      // A failing sink belongs to a transport that is going away; the stream is closed by it.
    }
  }

  private targetChange(
    type: 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET',
    targetIds: number[],
    extra: { cause?: { code: number; message: string }; time?: number } = {},
  ): void {
    const change: Extract<ListenResponse, { targetChange: unknown }>['targetChange'] = {
      targetChangeType: type,
      targetIds,
    };
    if (extra.cause) change.cause = extra.cause;
    if (extra.time !== undefined) {
      // The global snapshot message carries a token too: the admin SDK resumes from that one.
      change.resumeToken = resumeTokenFor(extra.time);
      change.readTime = fromMicros(extra.time);
    }
    this.send({ targetChange: change });
  }

  private removeWithCause(id: number, code: number, message: string): void {
    this.targetChange('REMOVE', [id], { cause: { code, message } });
  }

  private project(t: ActiveTarget, doc: Document): Document {
    return projectDocument(doc, t.query?.projection);
  }

  addTarget(target: Target): void {
    if (this.closed) return;
    const { hooks } = this.registry;
    const existing = this.targets.get(target.targetId);
    if (existing) this.drop(existing);
    let t: ActiveTarget;
    try {
      if (target.documents) {
        const paths = (target.documents.documents ?? []).map((name) => {
          const parsed = parseDocumentName(name);
          if (parsed.database !== hooks.database) {
            throw new FirestoreError(
              Code.INVALID_ARGUMENT,
              `Document "${name}" is not in database ${hooks.database}.`,
            );
          }
          return parsed.path;
        });
        t = new ActiveTarget(this, target.targetId, paths, undefined);
      } else if (target.query) {
        const q = compileQuery(target.query.parent, target.query.structuredQuery);
        if (q.database !== hooks.database) {
          throw new FirestoreError(
            Code.INVALID_ARGUMENT,
            `Query parent is not in database ${hooks.database}.`,
          );
        }
        hooks.checkQuery(q);
        t = new ActiveTarget(this, target.targetId, undefined, q);
      } else {
        throw new FirestoreError(Code.INVALID_ARGUMENT, 'A target needs documents or a query.');
      }
    } catch (err) {
      const e = err instanceof FirestoreError ? err : new FirestoreError(Code.INTERNAL, String(err));
      this.removeWithCause(target.targetId, e.code, e.message);
      return;
    }
    const time = hooks.readTime();
    t.results = t.compute(hooks.store);
    const auth = hooks.authorize(this.caller, t.check());
    if (!auth.allowed) {
      this.removeWithCause(t.id, Code.PERMISSION_DENIED, PERMISSION_DENIED_MESSAGE);
      return;
    }
    t.deps = auth.deps;
    this.targets.set(t.id, t);
    this.registry.register(t);

    // The initial snapshot: every document delivered; a query that matches nothing costs 1, a
    // document target one read per document named (found or missing), as a get.
    hooks.countReads(t.docPaths ? t.docPaths.length : queryReads(t.results.size));
    this.targetChange('ADD', [t.id]);
    const resuming =
      (target.resumeToken !== undefined && target.resumeToken.length > 0) || target.readTime !== undefined;
    if (resuming) this.targetChange('RESET', [t.id]);
    for (const doc of t.results.values()) {
      this.send({
        documentChange: { document: this.project(t, doc), targetIds: [t.id], removedTargetIds: [] },
      });
    }
    this.targetChange('CURRENT', [t.id], { time });
    this.targetChange('NO_CHANGE', [], { time });
  }

  get targetCount(): number {
    return this.targets.size;
  }

  removeTarget(targetId: number): void {
    const t = this.targets.get(targetId);
    if (t) this.drop(t);
    this.targetChange('REMOVE', [targetId]);
  }

  close(): void {
    for (const t of this.targets.values()) this.registry.unregister(t);
    this.targets.clear();
    this.closed = true;
    this.registry.forget(this);
  }

  private drop(t: ActiveTarget): void {
    this.registry.unregister(t);
    this.targets.delete(t.id);
  }

  /**
   * Recomputes and re-authorizes `targets`, then sends one message per changed document and the
   * target/global read time. `changed` is undefined for a re-check that is not a commit.
   */
  update(
    targets: Set<ActiveTarget>,
    changed: ReadonlyMap<string, Document | null> | undefined,
    time: number,
  ): void {
    const { hooks } = this.registry;
    const perDoc = new Map<string, { added: ActiveTarget[]; removed: number[] }>();
    const entry = (path: string) => {
      let e = perDoc.get(path);
      if (!e) perDoc.set(path, (e = { added: [], removed: [] }));
      return e;
    };
    const changedTargets: number[] = [];
    for (const t of targets) {
      if (this.targets.get(t.id) !== t) continue;
      const next = t.compute(hooks.store, changed);
      const previous = t.results;
      t.results = next;
      // After a commit only new or changed documents need a per-document check: the others were
      // checked when they were sent, and the query-level check (re-run here) catches rights that
      // changed through get() lookups. This keeps fan-out proportional to the change.
      const fresh = changed
        ? [...next].filter(([p, d]) => !sameVersion(previous.get(p), d)).map(([, d]) => d)
        : undefined;
      const auth = hooks.authorize(this.caller, t.check(fresh));
      if (!auth.allowed) {
        this.drop(t);
        this.removeWithCause(t.id, Code.PERMISSION_DENIED, PERMISSION_DENIED_MESSAGE);
        continue;
      }
      if (!sameSet(auth.deps, t.deps)) {
        t.deps = auth.deps;
        this.registry.register(t);
      }
      let differs = false;
      for (const p of previous.keys()) {
        if (next.has(p)) continue;
        entry(p).removed.push(t.id);
        differs = true;
      }
      for (const [p, d] of next) {
        if (sameVersion(previous.get(p), d)) continue;
        entry(p).added.push(t);
        differs = true;
      }
      if (differs) changedTargets.push(t.id);
    }
    if (changedTargets.length === 0) return;
    const readTime: Timestamp = fromMicros(time);
    let reads = 0;
    for (const [path, { added, removed }] of perDoc) {
      const doc = hooks.store.get(path);
      // Billed: each target a document was added to or updated in, and each target it left
      // because it changed (not because it was deleted, nor pushed out of a limit).
      if (doc) reads += added.length + (changed?.has(path) ? removed.length : 0);
      const name = documentName(hooks.database, path);
      if (doc && added.length > 0) {
        // Targets with a projection get their own message with the projected document.
        const plain = added.filter((t) => !t.query?.projection);
        const projected = added.filter((t) => t.query?.projection);
        if (plain.length > 0 || removed.length > 0) {
          const ids = plain.map((t) => t.id);
          this.send({ documentChange: { document: doc, targetIds: ids, removedTargetIds: removed } });
        }
        for (const t of projected) {
          this.send({
            documentChange: { document: this.project(t, doc), targetIds: [t.id], removedTargetIds: [] },
          });
        }
      } else if (removed.length > 0) {
        const body = { document: name, removedTargetIds: removed, readTime };
        this.send(doc ? { documentRemove: body } : { documentDelete: body });
      }
    }
    hooks.countReads(reads);
    this.targetChange('NO_CHANGE', changedTargets, { time });
    this.targetChange('NO_CHANGE', [], { time });
  }
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
