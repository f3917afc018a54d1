/**
 * The Storage authorizer: evaluates a `service firebase.storage` ruleset for every object
 * read, list, upload, metadata update and delete.
 *  - request: auth, method, path (/b/{bucket}/o/{object...}), time, params, resource (writes
 *    except delete: name, bucket, size, contentType, metadata, ...).
 *  - resource: the stored object's metadata, null when it does not exist.
 *  - firestore.get(/databases/(default)/documents/...) / firestore.exists(...) read Firestore
 *    through the reader given in the options (default database, fully specified paths).
 */
import type { Document } from '../firestore/model.js';
import type {
  StorageAccessRequest,
  StorageAuthorizer,
  StorageDecision,
  StorageResource,
} from '../storage/access.js';
import { authToRules, documentToResource, toTimestamp } from './convert.js';
import type { CoverageRecorder } from './coverage.js';
import { DocAccessBudget } from './docaccess.js';
import { completeMatches, DOC_ID, evaluateRequest, type Segment } from './engine.js';
import { Evaluator, Frame } from './evaluator.js';
import { describeDenial } from './explain.js';
import type { Ruleset } from './loader.js';
import { functionNotFound, unsupported } from './stdlib/errors.js';
import { RError, RMap, RPath, show, typeName, type Result, type RValue } from './values.js';

/** Reads Firestore documents by full resource name (a DataLookup's `get` is enough). */
export interface FirestoreReader {
  get(name: string): Document | null;
}

export interface StorageDenialInfo {
  method: StorageAccessRequest['method'];
  path: string;
  reason: string;
  request: StorageAccessRequest;
}

export interface StorageAuthorizerOptions {
  /** For firestore.get()/exists(); without it those calls are errors. */
  firestore?: FirestoreReader | (() => FirestoreReader | null);
  /** Project of the Firestore database; defaults to the bucket name before the first dot. */
  projectId?: string;
  onDenied?(info: StorageDenialInfo): void;
  coverage?: CoverageRecorder;
  onDebug?(text: string): void;
  /** Decision when getRuleset() returns null. Default: deny. */
  noRuleset?: 'allow' | 'deny';
}

const FIRESTORE_ACCESS_LIMIT = 10;

export function storageResourceToRules(r: StorageResource): RMap {
  const m = new Map<string, RValue>();
  const set = (k: string, v: RValue | undefined) => {
    if (v !== undefined) m.set(k, v);
  };
  set('name', r.name);
  set('bucket', r.bucket);
  set('generation', r.generation === undefined ? undefined : BigInt(r.generation));
  set('metageneration', r.metageneration === undefined ? undefined : BigInt(r.metageneration));
  set('size', BigInt(r.size));
  set('timeCreated', r.timeCreated && toTimestamp(r.timeCreated));
  set('updated', r.updated && toTimestamp(r.updated));
  set('md5Hash', r.md5Hash);
  set('crc32c', r.crc32c);
  set('etag', r.etag);
  set('contentDisposition', r.contentDisposition);
  set('contentEncoding', r.contentEncoding);
  set('contentLanguage', r.contentLanguage);
  set('contentType', r.contentType);
  set('metadata', new RMap(new Map(Object.entries(r.metadata ?? {}))));
  return new RMap(m);
}

export function createStorageAuthorizer(
  getRuleset: () => Ruleset | null,
  options: StorageAuthorizerOptions = {},
): StorageAuthorizer {
  return {
    authorize(request: StorageAccessRequest): StorageDecision {
      const objectSegments = request.path.split('/').filter(Boolean);
      const base = ['b', request.bucket, 'o'];
      const display = '/' + [...base, ...objectSegments].join('/');
      const deny = (reason: string): StorageDecision => {
        options.onDenied?.({ method: request.method, path: display, reason, request });
        return { allowed: false, reason };
      };
      const ruleset = getRuleset();
      if (!ruleset) {
        return options.noRuleset === 'allow'
          ? { allowed: true, reason: 'no ruleset loaded' }
          : deny('no Storage ruleset is loaded');
      }
      if (ruleset.service !== 'firebase.storage')
        return deny(`ruleset ${ruleset.fileName} is not for firebase.storage`);

      const budget = new DocAccessBudget(FIRESTORE_ACCESS_LIMIT);
      const cache = new Map<string, Document | null>();
      const project = options.projectId ?? request.bucket.split('.')[0];
      const reader = typeof options.firestore === 'function' ? options.firestore() : options.firestore;
      const firestoreNs = (name: string, args: RValue[]): Result => {
        if (name !== 'get' && name !== 'exists') return functionNotFound(`firestore.${name}`);
        const p = args[0];
        if (args.length !== 1 || !(p instanceof RPath)) {
          return unsupported(
            `firestore.${name}(${args.map(typeName).join(', ')})`,
            `firestore.${name}(path)`,
          );
        }
        const s = p.segments;
        if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
          return new RError(`Invalid document path: ${p.toString()}. Paths must be fully specified.`);
        }
        if (!reader)
          return new RError('firestore.get()/exists() is not available: no Firestore emulator is connected.');
        const docName = `projects/${project}/${s.join('/')}`;
        let doc = cache.get(docName);
        if (doc === undefined) {
          const charged = budget.charge(docName);
          if (charged) return evaluator.fail(charged);
          doc = reader.get(docName);
          cache.set(docName, doc);
        }
        if (name === 'exists') return doc !== null;
        return doc ? documentToResource(doc) : null;
      };
      const evaluator = new Evaluator(
        ruleset,
        {
          namespaces: { firestore: firestoreNs },
          debug: (v) =>
            (options.onDebug ?? ((t: string) => console.log(t)))(
              `debug: ${v instanceof RError ? v.message : show(v)}`,
            ),
        },
        { observer: options.coverage?.observer },
      );

      const req = new Map<string, RValue>([
        ['auth', authToRules(request.auth)],
        ['method', request.method],
        ['path', new RPath([...base, ...objectSegments])],
        ['time', toTimestamp(request.time)],
        ['params', new RMap(new Map())],
      ]);
      if (request.requestResource && request.method !== 'delete') {
        req.set('resource', storageResourceToRules(request.requestResource));
      }
      const root = new Frame(
        new Map<string, Result>([
          ['request', new RMap(req)],
          ['resource', request.resource ? storageResourceToRules(request.resource) : null],
        ]),
        null,
        ruleset.serviceScope,
      );
      // A list names a prefix: rules for the objects directly under it apply (the object name
      // stays unknown); a rule written for the prefix path itself applies too.
      let path: Segment[] = [...base, ...objectSegments];
      if (request.method === 'list') {
        const children: Segment[] = [...path, DOC_ID];
        if (completeMatches(ruleset, children, root).length) path = children;
      }
      const d = evaluateRequest(evaluator, path, request.method, root);
      if (d.allowed) return { allowed: true };
      return deny(describeDenial(ruleset, request.method, display, d.evaluated));
    },
  };
}
