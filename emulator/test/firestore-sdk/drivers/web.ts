/**
 * The scenario driver on the `firebase` web SDK. The same module runs in Node (the SDK's Node
 * build speaks gRPC) and, bundled by esbuild, in Chromium (WebChannel + REST). No Node APIs here.
 * Given `firebase/firestore/lite` as its SDK it drives the lite SDK (REST only, no listeners).
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import * as fullSdk from 'firebase/firestore';
import type {
  Firestore,
  Query,
  QueryCompositeFilterConstraint,
  QueryFilterConstraint,
  QueryNonFilterConstraint,
  WhereFilterOp,
} from 'firebase/firestore';
import type {
  AggregateSpec,
  Driver,
  FilterSpec,
  Identity,
  Json,
  ListenRecord,
  QuerySpec,
  WriteOp,
} from './types.js';

export interface WebDriverOptions {
  name: string;
  projectId: string;
  host: string;
  port: number;
  identity: Identity;
  forceLongPolling?: boolean;
}

/** The part of the SDK surface the driver uses; firebase/firestore/lite fits it too. */
export type WebSdk = typeof fullSdk;

let appCounter = 0;

export function createWebDriver(options: WebDriverOptions, sdk: WebSdk = fullSdk): Driver {
  const {
    Bytes,
    DocumentReference,
    GeoPoint,
    Timestamp,
    and,
    arrayRemove,
    arrayUnion,
    average,
    collection,
    collectionGroup,
    connectFirestoreEmulator,
    count,
    deleteDoc,
    deleteField,
    doc,
    endAt,
    endBefore,
    getAggregateFromServer,
    getDoc,
    getDocs,
    increment,
    initializeFirestore,
    limit,
    limitToLast,
    onSnapshot,
    or,
    orderBy,
    query,
    runTransaction,
    serverTimestamp,
    setDoc,
    addDoc,
    startAfter,
    startAt,
    sum,
    terminate,
    updateDoc,
    where,
    writeBatch,
  } = sdk;
  const app: FirebaseApp = initializeApp(
    { projectId: options.projectId, apiKey: 'fake-api-key' },
    `driver-${++appCounter}-${options.name}`,
  );
  const db: Firestore = initializeFirestore(
    app,
    options.forceLongPolling ? { experimentalForceLongPolling: true } : {},
  );
  const id = options.identity;
  const mockUserToken =
    id.kind === 'owner'
      ? 'owner'
      : id.kind === 'user'
        ? { user_id: id.uid, sub: id.uid, ...(id.claims ?? {}) }
        : undefined;
  connectFirestoreEmulator(
    db,
    options.host,
    options.port,
    mockUserToken ? { mockUserToken: mockUserToken as never } : {},
  );

  const toSdk = (v: Json): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(toSdk);
    if ('$timestamp' in v) {
      const t = v.$timestamp as { seconds: number; nanos: number };
      return new Timestamp(t.seconds, t.nanos);
    }
    if ('$bytes' in v) return Bytes.fromBase64String(v.$bytes as string);
    if ('$ref' in v) return doc(db, v.$ref as string);
    if ('$geo' in v) {
      const [lat, lng] = v.$geo as number[];
      return new GeoPoint(lat, lng);
    }
    if ('$num' in v) return Number(v.$num === '-0' ? -0 : v.$num);
    if ('$serverTimestamp' in v) return serverTimestamp();
    if ('$increment' in v) return increment(v.$increment as number);
    if ('$arrayUnion' in v) return arrayUnion(...(v.$arrayUnion as Json[]).map(toSdk));
    if ('$arrayRemove' in v) return arrayRemove(...(v.$arrayRemove as Json[]).map(toSdk));
    if ('$delete' in v) return deleteField();
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toSdk(x);
    return out;
  };

  const fromSdk = (v: unknown): Json => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') {
      if (Number.isNaN(v) || !Number.isFinite(v)) return { $num: String(v) };
      if (Object.is(v, -0)) return { $num: '-0' };
      return v;
    }
    if (typeof v === 'boolean' || typeof v === 'string') return v;
    if (Array.isArray(v)) return v.map(fromSdk);
    if (v instanceof Timestamp) return { $timestamp: { seconds: v.seconds, nanos: v.nanoseconds } };
    if (v instanceof Bytes) return { $bytes: v.toBase64() };
    if (v instanceof DocumentReference) return { $ref: v.path };
    if (v instanceof GeoPoint) return { $geo: [v.latitude, v.longitude] };
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = fromSdk(x);
    return out;
  };

  const filterOf = (f: FilterSpec): QueryFilterConstraint => {
    if ('filters' in f) {
      const parts = f.filters.map(filterOf);
      return f.op === 'or' ? or(...parts) : and(...parts);
    }
    return where(f.field, f.op as WhereFilterOp, toSdk(f.value));
  };

  const queryOf = (spec: QuerySpec): Query => {
    const base = spec.group ? collectionGroup(db, spec.collection) : collection(db, spec.collection);
    const constraints: QueryNonFilterConstraint[] = [];
    for (const [field, dir] of spec.orderBy ?? []) constraints.push(orderBy(field, dir));
    if (spec.startAt) constraints.push(startAt(...spec.startAt.map(toSdk)));
    if (spec.startAfter) constraints.push(startAfter(...spec.startAfter.map(toSdk)));
    if (spec.endAt) constraints.push(endAt(...spec.endAt.map(toSdk)));
    if (spec.endBefore) constraints.push(endBefore(...spec.endBefore.map(toSdk)));
    if (spec.limit !== undefined) constraints.push(limit(spec.limit));
    if (spec.limitToLast !== undefined) constraints.push(limitToLast(spec.limitToLast));
    // A single field filter is accepted where a composite one is (the overloads do not say so).
    return spec.where
      ? query(base, filterOf(spec.where) as QueryCompositeFilterConstraint, ...constraints)
      : query(base, ...constraints);
  };

  const listeners = new Map<string, { record: ListenRecord; stop: () => void }>();
  const watch = (listenerId: string, subscribe: (record: ListenRecord) => () => void) => {
    const record: ListenRecord = { snapshots: [] };
    listeners.set(listenerId, { record, stop: subscribe(record) });
  };
  const onError = (record: ListenRecord) => (e: { code: string; message: string }) => {
    record.error = { code: e.code, message: e.message };
  };

  return {
    name: options.name,
    async set(path, data, opts) {
      await setDoc(doc(db, path), toSdk(data) as Record<string, unknown>, opts?.merge ? { merge: true } : {});
    },
    async add(path, data) {
      return (await addDoc(collection(db, path), toSdk(data) as Record<string, unknown>)).id;
    },
    async update(path, data) {
      await updateDoc(doc(db, path), toSdk(data) as Record<string, unknown>);
    },
    async delete(path) {
      await deleteDoc(doc(db, path));
    },
    async get(path) {
      const snap = await getDoc(doc(db, path));
      return snap.exists() ? { exists: true, data: fromSdk(snap.data()) } : { exists: false };
    },
    async query(spec) {
      const snap = await getDocs(queryOf(spec));
      return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: fromSdk(d.data()) }));
    },
    async batch(ops: WriteOp[]) {
      const b = writeBatch(db);
      for (const op of ops) {
        if (op.op === 'set')
          b.set(doc(db, op.path), toSdk(op.data) as Record<string, unknown>, op.merge ? { merge: true } : {});
        else if (op.op === 'update') b.update(doc(db, op.path), toSdk(op.data) as Record<string, unknown>);
        else b.delete(doc(db, op.path));
      }
      await b.commit();
    },
    async incrementInTransaction(path, field, by) {
      let attempts = 0;
      await runTransaction(db, async (tx) => {
        attempts++;
        const snap = await tx.get(doc(db, path));
        const current = (snap.exists() ? (snap.get(field) as number | undefined) : undefined) ?? 0;
        // Yield so that concurrent transactions interleave and really contend.
        await new Promise((r) => setTimeout(r, 5));
        tx.set(doc(db, path), { [field]: current + by }, { merge: true });
      });
      return attempts;
    },
    async transfer(from, to, field, amount) {
      await runTransaction(db, async (tx) => {
        const a = await tx.get(doc(db, from));
        const b = await tx.get(doc(db, to));
        const av = (a.get(field) as number) ?? 0;
        const bv = (b.get(field) as number) ?? 0;
        if (av < amount) throw new Error('insufficient');
        tx.update(doc(db, from), { [field]: av - amount });
        tx.update(doc(db, to), { [field]: bv + amount });
      });
    },
    async copyInTransaction(from, to, field, changeFrom) {
      let attempts = 0;
      await runTransaction(db, async (tx) => {
        attempts++;
        const snap = await tx.get(doc(db, from));
        // Optimistic: the change makes this attempt's commit fail its verify, and the SDK retries.
        if (attempts === 1 && changeFrom !== undefined)
          await setDoc(doc(db, from), toSdk(changeFrom) as Record<string, unknown>);
        tx.set(doc(db, to), { [field]: snap.exists() ? (snap.get(field) ?? null) : null });
      });
      return attempts;
    },
    async aggregate(spec, aggregations: AggregateSpec) {
      const fields: Record<
        string,
        ReturnType<typeof count> | ReturnType<typeof sum> | ReturnType<typeof average>
      > = {};
      for (const [alias, [kind, field]] of Object.entries(aggregations)) {
        fields[alias] = kind === 'count' ? count() : kind === 'sum' ? sum(field!) : average(field!);
      }
      const snap = await getAggregateFromServer(queryOf(spec), fields);
      return fromSdk(snap.data()) as Record<string, Json>;
    },
    async listenQuery(listenerId, spec) {
      watch(listenerId, (record) =>
        onSnapshot(
          queryOf(spec),
          // Metadata changes too: the move from cache to a synced snapshot is one of them.
          { includeMetadataChanges: true },
          (snap) => {
            const docs: Record<string, Json> = {};
            for (const d of snap.docs) docs[d.id] = fromSdk(d.data());
            record.snapshots.push({
              ids: snap.docs.map((d) => d.id),
              docs,
              changes: snap.docChanges().map((c) => ({ type: c.type, id: c.doc.id })),
              fromCache: snap.metadata.fromCache,
              hasPendingWrites: snap.metadata.hasPendingWrites,
            });
          },
          onError(record),
        ),
      );
    },
    async listenDoc(listenerId, path) {
      watch(listenerId, (record) =>
        onSnapshot(
          doc(db, path),
          { includeMetadataChanges: true },
          (snap) => {
            record.snapshots.push({
              ids: snap.exists() ? [snap.id] : [],
              docs: snap.exists() ? { [snap.id]: fromSdk(snap.data()) } : {},
              changes: [],
              fromCache: snap.metadata.fromCache,
              hasPendingWrites: snap.metadata.hasPendingWrites,
            });
          },
          onError(record),
        ),
      );
    },
    async listenRecord(listenerId) {
      const l = listeners.get(listenerId);
      if (!l) throw new Error(`no listener ${listenerId}`);
      return JSON.parse(JSON.stringify(l.record)) as ListenRecord;
    },
    async unlisten(listenerId) {
      listeners.get(listenerId)?.stop();
      listeners.delete(listenerId);
    },
    async close() {
      for (const l of listeners.values()) l.stop();
      listeners.clear();
      await terminate(db);
      await deleteApp(app);
    },
  };
}
