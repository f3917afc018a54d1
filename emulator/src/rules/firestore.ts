/**
 * The Firestore Authorizer: evaluates a loaded ruleset (service cloud.firestore) for every
 * get, list, create, update and delete the emulator performs.
 *  - `request`: auth (null when signed out), method, path, time, resource (writes), query (list).
 *  - `resource`: the stored document {data, id, __name__}, null when missing.
 *  - get()/exists()/getAfter()/existsAfter() read the request's DataLookup, cached per request,
 *    at most 10 distinct documents per request and 20 per batch (writes sharing a DataLookup).
 *  - list: decided from the query (query.ts), and additionally every returned document must be
 *    one the rule allows (evaluated once per collection when that provably decides them all).
 */
import type { AccessRequest, Authorizer, DataLookup, Decision, ListRequest } from '../firestore/access.js';
import type { Document } from '../firestore/model.js';
import { authToRules, documentToResource, nameToSegments, projectOf, toTimestamp } from './convert.js';
import type { CoverageRecorder } from './coverage.js';
import { DocAccessBudget } from './docaccess.js';
import { ANY_SEGMENTS, DOC_ID, evaluateRequest, type Method, type Segment } from './engine.js';
import { Evaluator, Frame, type EvalHost, type ExpressionObserver } from './evaluator.js';
import { culprit, describeDenial, sourceText } from './explain.js';
import type { CompiledMatch, Ruleset } from './loader.js';
import { describeConjunct, queryProperties, toDisjuncts } from './query.js';
import { unsupported } from './stdlib/errors.js';
import {
  RError,
  RMap,
  RPath,
  RSymMap,
  RUnknown,
  show,
  typeName,
  type Result,
  type RValue,
} from './values.js';

export interface DenialInfo {
  method: Method;
  /** Rules path of the request (/databases/{d}/documents/...). */
  path: string;
  reason: string;
  request: AccessRequest;
}

export interface FirestoreAuthorizerOptions {
  onDenied?(info: DenialInfo): void;
  coverage?: CoverageRecorder;
  /** debug() output. Defaults to console.log. */
  onDebug?(text: string): void;
  /** Decision when getRuleset() returns null. Default: deny. */
  noRuleset?: 'allow' | 'deny';
}

const PER_REQUEST_ACCESS = 10;
const PER_BATCH_ACCESS = 20;

export function createFirestoreAuthorizer(
  getRuleset: () => Ruleset | null,
  options: FirestoreAuthorizerOptions = {},
): Authorizer {
  // Writes of one commit share the DataLookup: that is where the batch budget lives.
  const batchBudgets = new WeakMap<DataLookup, DocAccessBudget>();

  const deny = (request: AccessRequest, method: Method, path: string, reason: string): Decision => {
    options.onDenied?.({ method, path, reason, request });
    return { allowed: false, reason };
  };

  return {
    authorize(request: AccessRequest): Decision {
      if (request.caller.kind === 'owner') return { allowed: true, reason: 'owner bypasses rules' };
      const ruleset = getRuleset();
      const method = request.method;
      const name = request.method === 'list' ? request.parent : request.name;
      const path = '/' + nameToSegments(name).join('/');
      if (!ruleset) {
        if (options.noRuleset === 'allow') return { allowed: true, reason: 'no ruleset loaded' };
        return deny(request, method, path, 'no Firestore ruleset is loaded');
      }
      if (ruleset.service !== 'cloud.firestore') {
        return deny(request, method, path, `ruleset ${ruleset.fileName} is not for cloud.firestore`);
      }
      let budget: DocAccessBudget;
      if (request.method === 'create' || request.method === 'update' || request.method === 'delete') {
        let shared = batchBudgets.get(request.lookup);
        if (!shared) batchBudgets.set(request.lookup, (shared = new DocAccessBudget(PER_BATCH_ACCESS)));
        budget = new DocAccessBudget(PER_REQUEST_ACCESS, shared);
      } else {
        budget = new DocAccessBudget(PER_REQUEST_ACCESS);
      }
      const ctx = new RequestContext(ruleset, request, budget, options);
      const result = request.method === 'list' ? ctx.authorizeList(request) : ctx.authorizeSingle();
      if (!result.allowed) return deny(request, method, path, result.reason ?? 'denied');
      return result;
    },
  };
}

/** request's entries when the document is unknown: reading `path`, or the values of the whole
 *  map (`request == m`, `request.values()`, diff, debug), is reading the document. */
class BlindRequest extends Map<string, RValue> {
  pathRead = false;
  override get(key: string): RValue | undefined {
    if (key === 'path') this.pathRead = true;
    return super.get(key);
  }
  override forEach(...args: Parameters<Map<string, RValue>['forEach']>): void {
    this.pathRead = true;
    super.forEach(...args);
  }
  override values(): MapIterator<RValue> {
    this.pathRead = true;
    return super.values();
  }
  override entries(): MapIterator<[string, RValue]> {
    this.pathRead = true;
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, RValue]> {
    this.pathRead = true;
    return super[Symbol.iterator]();
  }
}

const literalSegments = new WeakMap<Ruleset, Set<string>>();

/** The literal segments of the ruleset's match paths: a document whose id is one of them may
 *  match other blocks than its siblings (`match /stories/featured`). */
function matchLiterals(ruleset: Ruleset): Set<string> {
  let out = literalSegments.get(ruleset);
  if (!out) {
    const found = new Set<string>();
    const walk = (matches: CompiledMatch[]) => {
      for (const m of matches) {
        for (const seg of m.decl.path) if (seg.kind === 'literal') found.add(seg.text);
        walk(m.children);
      }
    };
    walk(ruleset.matches);
    literalSegments.set(ruleset, (out = found));
  }
  return out;
}

class RequestContext {
  private readonly cache = new Map<string, Document | null>();
  readonly evaluator: Evaluator;
  private readonly project: string;
  /** While set, coverage and debug() output wait here: kept only if the evaluation counts. */
  private deferred: (() => void)[] | null = null;

  constructor(
    readonly ruleset: Ruleset,
    readonly request: AccessRequest,
    private readonly budget: DocAccessBudget,
    options: FirestoreAuthorizerOptions,
  ) {
    this.project = projectOf(request.database);
    const debug = options.onDebug ?? ((t: string) => console.log(t));
    const host: EvalHost = {
      callGlobal: (fn, args) => this.lookup(fn, args),
      debug: (v) => {
        const print = () => debug(`debug: ${v instanceof RError ? v.message : show(v)}`);
        if (this.deferred) this.deferred.push(print);
        else print();
      },
    };
    const cover = options.coverage?.observer;
    const observer: ExpressionObserver | undefined =
      cover &&
      ((rs, id, outcome) => {
        if (this.deferred) this.deferred.push(() => cover(rs, id, outcome));
        else cover(rs, id, outcome);
      });
    this.evaluator = new Evaluator(ruleset, host, { observer });
  }

  private baseRequest(method: Method, path: RValue): Map<string, RValue> {
    const caller = this.request.caller;
    return new Map<string, RValue>([
      ['auth', authToRules(caller.kind === 'user' ? caller.auth : null)],
      ['method', method],
      ['path', path],
      ['time', toTimestamp(this.request.time)],
    ]);
  }

  private root(request: Map<string, RValue>, resource: RValue): Frame {
    return new Frame(
      new Map<string, Result>([
        ['request', new RMap(request)],
        ['resource', resource],
      ]),
      null,
      this.ruleset.serviceScope,
    );
  }

  /** get, create, update, delete */
  authorizeSingle(): Decision {
    const r = this.request;
    if (r.method === 'list') throw new Error('unreachable');
    const segments = nameToSegments(r.name);
    const req = this.baseRequest(r.method, new RPath(segments));
    if (r.method === 'create' || r.method === 'update' || r.method === 'delete') {
      req.set('resource', r.requestResource ? documentToResource(r.requestResource) : null);
    }
    const resource = r.resource ? documentToResource(r.resource) : null;
    const d = evaluateRequest(this.evaluator, segments, r.method, this.root(req, resource));
    if (d.allowed) return { allowed: true };
    return {
      allowed: false,
      reason: describeDenial(this.ruleset, r.method, '/' + segments.join('/'), d.evaluated),
    };
  }

  authorizeList(r: ListRequest): Decision {
    const parent = nameToSegments(r.parent);
    const q = r.query;
    const from = q.from?.[0];
    if (!from) return { allowed: false, reason: 'query without a collection' };
    const props = queryProperties(q);
    const collectionPath = '/' + [...parent, from.collectionId].join('/');
    const docPath: Segment[] = from.allDescendants
      ? [...parent, ANY_SEGMENTS, from.collectionId, DOC_ID]
      : [...parent, from.collectionId, DOC_ID];

    const disjuncts = toDisjuncts(q.where);
    if (!disjuncts)
      return { allowed: false, reason: `list ${collectionPath}: too many disjunctions to check` };
    for (const conj of disjuncts) {
      const req = this.baseRequest('list', new RUnknown('request.path'));
      req.set('query', RMap.of(props));
      const nameFacts = conj.get('__name__');
      const name = nameFacts && 'eq' in nameFacts ? nameFacts.eq : undefined;
      const resource = RMap.of({
        data: new RSymMap('', conj, 'resource.data'),
        id: name instanceof RPath ? name.segments[name.segments.length - 1] : new RUnknown('resource.id'),
        __name__: name instanceof RPath ? name : new RUnknown('resource.__name__'),
      });
      this.evaluator.reset(); // each disjunct is checked like a request of its own
      const d = evaluateRequest(this.evaluator, docPath, 'list', this.root(req, resource));
      if (d.allowed) continue;
      const unknown = d.evaluated
        .map((ev) => ev.result)
        .find((res): res is RUnknown => res instanceof RUnknown);
      let reason = describeDenial(this.ruleset, 'list', collectionPath, d.evaluated);
      if (unknown) {
        const ev = d.evaluated.find((x) => x.result instanceof RUnknown)!;
        const c = culprit(this.ruleset, ev.allow.condition!, ev.trace);
        reason =
          `list ${collectionPath} denied: rules are not filters; for the query disjunct ` +
          `[${describeConjunct(conj)}] the rule at ${this.ruleset.fileName}:${ev.allow.loc.line}:${ev.allow.loc.column} ` +
          `depends on ${unknown.what}, which the query does not constrain ` +
          `(${sourceText(this.ruleset, c)} at ${c.loc.line}:${c.loc.column})`;
      }
      return { allowed: false, reason };
    }

    // Independently: never return a document the rules would refuse. Documents of one collection
    // share one evaluation when it provably decides them all (allowsEveryDocumentOf).
    const shared = new Map<string, boolean>();
    const literals = matchLiterals(this.ruleset);
    for (const doc of r.results) {
      const cut = doc.name.lastIndexOf('/');
      if (!literals.has(doc.name.slice(cut + 1))) {
        const collection = doc.name.slice(0, cut);
        let allowed = shared.get(collection);
        if (allowed === undefined)
          shared.set(collection, (allowed = this.allowsEveryDocumentOf(collection, props)));
        if (allowed) continue;
      }
      const segments = nameToSegments(doc.name);
      const req = this.baseRequest('list', new RPath(segments));
      req.set('query', RMap.of(props));
      this.evaluator.reset();
      const d = evaluateRequest(this.evaluator, segments, 'list', this.root(req, documentToResource(doc)));
      if (!d.allowed) {
        return {
          allowed: false,
          reason:
            `list ${collectionPath}: result ${'/' + segments.join('/')} is not readable; ` +
            describeDenial(this.ruleset, 'list', '/' + segments.join('/'), d.evaluated),
        };
      }
    }
    return { allowed: true };
  }

  /**
   * The list rule for "a document of `collection`": `resource`, `request.path` and the document
   * id (DOC_ID) unknown. An evaluation that allows without any expression evaluating to an
   * unknown and without reading request.path never read the document: everything it read —
   * request.auth/time/query, the collection's path wildcards, get() results (cached per request) —
   * is the same for every document of the collection, and so is the path matching (documents
   * whose id is a literal of a match path are kept apart by the caller). Each document's own
   * evaluation would take the same steps to the same grant, so one stands for all of them.
   * Otherwise (false), the caller evaluates each document.
   */
  private allowsEveryDocumentOf(collection: string, props: Record<string, RValue>): boolean {
    const req = new BlindRequest(this.baseRequest('list', new RUnknown('request.path')));
    req.set('query', RMap.of(props));
    const path: Segment[] = [...nameToSegments(collection), DOC_ID];
    this.evaluator.reset();
    const deferred: (() => void)[] = (this.deferred = []);
    try {
      const d = evaluateRequest(this.evaluator, path, 'list', this.root(req, new RUnknown('resource')));
      if (!d.allowed || this.evaluator.unknowns > 0 || req.pathRead) return false;
    } finally {
      this.deferred = null;
    }
    // Coverage and debug() of an evaluation that stands for real documents.
    for (const f of deferred) f();
    return true;
  }

  /** get(), exists(), getAfter(), existsAfter() */
  private lookup(fn: string, args: RValue[]): Result | undefined {
    if (fn !== 'get' && fn !== 'exists' && fn !== 'getAfter' && fn !== 'existsAfter') return undefined;
    const p = args[0];
    if (args.length !== 1 || !(p instanceof RPath)) {
      return unsupported(`${fn}(${args.map(typeName).join(', ')})`, `${fn}(path)`);
    }
    const s = p.segments;
    // Fully specified document path: /databases/{db}/documents/{collection}/{doc}[/...]
    if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
      return new RError(`Invalid document path: ${p.toString()}. Paths must be fully specified.`);
    }
    const after = fn.endsWith('After');
    const name = `projects/${this.project}/${s.join('/')}`;
    const key = `${after ? 'after' : 'before'}:${name}`;
    let doc: Document | null;
    if (this.cache.has(key)) {
      doc = this.cache.get(key)!;
    } else {
      const charged = this.budget.charge(key);
      if (charged) return this.evaluator.fail(charged);
      doc = after ? this.request.lookup.getAfter(name) : this.request.lookup.get(name);
      this.cache.set(key, doc);
    }
    if (fn === 'exists' || fn === 'existsAfter') return doc !== null;
    return doc ? documentToResource(doc) : null;
  }
}
