/**
 * The Firestore engine behind every transport: databases (created on first use), reads at
 * consistent read times, atomic commits with authorization of every write, transactions,
 * queries on indexes, aggregations, listeners, and import/export.
 */
import { OPEN_ACCESS, type AccessRequest, type Authorizer, type DataLookup } from './access.js';
import { aggregate } from './aggregate.js';
import type {
  AggregationResult,
  BatchGetResult,
  CommitResult,
  ConsistencySelector,
  ExportedDocument,
  FirestoreEngine,
  FirestoreExport,
  ListenSink,
  ListenStream,
  QueryResult,
  TransactionOptions,
} from './api.js';
import { projectDocument } from './fields.js';
import type { IndexConfig } from './indexes.js';
import { fieldsFromJson, fieldsToJson, formatTimestamp, parseTimestamp } from './json.js';
import { ListenRegistry, type TargetCheck } from './listen.js';
import {
  Code,
  FirestoreError,
  PERMISSION_DENIED_MESSAGE,
  type Caller,
  type Document,
  type StructuredAggregationQuery,
  type StructuredQuery,
  type Timestamp,
  type Write,
  type WriteResult,
} from './model.js';
import {
  compareResourcePaths,
  documentName,
  parseDatabase,
  parseDocumentName,
  parseFieldPath,
  parseParent,
} from './paths.js';
import { executeQuery, limited, queryStream } from './planner.js';
import { compileQuery, type CompiledQuery } from './query.js';
import { aggregationReads, queryReads, ReadCounter, type ReadCounts } from './reads.js';
import { checkIndexRequirements } from './requirements.js';
import { Store } from './store.js';
import { fromMicros, systemClock, toMicros, VersionClock } from './time.js';
import { TransactionManager, type Transaction } from './transactions.js';
import { applyWrite, writeTarget } from './writes.js';

export interface FirestoreEngineOptions {
  projectId: string;
  /** Parsed firestore.indexes.json. */
  indexes?: IndexConfig;
  /** Refuse queries that production would refuse without a composite index. */
  strictIndexes?: boolean;
  clock?: () => Timestamp;
}

interface Database {
  name: string;
  store: Store;
  transactions: TransactionManager;
  listeners: ListenRegistry;
}

/** Where a read happens: a read time (undefined = current state) and the transaction if any. */
interface ReadContext {
  readTime: number | undefined;
  /** The read time reported to the client. */
  reportedTime: number;
  transaction?: Transaction;
  /** Set when the request began a transaction. */
  newTransaction?: Uint8Array;
}

const EPOCH: Timestamp = { seconds: 0, nanos: 0 };

const denied = () => new FirestoreError(Code.PERMISSION_DENIED, PERMISSION_DENIED_MESSAGE);

export function createFirestoreEngine(options: FirestoreEngineOptions): FirestoreEngine {
  return new Engine(options);
}

class Engine implements FirestoreEngine {
  readonly projectId: string;
  private databases = new Map<string, Database>();
  private authorizer: Authorizer = OPEN_ACCESS;
  private indexConfig: IndexConfig;
  private readonly strict: boolean;
  private readonly clock: VersionClock;
  private readonly reads = new ReadCounter();

  constructor(options: FirestoreEngineOptions) {
    this.projectId = options.projectId;
    this.indexConfig = options.indexes ?? {};
    this.strict = options.strictIndexes ?? false;
    this.clock = new VersionClock(options.clock ?? systemClock);
  }

  // -------------------------------------------------------------------------------------------
  // Databases, authorization, consistency

  private database(name: string): Database {
    let db = this.databases.get(name);
    if (db) return db;
    parseDatabase(name);
    const store = new Store(name, this.indexConfig);
    const transactions = new TransactionManager(() => this.clock.now() / 1000);
    const listeners = new ListenRegistry({
      store,
      database: name,
      readTime: () => this.clock.readTime(),
      authorize: (caller, check) => this.authorizeTarget(caller, name, check),
      checkQuery: (q) => this.checkQuery(store, q),
      countReads: (n) => this.reads.add(name, 'listen', n),
    });
    db = { name, store, transactions, listeners };
    this.databases.set(name, db);
    return db;
  }

  /** DataLookup for rules: committed state at `readTime`, and the state after `pending` writes. */
  private lookup(
    readTime: number,
    pending?: ReadonlyMap<string, Document | null>,
    seen?: Set<string>,
  ): DataLookup {
    const get = (name: string): Document | null => {
      let parsed;
      try {
        parsed = parseDocumentName(name);
      } catch {
        return null;
      }
      seen?.add(`${parsed.database}\u0000${parsed.path}`);
      return this.databases.get(parsed.database)?.store.getAt(parsed.path, readTime) ?? null;
    };
    return {
      get,
      getAfter: (name) => {
        if (pending) {
          try {
            const { path } = parseDocumentName(name);
            if (pending.has(path)) return pending.get(path) ?? null;
          } catch {
            return null;
          }
        }
        return get(name);
      },
    };
  }

  private authorize(request: AccessRequest): void {
    if (request.caller.kind === 'owner') return;
    if (!this.authorizer.authorize(request).allowed) throw denied();
  }

  private authorizeTarget(
    caller: Caller,
    database: string,
    check: TargetCheck,
  ): { allowed: boolean; deps: Set<string> } {
    const deps = new Set<string>();
    if (caller.kind === 'owner') return { allowed: true, deps };
    const seen = new Set<string>();
    const now = this.clock.readTime();
    const time = fromMicros(now);
    const lookup = this.lookup(now, undefined, seen);
    let allowed: boolean;
    if (check.kind === 'documents') {
      allowed = check.documents.every(
        ({ name, doc }) =>
          this.authorizer.authorize({ method: 'get', caller, time, database, lookup, name, resource: doc })
            .allowed,
      );
    } else {
      allowed = this.authorizer.authorize({
        method: 'list',
        caller,
        time,
        database,
        lookup,
        parent: check.parent,
        query: check.query,
        results: check.results,
      }).allowed;
    }
    // Only documents of this database can be watched for changes.
    for (const key of seen) {
      const [db, path] = key.split('\u0000');
      if (db === database) deps.add(path);
    }
    return { allowed, deps };
  }

  private async readContext(db: Database, options: ConsistencySelector | undefined): Promise<ReadContext> {
    if (options?.transaction) {
      const t = db.transactions.use(options.transaction);
      return { readTime: t.readTime, reportedTime: t.readTime ?? this.clock.readTime(), transaction: t };
    }
    if (options?.newTransaction) {
      const t = this.begin(db, options.newTransaction);
      return {
        readTime: t.readTime,
        reportedTime: t.readTime ?? this.clock.readTime(),
        transaction: t,
        newTransaction: t.id,
      };
    }
    if (options?.readTime) {
      const time = toMicros(options.readTime);
      return { readTime: time, reportedTime: time };
    }
    const now = this.clock.readTime();
    return { readTime: undefined, reportedTime: now };
  }

  private begin(db: Database, options: TransactionOptions | undefined): Transaction {
    if (options?.readOnly) {
      const readTime = options.readOnly.readTime
        ? toMicros(options.readOnly.readTime)
        : this.clock.readTime();
      return db.transactions.begin({ readTime });
    }
    return db.transactions.begin({ retry: options?.readWrite?.retryTransaction });
  }

  private compile(db: Database, parent: string, query: StructuredQuery): CompiledQuery {
    const q = compileQuery(parent, query);
    if (q.database !== db.name)
      throw new FirestoreError(Code.INVALID_ARGUMENT, `Invalid parent "${parent}".`);
    this.checkQuery(db.store, q);
    return q;
  }

  private checkQuery(store: Store, q: CompiledQuery): void {
    if (this.strict) checkIndexRequirements(store.indexes, q, this.projectIdOf(q.database));
  }

  private projectIdOf(database: string): string {
    return parseDatabase(database).projectId;
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async batchGet(
    caller: Caller,
    database: string,
    names: string[],
    options?: ConsistencySelector & { mask?: string[] },
  ): Promise<{ results: BatchGetResult[]; transaction?: Uint8Array }> {
    const db = this.database(database);
    const paths = names.map((name) => {
      const parsed = parseDocumentName(name);
      if (parsed.database !== database) {
        throw new FirestoreError(
          Code.INVALID_ARGUMENT,
          `Document "${name}" is not in database "${database}".`,
        );
      }
      return parsed.path;
    });
    const ctx = await this.readContext(db, options);
    if (ctx.transaction) db.transactions.lock(ctx.transaction, paths);
    const readTime = fromMicros(ctx.reportedTime);
    const lookup = this.lookup(ctx.reportedTime);
    const mask = options?.mask?.map(parseFieldPath);
    const results = paths.map((path, i): BatchGetResult => {
      const doc = db.store.getAt(path, ctx.readTime);
      this.authorize({
        method: 'get',
        caller,
        time: readTime,
        database,
        lookup,
        name: names[i],
        resource: doc,
      });
      return doc ? { found: projectDocument(doc, mask), readTime } : { missing: names[i], readTime };
    });
    // Production bills a get of a missing document too.
    this.reads.add(database, 'get', results.length);
    return { results, transaction: ctx.newTransaction };
  }

  async runQuery(
    caller: Caller,
    parent: string,
    query: StructuredQuery,
    options?: ConsistencySelector,
  ): Promise<QueryResult> {
    const db = this.database(parseParent(parent).database);
    const q = this.compile(db, parent, query);
    const ctx = await this.readContext(db, options);
    const documents = executeQuery(db.store, q, ctx.readTime);
    const readTime = fromMicros(ctx.reportedTime);
    this.authorize({
      method: 'list',
      caller,
      time: readTime,
      database: db.name,
      lookup: this.lookup(ctx.reportedTime),
      parent,
      query,
      results: documents,
    });
    if (ctx.transaction)
      db.transactions.lock(
        ctx.transaction,
        documents.map((d) => parseDocumentName(d.name).path),
      );
    this.reads.add(db.name, 'query', queryReads(documents.length));
    return {
      documents: q.projection ? documents.map((d) => projectDocument(d, q.projection)) : documents,
      readTime,
      transaction: ctx.newTransaction,
    };
  }

  async runAggregationQuery(
    caller: Caller,
    parent: string,
    query: StructuredAggregationQuery,
    options?: ConsistencySelector,
  ): Promise<AggregationResult> {
    const db = this.database(parseParent(parent).database);
    const q = this.compile(db, parent, query.structuredQuery);
    const ctx = await this.readContext(db, options);
    const documents = [...limited(queryStream(db.store, q, ctx.readTime), q.offset, q.limit)];
    const readTime = fromMicros(ctx.reportedTime);
    this.authorize({
      method: 'list',
      caller,
      time: readTime,
      database: db.name,
      lookup: this.lookup(ctx.reportedTime),
      parent,
      query: query.structuredQuery,
      results: documents,
    });
    const aggregateFields = aggregate(query.aggregations ?? [], documents);
    this.reads.add(db.name, 'aggregation', aggregationReads(indexEntriesMatched(query, documents.length)));
    return {
      aggregateFields,
      readTime,
      transaction: ctx.newTransaction,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writes and transactions

  async commit(
    caller: Caller,
    database: string,
    writes: Write[],
    transaction?: Uint8Array,
  ): Promise<CommitResult> {
    const db = this.database(database);
    const t = transaction ? db.transactions.use(transaction) : undefined;
    try {
      if (t?.readOnly && writes.length > 0) {
        throw new FirestoreError(Code.INVALID_ARGUMENT, 'Cannot modify entities in a read-only transaction.');
      }
      const targets = writes.map((w) => writeTarget(w, database));
      // A verify changes nothing, so it waits for no lock: like a read, it goes with other
      // transactions' shared locks. Its check runs below, atomically with the writes.
      const written = targets.filter((_, i) => writes[i].verify === undefined).map((x) => x.path);
      await db.transactions.acquire(t, [...new Set(written)]);
      if (writes.length === 0) return { writeResults: [], commitTime: fromMicros(this.clock.readTime()) };
      return this.applyCommit(caller, db, writes, targets);
    } finally {
      if (t) db.transactions.finish(t);
    }
  }

  /** Applies the writes atomically: everything below runs without yielding. */
  private applyCommit(
    caller: Caller,
    db: Database,
    writes: Write[],
    targets: { name: string; path: string }[],
  ): CommitResult {
    const time = this.clock.commitTime();
    const commitTime = fromMicros(time);
    const after = new Map<string, Document | null>();
    const requests: AccessRequest[] = [];
    // Rules' get() sees the state just before this commit, even if called later.
    const lookup = this.lookup(time - 1, after);
    const writeResults: WriteResult[] = writes.map((w, i) => {
      const { name, path } = targets[i];
      const writtenEarlier = after.has(path);
      const before = writtenEarlier ? after.get(path)! : db.store.get(path);
      const outcome = applyWrite(w, name, path, before, commitTime, writtenEarlier);
      if (w.verify !== undefined) {
        // Production's proto: a verify "only requires read access to the document". It is judged
        // as a get of the document as it stands, never as a write; it changes nothing, so
        // listeners see nothing, and its result carries the unchanged update time.
        requests.push({
          method: 'get',
          caller,
          time: commitTime,
          database: db.name,
          lookup,
          name,
          resource: before,
        });
        return { updateTime: before?.updateTime, transformResults: [] };
      }
      after.set(path, outcome.after);
      const method = w.delete !== undefined ? 'delete' : before ? 'update' : 'create';
      requests.push({
        method,
        caller,
        time: commitTime,
        database: db.name,
        lookup,
        name,
        resource: before,
        requestResource: outcome.after,
      });
      return { updateTime: outcome.after?.updateTime, transformResults: outcome.transformResults };
    });
    for (const r of requests) this.authorize(r);
    const changes = new Map<string, Document | null>();
    for (const [path, doc] of after) if (doc !== db.store.get(path)) changes.set(path, doc);
    db.store.apply(changes, time);
    db.listeners.onCommit(changes, time);
    return { writeResults, commitTime };
  }

  async beginTransaction(
    caller: Caller,
    database: string,
    options?: TransactionOptions,
  ): Promise<Uint8Array> {
    void caller;
    return this.begin(this.database(database), options).id;
  }

  async rollback(caller: Caller, database: string, transaction: Uint8Array): Promise<void> {
    void caller;
    const db = this.database(database);
    db.transactions.finish(db.transactions.use(transaction));
  }

  // -------------------------------------------------------------------------------------------
  // Listing

  async listCollectionIds(caller: Caller, parent: string): Promise<string[]> {
    if (caller.kind !== 'owner') throw denied();
    const { database, path } = parseParent(parent);
    const paths = this.database(database).store.paths;
    const prefix = path === '' ? '' : path + '/';
    // Production bills a collection-id listing as one read.
    this.reads.add(database, 'query', 1);
    const ids: string[] = [];
    // Paths are in segment order, so each collection's documents are contiguous: skip past them.
    let pos = paths.lowerBound((p) => compareResourcePaths(p, prefix) < 0);
    for (;;) {
      const p = paths.at(pos);
      if (p === undefined || !p.startsWith(prefix)) break;
      const id = p.slice(prefix.length).split('/', 1)[0];
      ids.push(id);
      const past = prefix + id;
      pos = paths.lowerBound((x) => compareResourcePaths(x, past) < 0 || x.startsWith(past + '/'));
    }
    return ids;
  }

  async listDocuments(
    caller: Caller,
    parent: string,
    collectionId: string,
    options?: { pageSize?: number; pageToken?: string; showMissing?: boolean; mask?: string[] },
  ): Promise<{ documents: Document[]; nextPageToken?: string }> {
    const { database, path } = parseParent(parent);
    const db = this.database(database);
    if (options?.showMissing && caller.kind !== 'owner') throw denied();
    const collection = path === '' ? collectionId : `${path}/${collectionId}`;
    const after = options?.pageToken ? Buffer.from(options.pageToken, 'base64').toString('utf8') : undefined;
    const pageSize = options?.pageSize && options.pageSize > 0 ? options.pageSize : Infinity;
    const mask = options?.mask?.map(parseFieldPath);

    const documents: Document[] = [];
    let last: string | undefined;
    let more = false;
    // Skips past a document and everything under it.
    const pastDocument = (doc: string) => (x: string) =>
      compareResourcePaths(x, doc) <= 0 || x.startsWith(doc + '/');
    let pos = db.store.paths.lowerBound(
      after ? pastDocument(after) : (x) => compareResourcePaths(x, collection) <= 0,
    );
    for (;;) {
      const p = db.store.paths.at(pos);
      if (p === undefined || !p.startsWith(collection + '/')) break;
      // The document at this level that p is, or lives under.
      const id = p.slice(collection.length + 1).split('/', 1)[0];
      const docPath = `${collection}/${id}`;
      const doc = db.store.get(docPath);
      if (doc || options?.showMissing) {
        if (documents.length >= pageSize) {
          more = true;
          break;
        }
        documents.push(
          // A missing document is only a name; zero times keep the Document shape for transports.
          doc
            ? projectDocument(doc, mask)
            : { name: documentName(database, docPath), fields: {}, createTime: EPOCH, updateTime: EPOCH },
        );
        last = docPath;
      }
      pos = db.store.paths.lowerBound(pastDocument(docPath));
    }
    if (caller.kind !== 'owner') {
      const query: StructuredQuery = { from: [{ collectionId }] };
      const now = this.clock.readTime();
      const time = fromMicros(now);
      this.authorize({
        method: 'list',
        caller,
        time,
        database,
        lookup: this.lookup(now),
        parent,
        query,
        results: documents,
      });
    }
    this.reads.add(database, 'query', queryReads(documents.length));
    return { documents, nextPageToken: more && last ? Buffer.from(last).toString('base64') : undefined };
  }

  // -------------------------------------------------------------------------------------------
  // Listen

  listen(caller: Caller, database: string, sink: ListenSink): ListenStream {
    return this.database(database).listeners.open(caller, sink);
  }

  // -------------------------------------------------------------------------------------------
  // Admin

  setAuthorizer(authorizer: Authorizer): void {
    this.authorizer = authorizer;
    for (const db of this.databases.values()) db.listeners.recheckAll();
  }

  readCounts(projectId: string): ReadCounts {
    return this.reads.counts(projectId);
  }

  resetReadCounts(projectId: string): void {
    this.reads.reset(projectId);
  }

  readCommitted(name: string): Document | null {
    let parsed;
    try {
      parsed = parseDocumentName(name);
    } catch {
      return null;
    }
    return this.databases.get(parsed.database)?.store.get(parsed.path) ?? null;
  }

  setIndexes(config: IndexConfig): void {
    this.indexConfig = config;
    for (const db of this.databases.values()) db.store.reindex(config);
  }

  clear(): void {
    for (const db of this.databases.values()) {
      db.transactions.clear();
      const removed = new Map<string, Document | null>();
      for (const path of db.store.paths) removed.set(path, null);
      const time = this.clock.commitTime();
      db.store.apply(removed, time);
      db.listeners.onCommit(removed, time);
      db.store.clear();
    }
  }

  exportData(): FirestoreExport {
    const databases: FirestoreExport['databases'] = {};
    for (const name of [...this.databases.keys()].sort()) {
      const store = this.databases.get(name)!.store;
      const documents: ExportedDocument[] = [];
      for (const path of store.paths) {
        const doc = store.get(path)!;
        documents.push({
          path,
          createTime: formatTimestamp(doc.createTime),
          updateTime: formatTimestamp(doc.updateTime),
          fields: fieldsToJson(doc.fields),
        });
      }
      if (documents.length > 0) databases[name] = { documents };
    }
    return { format: 'trato-firestore-export', version: 1, databases };
  }

  importData(data: FirestoreExport): void {
    if (!data || typeof data !== 'object' || !data.databases) {
      throw new FirestoreError(Code.INVALID_ARGUMENT, 'Not a Firestore export: "databases" is missing.');
    }
    for (const [name, { documents }] of Object.entries(data.databases)) {
      const db = this.database(name);
      db.transactions.clear();
      db.store.clear();
      let latest = 0;
      for (const d of documents) {
        const doc: Document = {
          name: documentName(name, d.path),
          fields: fieldsFromJson(d.fields ?? {}),
          createTime: parseTimestamp(d.createTime),
          updateTime: parseTimestamp(d.updateTime),
        };
        const time = toMicros(doc.updateTime);
        latest = Math.max(latest, time);
        db.store.apply(new Map([[d.path, doc]]), time);
      }
      this.clock.observe(latest);
      db.listeners.recheckAll();
    }
  }
}

/**
 * The index entries an aggregation scans: the matching documents after offset and limit, and no
 * more than a count's `upTo` when every aggregation is a count with one (the scan stops there).
 */
function indexEntriesMatched(query: StructuredAggregationQuery, documents: number): number {
  const aggregations = query.aggregations ?? [];
  const caps = aggregations.map((a) => (a.count?.upTo !== undefined ? Number(a.count.upTo) : undefined));
  if (caps.length === 0 || caps.some((c) => c === undefined)) return documents;
  return Math.min(documents, Math.max(...(caps as number[])));
}
