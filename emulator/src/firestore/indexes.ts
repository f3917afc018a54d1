/**
 * Sorted indexes kept up to date on every write, per collection group:
 *  - name indexes (documents by name, per parent collection and per group),
 *  - automatic single-field indexes (ascending, read backwards for descending; array-contains),
 *    collection scope by default, collection-group scope when a fieldOverride asks for it,
 *  - composite indexes from firestore.indexes.json.
 * An index entry's key is (parent collection for COLLECTION scope, field values...) then the
 * document path; the path sorts in the direction of the last field, as Firestore's implicit
 * __name__ does.
 */
import { indexableFields, getField } from './fields.js';
import type { Fields, Value } from './model.js';
import {
  canonicalFieldPath,
  collectionIdOf,
  compareResourcePaths,
  formatFieldPath,
  parentCollection,
  parseFieldPath,
} from './paths.js';
import { SortedList } from './sorted.js';
import { compareValues, valuesEqual } from './values.js';

// ---------------------------------------------------------------------------------------------
// firestore.indexes.json

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexFieldSpec {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndexSpec {
  collectionGroup: string;
  queryScope?: QueryScope;
  fields: IndexFieldSpec[];
}

export interface FieldOverrideSpec {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS'; queryScope?: QueryScope }[];
}

/** The parsed content of firestore.indexes.json. */
export interface IndexConfig {
  indexes?: CompositeIndexSpec[];
  fieldOverrides?: FieldOverrideSpec[];
}

// ---------------------------------------------------------------------------------------------
// Physical indexes

export type FieldMode = 'asc' | 'desc' | 'contains';

export interface IndexField {
  segments: string[];
  path: string;
  mode: FieldMode;
}

export interface Entry {
  /** For COLLECTION scope the first component is the parent collection as a reference value. */
  key: Value[];
  path: string;
}

export class Index {
  readonly entries: SortedList<Entry>;
  /** Per key component: 1 or -1. */
  readonly dirs: (1 | -1)[];
  readonly nameDir: 1 | -1;

  constructor(
    readonly collectionGroup: string,
    readonly scope: QueryScope,
    readonly fields: IndexField[],
    readonly spec?: CompositeIndexSpec,
  ) {
    const fieldDirs = fields.map((f) => (f.mode === 'desc' ? -1 : 1) as 1 | -1);
    this.dirs = scope === 'COLLECTION' ? [1, ...fieldDirs] : fieldDirs;
    const ordered = fields.filter((f) => f.mode !== 'contains');
    this.nameDir = ordered.length > 0 && ordered[ordered.length - 1].mode === 'desc' ? -1 : 1;
    this.entries = new SortedList<Entry>((a, b) => this.compareEntries(a, b));
  }

  get prefixLength(): number {
    return this.scope === 'COLLECTION' ? 1 : 0;
  }

  compareEntries(a: Entry, b: Entry): number {
    for (let i = 0; i < this.dirs.length; i++) {
      const c = compareValues(a.key[i], b.key[i]);
      if (c !== 0) return c * this.dirs[i];
    }
    return compareResourcePaths(a.path, b.path) * this.nameDir;
  }

  /** Compares an entry with a (possibly partial) probe; 0 when the probe's components match. */
  compareProbe(e: Entry, vals: readonly Value[], path?: string): number {
    for (let i = 0; i < vals.length; i++) {
      const c = compareValues(e.key[i], vals[i]);
      if (c !== 0) return c * this.dirs[i];
    }
    return path === undefined ? 0 : compareResourcePaths(e.path, path) * this.nameDir;
  }

  /** The entries a document contributes; none when a field is missing. */
  entriesFor(path: string, fields: Fields): Entry[] {
    let keys: Value[][] = [this.scope === 'COLLECTION' ? [parentKey(parentCollection(path))] : []];
    for (const f of this.fields) {
      const v = getField(fields, f.segments);
      if (v === undefined) return [];
      if (f.mode !== 'contains') {
        keys = keys.map((k) => [...k, v]);
        continue;
      }
      if (!('arrayValue' in v)) return [];
      const distinct: Value[] = [];
      for (const e of v.arrayValue.values ?? [])
        if (!distinct.some((d) => valuesEqual(d, e))) distinct.push(e);
      keys = keys.flatMap((k) => distinct.map((e) => [...k, e]));
    }
    return keys.map((key) => ({ key, path }));
  }

  add(path: string, fields: Fields): void {
    for (const e of this.entriesFor(path, fields)) this.entries.insert(e);
  }

  remove(path: string, fields: Fields): void {
    for (const e of this.entriesFor(path, fields)) this.entries.remove(e);
  }
}

/**
 * Parent collection key values are shared objects, so comparing two entries of the same parent
 * (the common case) is an identity check rather than a path comparison.
 */
const parentKeys = new Map<string, Value>();
export function parentKey(collectionPath: string): Value {
  let v = parentKeys.get(collectionPath);
  if (!v) {
    if (parentKeys.size > 100_000) parentKeys.clear();
    parentKeys.set(collectionPath, (v = { referenceValue: collectionPath }));
  }
  return v;
}

/** The single-field indexes of one field in one collection group. */
export interface SingleFieldIndexes {
  /** Serves ascending and (read backwards) descending order and equality. */
  ordered?: Index;
  contains?: Index;
}

interface GroupIndexes {
  /** Documents by name: per parent collection, and across the group. */
  byParent: Index;
  byGroup: Index;
  single: Record<QueryScope, Map<string, SingleFieldIndexes>>;
  composites: Index[];
}

/** Which single-field indexes exist for a field, as production would have them. */
export interface SingleFieldSettings {
  asc: boolean;
  desc: boolean;
  contains: boolean;
}

const AUTOMATIC: Record<QueryScope, SingleFieldSettings> = {
  COLLECTION: { asc: true, desc: true, contains: true },
  COLLECTION_GROUP: { asc: false, desc: false, contains: false },
};

export function compositeFields(spec: CompositeIndexSpec): IndexField[] {
  return spec.fields.map((f) => {
    const segments = f.fieldPath === '__name__' ? ['__name__'] : parseFieldPath(f.fieldPath);
    const mode: FieldMode = f.arrayConfig ? 'contains' : f.order === 'DESCENDING' ? 'desc' : 'asc';
    return { segments, path: canonicalFieldPath(f.fieldPath), mode };
  });
}

export class IndexManager {
  private groups = new Map<string, GroupIndexes>();
  private overrides = new Map<string, Record<QueryScope, SingleFieldSettings>>();
  /** Subfields' inherited overrides (null: none), by collection group and path. */
  private inherited = new Map<string, Record<QueryScope, SingleFieldSettings> | null>();
  private config: IndexConfig = {};

  constructor(config: IndexConfig = {}) {
    this.configure(config);
  }

  get indexConfig(): IndexConfig {
    return this.config;
  }

  /** Replaces the configuration; the caller re-adds every document (see rebuild). */
  configure(config: IndexConfig): void {
    this.config = config;
    this.groups.clear();
    this.overrides.clear();
    this.inherited.clear();
    for (const o of config.fieldOverrides ?? []) {
      const settings: Record<QueryScope, SingleFieldSettings> = {
        COLLECTION: { asc: false, desc: false, contains: false },
        COLLECTION_GROUP: { asc: false, desc: false, contains: false },
      };
      for (const i of o.indexes ?? []) {
        const s = settings[i.queryScope ?? 'COLLECTION'];
        if (i.arrayConfig) s.contains = true;
        else if (i.order === 'DESCENDING') s.desc = true;
        else s.asc = true;
      }
      this.overrides.set(`${o.collectionGroup}\u0000${canonicalFieldPath(o.fieldPath)}`, settings);
    }
  }

  /**
   * The single-field index settings production would have for this field: its own override, else
   * the nearest enclosing map field's (an override of a map field applies to its subfields, as
   * production's exemptions do: `searchIndex` set to ascending only indexes `searchIndex.ana`
   * ascending only), else the automatic settings.
   */
  singleFieldSettings(collectionGroup: string, path: string, scope: QueryScope): SingleFieldSettings {
    return this.overrideOf(collectionGroup, path)?.[scope] ?? AUTOMATIC[scope];
  }

  private overrideOf(
    collectionGroup: string,
    path: string,
  ): Record<QueryScope, SingleFieldSettings> | undefined {
    const own = this.overrides.get(`${collectionGroup}\u0000${path}`);
    // Only a path with a dot can be a subfield (a quoted segment may hold one too: parsed below).
    if (own || this.overrides.size === 0 || !path.includes('.')) return own;
    const key = `${collectionGroup}\u0000${path}`;
    if (this.inherited.has(key)) return this.inherited.get(key) ?? undefined;
    let found: Record<QueryScope, SingleFieldSettings> | undefined;
    const segments = parseFieldPath(path);
    for (let n = segments.length - 1; n > 0 && !found; n--)
      found = this.overrides.get(`${collectionGroup}\u0000${formatFieldPath(segments.slice(0, n))}`);
    // Every write asks for each of its fields (a search map has ~100): remember the answer.
    if (this.inherited.size > 100_000) this.inherited.clear();
    this.inherited.set(key, found ?? null);
    return found;
  }

  private group(collectionGroup: string): GroupIndexes {
    let g = this.groups.get(collectionGroup);
    if (!g) {
      g = {
        byParent: new Index(collectionGroup, 'COLLECTION', []),
        byGroup: new Index(collectionGroup, 'COLLECTION_GROUP', []),
        single: { COLLECTION: new Map(), COLLECTION_GROUP: new Map() },
        composites: (this.config.indexes ?? [])
          .filter((s) => s.collectionGroup === collectionGroup)
          .map((s) => new Index(collectionGroup, s.queryScope ?? 'COLLECTION', compositeFields(s), s)),
      };
      this.groups.set(collectionGroup, g);
    }
    return g;
  }

  nameIndex(collectionGroup: string, scope: QueryScope): Index {
    const g = this.group(collectionGroup);
    return scope === 'COLLECTION' ? g.byParent : g.byGroup;
  }

  singleField(collectionGroup: string, path: string, scope: QueryScope): SingleFieldIndexes {
    return this.group(collectionGroup).single[scope].get(path) ?? {};
  }

  composites(collectionGroup: string): Index[] {
    return this.group(collectionGroup).composites;
  }

  /** Moves a document's entries from its old fields to its new ones (null: absent). */
  update(path: string, before: Fields | null, after: Fields | null): void {
    const g = this.group(collectionIdOf(path));
    if (before) this.removeDocument(g, path, before);
    if (after) this.addDocument(g, path, after);
  }

  private addDocument(g: GroupIndexes, path: string, fields: Fields): void {
    g.byParent.add(path, fields);
    g.byGroup.add(path, fields);
    for (const [segments, value] of indexableFields(fields)) {
      const fieldPath = formatFieldPath(segments);
      for (const scope of ['COLLECTION', 'COLLECTION_GROUP'] as const) {
        const settings = this.singleFieldSettings(g.byParent.collectionGroup, fieldPath, scope);
        const wantOrdered = settings.asc || settings.desc;
        const wantContains = settings.contains && 'arrayValue' in value;
        if (!wantOrdered && !wantContains) continue;
        const map = g.single[scope];
        let s = map.get(fieldPath);
        if (!s) map.set(fieldPath, (s = {}));
        const field = { segments, path: fieldPath };
        if (wantOrdered) {
          s.ordered ??= new Index(g.byParent.collectionGroup, scope, [{ ...field, mode: 'asc' }]);
          s.ordered.add(path, fields);
        }
        if (wantContains) {
          s.contains ??= new Index(g.byParent.collectionGroup, scope, [{ ...field, mode: 'contains' }]);
          s.contains.add(path, fields);
        }
      }
    }
    for (const c of g.composites) c.add(path, fields);
  }

  private removeDocument(g: GroupIndexes, path: string, fields: Fields): void {
    g.byParent.remove(path, fields);
    g.byGroup.remove(path, fields);
    for (const [segments] of indexableFields(fields)) {
      const fieldPath = formatFieldPath(segments);
      for (const scope of ['COLLECTION', 'COLLECTION_GROUP'] as const) {
        const s = g.single[scope].get(fieldPath);
        s?.ordered?.remove(path, fields);
        s?.contains?.remove(path, fields);
      }
    }
    for (const c of g.composites) c.remove(path, fields);
  }
}
