/**
 * The scenario driver on firebase-admin's Firestore (@google-cloud/firestore over gRPC). It always
 * acts as owner (`Bearer owner`), as the admin SDK does against an emulator.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import {
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  getFirestore,
  AggregateField,
} from 'firebase-admin/firestore';
import type { DocumentReference as AdminRef, Firestore, Query } from 'firebase-admin/firestore';
import type { AggregateSpec, Driver, FilterSpec, Json, ListenRecord, QuerySpec, WriteOp } from './types.js';

let counter = 0;

const CODE_NAMES: Record<number, string> = {
  1: 'cancelled',
  2: 'unknown',
  3: 'invalid-argument',
  4: 'deadline-exceeded',
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'aborted',
  11: 'out-of-range',
  12: 'unimplemented',
  13: 'internal',
  14: 'unavailable',
  15: 'data-loss',
  16: 'unauthenticated',
};

/** Admin errors carry numeric gRPC codes; scenarios compare the web SDK's string codes. */
function normalizeError(err: unknown): Error {
  const e = err as { code?: unknown; message?: string };
  const out = new Error(e?.message ?? String(err)) as Error & { code?: string };
  out.code =
    typeof e?.code === 'number' ? (CODE_NAMES[e.code] ?? String(e.code)) : String(e?.code ?? 'unknown');
  return out;
}

export function createAdminDriver(options: { projectId: string; host: string; port: number }): Driver {
  // The environment variable would override the per-instance host (it may point at a dev emulator).
  delete process.env.FIRESTORE_EMULATOR_HOST;
  const app = initializeApp({ projectId: options.projectId }, `admin-driver-${++counter}`);
  const db: Firestore = getFirestore(app);
  db.settings({ host: `${options.host}:${options.port}`, ssl: false });

  const toSdk = (v: Json): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(toSdk);
    if ('$timestamp' in v) {
      const t = v.$timestamp as { seconds: number; nanos: number };
      return new Timestamp(t.seconds, t.nanos);
    }
    if ('$bytes' in v) return Buffer.from(v.$bytes as string, 'base64');
    if ('$ref' in v) return db.doc(v.$ref as string);
    if ('$geo' in v) {
      const [lat, lng] = v.$geo as number[];
      return new GeoPoint(lat, lng);
    }
    if ('$num' in v) return Number(v.$num === '-0' ? -0 : v.$num);
    if ('$serverTimestamp' in v) return FieldValue.serverTimestamp();
    if ('$increment' in v) return FieldValue.increment(v.$increment as number);
    if ('$arrayUnion' in v) return FieldValue.arrayUnion(...(v.$arrayUnion as Json[]).map(toSdk));
    if ('$arrayRemove' in v) return FieldValue.arrayRemove(...(v.$arrayRemove as Json[]).map(toSdk));
    if ('$delete' in v) return FieldValue.delete();
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
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
    if (v instanceof GeoPoint) return { $geo: [v.latitude, v.longitude] };
    if (typeof (v as AdminRef).path === 'string' && typeof (v as AdminRef).collection === 'function')
      return { $ref: (v as AdminRef).path };
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = fromSdk(x);
    return out;
  };

  const filterOf = (f: FilterSpec): Filter => {
    if ('filters' in f) {
      const parts = f.filters.map(filterOf);
      return f.op === 'or' ? Filter.or(...parts) : Filter.and(...parts);
    }
    return Filter.where(f.field, f.op as FirebaseFirestore.WhereFilterOp, toSdk(f.value));
  };

  const queryOf = (spec: QuerySpec): Query => {
    let q: Query = spec.group ? db.collectionGroup(spec.collection) : db.collection(spec.collection);
    if (spec.where) q = q.where(filterOf(spec.where));
    for (const [field, dir] of spec.orderBy ?? []) q = q.orderBy(field, dir);
    if (spec.startAt) q = q.startAt(...spec.startAt.map(toSdk));
    if (spec.startAfter) q = q.startAfter(...spec.startAfter.map(toSdk));
    if (spec.endAt) q = q.endAt(...spec.endAt.map(toSdk));
    if (spec.endBefore) q = q.endBefore(...spec.endBefore.map(toSdk));
    if (spec.limit !== undefined) q = q.limit(spec.limit);
    if (spec.limitToLast !== undefined) q = q.limitToLast(spec.limitToLast);
    return q;
  };

  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        throw normalizeError(err);
      }
    };

  const listeners = new Map<string, { record: ListenRecord; stop: () => void }>();
  const onError = (record: ListenRecord) => (err: Error) => {
    const e = normalizeError(err) as Error & { code: string };
    record.error = { code: e.code, message: e.message };
  };

  return {
    name: 'admin',
    set: wrap(async (path, data, opts) => {
      await db.doc(path).set(toSdk(data) as Record<string, unknown>, opts?.merge ? { merge: true } : {});
    }),
    add: wrap(
      async (path, data) => (await db.collection(path).add(toSdk(data) as Record<string, unknown>)).id,
    ),
    update: wrap(async (path, data) => {
      await db.doc(path).update(toSdk(data) as Record<string, unknown>);
    }),
    delete: wrap(async (path) => {
      await db.doc(path).delete();
    }),
    get: wrap(async (path) => {
      const snap = await db.doc(path).get();
      return snap.exists ? { exists: true, data: fromSdk(snap.data()) } : { exists: false };
    }),
    query: wrap(async (spec) => {
      const snap = await queryOf(spec).get();
      return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: fromSdk(d.data()) }));
    }),
    batch: wrap(async (ops: WriteOp[]) => {
      const b = db.batch();
      for (const op of ops) {
        if (op.op === 'set')
          b.set(db.doc(op.path), toSdk(op.data) as Record<string, unknown>, op.merge ? { merge: true } : {});
        else if (op.op === 'update') b.update(db.doc(op.path), toSdk(op.data) as Record<string, unknown>);
        else b.delete(db.doc(op.path));
      }
      await b.commit();
    }),
    incrementInTransaction: wrap(async (path, field, by) => {
      let attempts = 0;
      await db.runTransaction(async (tx) => {
        attempts++;
        const snap = await tx.get(db.doc(path));
        const current = (snap.exists ? (snap.get(field) as number | undefined) : undefined) ?? 0;
        await new Promise((r) => setTimeout(r, 5));
        tx.set(db.doc(path), { [field]: current + by }, { merge: true });
      });
      return attempts;
    }),
    transfer: wrap(async (from, to, field, amount) => {
      await db.runTransaction(async (tx) => {
        const [a, b] = await tx.getAll(db.doc(from), db.doc(to));
        const av = (a.get(field) as number) ?? 0;
        const bv = (b.get(field) as number) ?? 0;
        if (av < amount) throw new Error('insufficient');
        tx.update(db.doc(from), { [field]: av - amount });
        tx.update(db.doc(to), { [field]: bv + amount });
      });
    }),
    copyInTransaction: wrap(async (from, to, field, changeFrom) => {
      let attempts = 0;
      let change: Promise<unknown> | undefined;
      await db.runTransaction(async (tx) => {
        attempts++;
        const snap = await tx.get(db.doc(from));
        // Pessimistic: the transaction holds a lock on what it read, so the change waits for its
        // commit (it cannot be awaited here) instead of making it retry.
        if (attempts === 1 && changeFrom !== undefined)
          change = db.doc(from).set(toSdk(changeFrom) as Record<string, unknown>);
        tx.set(db.doc(to), { [field]: snap.exists ? (snap.get(field) ?? null) : null });
      });
      await change;
      return attempts;
    }),
    aggregate: wrap(async (spec, aggregations: AggregateSpec) => {
      const fields: Record<string, AggregateField<number | null>> = {};
      for (const [alias, [kind, field]] of Object.entries(aggregations)) {
        fields[alias] =
          kind === 'count'
            ? AggregateField.count()
            : kind === 'sum'
              ? AggregateField.sum(field!)
              : AggregateField.average(field!);
      }
      const snap = await queryOf(spec).aggregate(fields).get();
      return fromSdk(snap.data()) as Record<string, Json>;
    }),
    async listenQuery(listenerId, spec) {
      const record: ListenRecord = { snapshots: [] };
      const stop = queryOf(spec).onSnapshot((snap) => {
        const docs: Record<string, Json> = {};
        for (const d of snap.docs) docs[d.id] = fromSdk(d.data());
        record.snapshots.push({
          ids: snap.docs.map((d) => d.id),
          docs,
          changes: snap.docChanges().map((c) => ({ type: c.type, id: c.doc.id })),
          fromCache: false,
          hasPendingWrites: false,
        });
      }, onError(record));
      listeners.set(listenerId, { record, stop });
    },
    async listenDoc(listenerId, path) {
      const record: ListenRecord = { snapshots: [] };
      const stop = db.doc(path).onSnapshot((snap) => {
        record.snapshots.push({
          ids: snap.exists ? [snap.id] : [],
          docs: snap.exists ? { [snap.id]: fromSdk(snap.data()) } : {},
          changes: [],
          fromCache: false,
          hasPendingWrites: false,
        });
      }, onError(record));
      listeners.set(listenerId, { record, stop });
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
      await db.terminate();
      await deleteApp(app);
    },
  };
}
