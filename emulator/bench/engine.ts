/**
 * The server-side share of listener fan-out: the engine alone, no transport and no SDK. A commit
 * recomputes (and re-authorizes) every affected target synchronously, so the time of
 * engine.commit() is the time until every listener's change has been handed to its stream.
 */
import { performance } from 'node:perf_hooks';
import { createFirestoreEngine } from '../src/firestore/engine.js';
import { OWNER, type Caller, type Write } from '../src/firestore/model.js';
import { fieldsFromJs } from '../src/firestore/values.js';
import { firestoreRules } from '../src/rules/index.js';
import { RULES } from './rules.js';
import { summarize, type Summary } from './stats.js';
import { DATABASE, PROJECT } from './targets.js';

const root = `${DATABASE}/documents`;

export interface EngineFanOut {
  label: string;
  listeners: number;
  /** ms of one engine.commit() of one document with every target registered. */
  commit: Summary;
  /** The same commit with no listener, for reference. */
  commitWithoutListeners: Summary;
}

async function measure(
  label: string,
  listeners: number,
  rounds: number,
  collectionPath: string,
  withRules: boolean,
): Promise<EngineFanOut> {
  const engine = createFirestoreEngine({ projectId: PROJECT });
  const seed: Write[] = [];
  for (let i = 0; i < listeners; i++) {
    seed.push({
      update: {
        name: `${root}/organizations/acme/members/m${i}`,
        fields: fieldsFromJs({ role: 'seller', permissions: { contacts: { view: true, edit: false } } }),
      },
    });
  }
  for (let i = 0; i < 100; i++) {
    seed.push({
      update: { name: `${root}/${collectionPath}/c${i}`, fields: fieldsFromJs({ at: i, name: `C ${i}` }) },
    });
  }
  await engine.commit(OWNER, DATABASE, seed);
  if (withRules) {
    const rules = firestoreRules();
    const loaded = rules.load(RULES);
    if (!loaded.ok) throw new Error(loaded.message);
    engine.setAuthorizer(rules.authorizer);
  }
  const [parent, collectionId] = [
    `${root}/${collectionPath.split('/').slice(0, -1).join('/')}`.replace(/\/$/, ''),
    collectionPath.split('/').at(-1)!,
  ];
  const write = (id: string, at: number): Write => ({
    update: { name: `${root}/${collectionPath}/${id}`, fields: fieldsFromJs({ at, name: 'new' }) },
  });

  const without: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    await engine.commit(OWNER, DATABASE, [write(`pre-${r}`, 500_000 + r)]);
    without.push(performance.now() - start);
  }

  let received = 0;
  let want = '';
  let removed: string | undefined;
  const streams = [];
  for (let i = 0; i < listeners; i++) {
    const caller: Caller = withRules
      ? { kind: 'user', auth: { uid: `m${i}`, token: { sub: `m${i}` } } }
      : OWNER;
    const stream = engine.listen(caller, DATABASE, (response) => {
      if ('documentChange' in response && response.documentChange.document.name.endsWith(`/${want}`))
        received++;
      // The engine swallows a throwing sink; remember the refusal and fail below.
      if ('targetChange' in response && response.targetChange.targetChangeType === 'REMOVE') {
        removed ??= `listener ${i} removed: ${response.targetChange.cause?.message ?? ''}`;
      }
    });
    stream.addTarget({
      targetId: 2,
      query: {
        parent,
        structuredQuery: {
          from: [{ collectionId }],
          orderBy: [{ field: { fieldPath: 'at' }, direction: 'DESCENDING' }],
          limit: 25,
        },
      },
    });
    streams.push(stream);
  }
  if (removed) throw new Error(`${label}: ${removed}`);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    received = 0;
    want = `fan-${r}`;
    const start = performance.now();
    await engine.commit(OWNER, DATABASE, [write(want, 1_000_000 + r)]);
    times.push(performance.now() - start);
    if (received !== listeners)
      throw new Error(`${label}: ${received} of ${listeners} streams got the change`);
  }
  for (const s of streams) s.close();
  return { label, listeners, commit: summarize(times), commitWithoutListeners: summarize(without) };
}

export async function engineFanOut(listeners: number, rounds: number): Promise<EngineFanOut[]> {
  return [
    await measure('no rules (owner listeners)', listeners, rounds, 'feed', false),
    await measure(
      'membership get() + permission map',
      listeners,
      rounds,
      'organizations/acme/contacts',
      true,
    ),
  ];
}
