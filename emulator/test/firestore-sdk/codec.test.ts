/**
 * The codecs, checked against the real encoders: proto objects go through the same proto-loader
 * serializer grpc-js uses; JSON follows the proto3 JSON mapping.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { formatRfc3339, grpcCodec, jsonCodec, parseRfc3339 } from '../../src/firestore/transport/codec.js';
import { firestoreServiceDefinition } from '../../src/firestore/transport/protos.js';
import { callerFromAuthorization } from '../../src/firestore/transport/auth.js';
import type { Value, Write } from '../../src/firestore/model.js';

const svc = firestoreServiceDefinition() as ServiceDefinition &
  Record<
    string,
    {
      requestSerialize: (x: unknown) => Buffer;
      requestDeserialize: (b: Buffer) => unknown;
      responseSerialize: (x: unknown) => Buffer;
      responseDeserialize: (b: Buffer) => unknown;
    }
  >;

/** What a server receives for a request object a client serialized. */
function overGrpcRequest(method: string, request: unknown): Record<string, unknown> {
  const m = svc[method];
  return m.requestDeserialize(m.requestSerialize(request)) as Record<string, unknown>;
}
function overGrpcResponse(method: string, response: unknown): Record<string, unknown> {
  const m = svc[method];
  return m.responseDeserialize(m.responseSerialize(response)) as Record<string, unknown>;
}

const every: Record<string, Value> = {
  nul: { nullValue: null },
  f: { booleanValue: false },
  t: { booleanValue: true },
  zero: { integerValue: 0n },
  big: { integerValue: 9223372036854775807n },
  neg: { integerValue: -9223372036854775808n },
  pi: { doubleValue: 3.14 },
  nan: { doubleValue: NaN },
  inf: { doubleValue: Infinity },
  ninf: { doubleValue: -Infinity },
  dzero: { doubleValue: 0 },
  ts: { timestampValue: { seconds: 1700000000, nanos: 123456789 } },
  epoch: { timestampValue: { seconds: 0, nanos: 0 } },
  old: { timestampValue: { seconds: -62135596800, nanos: 0 } },
  s: { stringValue: 'héllo 👋' },
  empty: { stringValue: '' },
  b: { bytesValue: new Uint8Array([0, 1, 254, 255]) },
  nob: { bytesValue: new Uint8Array([]) },
  ref: { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
  geo: { geoPointValue: { latitude: -33.5, longitude: 151 } },
  arr: { arrayValue: { values: [{ integerValue: 1n }, { arrayValue: { values: [] } }] } },
  map: { mapValue: { fields: { nested: { mapValue: { fields: {} } }, x: { stringValue: 'y' } } } },
};

function normalize(v: unknown): unknown {
  // Compare bytes by content, whatever their Uint8Array subclass.
  return JSON.parse(
    JSON.stringify(v, (_k, x) => {
      if (typeof x === 'bigint') return `${x}n`;
      if (typeof x === 'number' && !Number.isFinite(x)) return String(x);
      if (x && typeof x === 'object' && x.type === 'Buffer' && Array.isArray(x.data))
        return { bytes: x.data };
      if (x instanceof Uint8Array) return { bytes: [...x] };
      return x;
    }),
  );
}

describe('values', () => {
  it('round-trip through gRPC (proto-loader serializer)', () => {
    const doc = {
      name: 'projects/p/databases/(default)/documents/c/d',
      fields: grpcCodec.encodeFields(every),
    };
    const received = overGrpcRequest('Commit', {
      database: 'projects/p/databases/(default)',
      writes: [{ update: doc }],
    });
    const write = grpcCodec.decodeWrite((received.writes as unknown[])[0]);
    expect(normalize(write.update?.fields)).toEqual(normalize(every));
  });

  it('round-trip through proto3 JSON', () => {
    const json = JSON.parse(JSON.stringify(jsonCodec.encodeFields(every)));
    expect(normalize(jsonCodec.decodeFields(json))).toEqual(normalize(every));
  });

  it('uses the proto3 JSON forms', () => {
    expect(jsonCodec.encodeValue({ integerValue: 5n })).toEqual({ integerValue: '5' });
    expect(jsonCodec.encodeValue({ doubleValue: NaN })).toEqual({ doubleValue: 'NaN' });
    expect(jsonCodec.encodeValue({ doubleValue: -Infinity })).toEqual({ doubleValue: '-Infinity' });
    expect(jsonCodec.encodeValue({ nullValue: null })).toEqual({ nullValue: 'NULL_VALUE' });
    expect(jsonCodec.encodeValue({ bytesValue: new Uint8Array([251, 255]) })).toEqual({ bytesValue: '+/8=' });
    expect(jsonCodec.encodeValue({ timestampValue: { seconds: 1, nanos: 5 } })).toEqual({
      timestampValue: '1970-01-01T00:00:01.000000005Z',
    });
    expect(jsonCodec.decodeValue({ doubleValue: 'Infinity' })).toEqual({ doubleValue: Infinity });
    expect(jsonCodec.decodeValue({ integerValue: 7 })).toEqual({ integerValue: 7n });
    expect(() => jsonCodec.decodeValue({})).toThrow(/no value type/);
    expect(() => jsonCodec.decodeValue({ integerValue: '99999999999999999999' })).toThrow(/int64/);
  });
});

describe('timestamps', () => {
  it('parse RFC 3339 with any precision and offsets', () => {
    expect(parseRfc3339('2024-02-29T12:34:56Z')).toEqual({ seconds: 1709210096, nanos: 0 });
    expect(parseRfc3339('2024-02-29T12:34:56.5Z')).toEqual({ seconds: 1709210096, nanos: 500000000 });
    expect(parseRfc3339('2024-02-29T13:34:56.000000001+01:00')).toEqual({ seconds: 1709210096, nanos: 1 });
    expect(parseRfc3339('0001-01-01T00:00:00Z')).toEqual({ seconds: -62135596800, nanos: 0 });
    expect(() => parseRfc3339('yesterday')).toThrow();
  });
  it('format with nine fractional digits', () => {
    expect(formatRfc3339({ seconds: 1709210096, nanos: 120 })).toBe('2024-02-29T12:34:56.000000120Z');
    expect(formatRfc3339({ seconds: -62135596800, nanos: 0 })).toBe('0001-01-01T00:00:00.000000000Z');
  });
});

describe('queries', () => {
  const query = {
    from: [{ collectionId: 'c', allDescendants: true }],
    select: { fields: [{ fieldPath: 'a' }] },
    where: {
      compositeFilter: {
        op: 'OR',
        filters: [
          {
            fieldFilter: {
              field: { fieldPath: 'a' },
              op: 'IN',
              value: { arrayValue: { values: [{ integerValue: '1' }] } },
            },
          },
          { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'b' } } },
        ],
      },
    },
    orderBy: [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }, { field: { fieldPath: '__name__' } }],
    startAt: { values: [{ integerValue: '3' }], before: true },
    endAt: { values: [{ integerValue: '9' }] },
    offset: 2,
    limit: 10,
  };
  const expected = {
    from: [{ collectionId: 'c', allDescendants: true }],
    select: { fields: [{ fieldPath: 'a' }] },
    where: {
      compositeFilter: {
        op: 'OR',
        filters: [
          {
            fieldFilter: {
              field: { fieldPath: 'a' },
              op: 'IN',
              value: { arrayValue: { values: [{ integerValue: 1n }] } },
            },
          },
          { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'b' } } },
        ],
      },
    },
    orderBy: [
      { field: { fieldPath: 'a' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
    ],
    startAt: { values: [{ integerValue: 3n }], before: true },
    endAt: { values: [{ integerValue: 9n }] },
    offset: 2,
    limit: 10,
  };

  it('decode from JSON', () => {
    expect(jsonCodec.decodeStructuredQuery(query)).toEqual(expected);
  });

  it('decode from gRPC (limit is an Int32Value)', () => {
    const received = overGrpcRequest('RunQuery', {
      parent: 'p',
      structuredQuery: { ...query, limit: { value: 10 } },
    });
    expect(grpcCodec.decodeStructuredQuery(received.structuredQuery)).toEqual(expected);
  });

  it('decode aggregations', () => {
    const agg = {
      structuredQuery: { from: [{ collectionId: 'c' }] },
      aggregations: [
        { alias: 'n', count: { upTo: '5' } },
        { alias: 's', sum: { field: { fieldPath: 'x' } } },
        { alias: 'a', avg: { field: { fieldPath: 'x' } } },
        { alias: 'all', count: {} },
      ],
    };
    const want = {
      structuredQuery: { from: [{ collectionId: 'c' }] },
      aggregations: [
        { alias: 'n', count: { upTo: 5n } },
        { alias: 's', sum: { field: { fieldPath: 'x' } } },
        { alias: 'a', avg: { field: { fieldPath: 'x' } } },
        { alias: 'all', count: {} },
      ],
    };
    expect(jsonCodec.decodeAggregationQuery(agg)).toEqual(want);
    const received = overGrpcRequest('RunAggregationQuery', {
      parent: 'p',
      structuredAggregationQuery: {
        ...agg,
        aggregations: [{ alias: 'n', count: { upTo: { value: '5' } } }, ...agg.aggregations.slice(1)],
      },
    });
    expect(grpcCodec.decodeAggregationQuery(received.structuredAggregationQuery)).toEqual(want);
  });
});

describe('writes', () => {
  const write = {
    update: { name: 'projects/p/databases/(default)/documents/c/d', fields: { a: { integerValue: '1' } } },
    updateMask: { fieldPaths: ['a', 'b.c'] },
    updateTransforms: [
      { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
      { fieldPath: 'n', increment: { integerValue: '2' } },
      { fieldPath: 'arr', appendMissingElements: { values: [{ stringValue: 'x' }] } },
      { fieldPath: 'arr2', removeAllFromArray: { values: [] } },
    ],
    currentDocument: { exists: false },
  };
  const expected: Write = {
    update: { name: 'projects/p/databases/(default)/documents/c/d', fields: { a: { integerValue: 1n } } },
    updateMask: { fieldPaths: ['a', 'b.c'] },
    updateTransforms: [
      { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
      { fieldPath: 'n', increment: { integerValue: 2n } },
      { fieldPath: 'arr', appendMissingElements: { values: [{ stringValue: 'x' }] } },
      { fieldPath: 'arr2', removeAllFromArray: { values: [] } },
    ],
    currentDocument: { exists: false },
  };
  it('decode from JSON and gRPC alike', () => {
    expect(jsonCodec.decodeWrite(write)).toEqual(expected);
    const received = overGrpcRequest('Commit', { database: 'd', writes: [write] });
    expect(grpcCodec.decodeWrite((received.writes as unknown[])[0])).toEqual(expected);
  });
  it('decode deletes with an updateTime precondition', () => {
    const del = {
      delete: 'projects/p/databases/(default)/documents/c/d',
      currentDocument: { updateTime: '2020-01-01T00:00:00.000000001Z' },
    };
    expect(jsonCodec.decodeWrite(del)).toEqual({
      delete: 'projects/p/databases/(default)/documents/c/d',
      currentDocument: { updateTime: { seconds: 1577836800, nanos: 1 } },
    });
    const received = overGrpcRequest('Commit', {
      database: 'd',
      writes: [{ delete: del.delete, currentDocument: { updateTime: { seconds: 1577836800, nanos: 1 } } }],
    });
    expect(grpcCodec.decodeWrite((received.writes as unknown[])[0])).toEqual(jsonCodec.decodeWrite(del));
  });
  it('decode verify writes (which the public protos leave out) from JSON and gRPC alike', () => {
    const name = 'projects/p/databases/(default)/documents/contacts/a';
    expect(jsonCodec.decodeWrite({ verify: name, currentDocument: { exists: false } })).toEqual({
      verify: name,
      currentDocument: { exists: false },
    });
    const received = overGrpcRequest('Commit', {
      database: 'd',
      writes: [{ verify: name, currentDocument: { updateTime: { seconds: 1577836800, nanos: 1000 } } }],
    });
    expect(grpcCodec.decodeWrite((received.writes as unknown[])[0])).toEqual({
      verify: name,
      currentDocument: { updateTime: { seconds: 1577836800, nanos: 1000 } },
    });
  });
});

describe('listen', () => {
  it('decode targets with resume tokens', () => {
    const target = {
      targetId: 2,
      query: {
        parent: 'projects/p/databases/(default)/documents',
        structuredQuery: { from: [{ collectionId: 'c' }] },
      },
      resumeToken: 'AAE=',
      expectedCount: 3,
    };
    expect(normalize(jsonCodec.decodeTarget(target))).toEqual(
      normalize({
        targetId: 2,
        query: {
          parent: 'projects/p/databases/(default)/documents',
          structuredQuery: { from: [{ collectionId: 'c' }] },
        },
        resumeToken: new Uint8Array([0, 1]),
        expectedCount: 3,
      }),
    );
    const received = overGrpcRequest('Listen', {
      database: 'x',
      addTarget: { ...target, resumeToken: Buffer.from([0, 1]), expectedCount: { value: 3 } },
    });
    expect(normalize(grpcCodec.decodeTarget(received.addTarget))).toEqual(
      normalize(jsonCodec.decodeTarget(target)),
    );
  });

  it('encode responses the clients can read', () => {
    const readTime = { seconds: 10, nanos: 1 };
    const change = grpcCodec.encodeListenResponse({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [2],
        resumeToken: new Uint8Array([9]),
        readTime,
      },
    });
    const back = overGrpcResponse('Listen', change);
    expect(normalize(back)).toMatchObject({
      targetChange: { targetChangeType: 'CURRENT', targetIds: [2], readTime: { seconds: '10', nanos: 1 } },
    });
    expect(
      jsonCodec.encodeListenResponse({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [4],
          cause: { code: 7, message: 'Missing or insufficient permissions.' },
        },
      }),
    ).toEqual({
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [4],
        cause: { code: 7, message: 'Missing or insufficient permissions.' },
      },
    });
    expect(
      jsonCodec.encodeListenResponse({
        targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [], readTime },
      }),
    ).toEqual({
      targetChange: { readTime: '1970-01-01T00:00:10.000000001Z' },
    });
  });
});

describe('auth', () => {
  const jwt = (payload: object) =>
    `${Buffer.from('{"alg":"none","type":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  it('owner, users and signed-out callers', () => {
    expect(callerFromAuthorization('Bearer owner')).toEqual({ kind: 'owner' });
    expect(callerFromAuthorization(undefined)).toEqual({ kind: 'user', auth: null });
    const c = callerFromAuthorization(`Bearer ${jwt({ sub: 'alice', email: 'a@x', admin: true })}`);
    expect(c).toEqual({
      kind: 'user',
      auth: { uid: 'alice', token: { sub: 'alice', email: 'a@x', admin: true } },
    });
    expect(callerFromAuthorization(`Bearer ${jwt({ user_id: 'bob' })}`)).toMatchObject({
      auth: { uid: 'bob' },
    });
  });
  it('rejects malformed tokens as UNAUTHENTICATED', () => {
    expect(() => callerFromAuthorization('Bearer not-a-jwt')).toThrow(expect.objectContaining({ code: 16 }));
    expect(() => callerFromAuthorization('Basic abc')).toThrow(expect.objectContaining({ code: 16 }));
    expect(() => callerFromAuthorization(`Bearer ${jwt({})}`)).toThrow(expect.objectContaining({ code: 16 }));
  });
});
