/**
 * One HTTP/2 connection carrying thousands of gRPC Write streams that the server ends (a denied
 * write ends the Write stream, as in production). Clients such as the web SDK's grpc-js answer
 * each end with RST_STREAM, and Node's HTTP/2 server kills a connection after about a thousand
 * of those (nghttp2's rapid-reset guard) with GOAWAY INTERNAL_ERROR, breaking every stream on it:
 * the web SDK then reports "offline". The emulator retires a busy connection gracefully first.
 * The client here is raw HTTP/2 doing what grpc-js 1.9 does, so the resets are certain.
 */
import http2 from 'node:http2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFirestoreServer, type FirestoreServer } from '../../src/server.js';
import { firestoreServiceDefinition } from '../../src/firestore/transport/protos.js';

const DATABASE = 'projects/demo-grpc/databases/(default)';
const definition = firestoreServiceDefinition();
let server: FirestoreServer;

beforeAll(async () => {
  server = await startFirestoreServer({ port: 0, projectId: 'demo-grpc', quiet: true });
});
afterAll(() => server?.close());

function frame(method: 'Write' | 'Listen', message: object): Buffer {
  const body = definition[method].requestSerialize(message);
  const header = Buffer.alloc(5);
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
}

function open(session: http2.ClientHttp2Session, method: 'Write' | 'Listen'): http2.ClientHttp2Stream {
  return session.request({
    ':method': 'POST',
    ':path': `/google.firestore.v1.Firestore/${method}`,
    'content-type': 'application/grpc',
    te: 'trailers',
    authorization: 'Bearer owner',
  });
}

/** Handshake, then a write the server refuses; the status, then a reset as grpc-js sends it. */
function refusedWrite(session: http2.ClientHttp2Session): Promise<string> {
  return new Promise((resolve) => {
    const stream = open(session, 'Write');
    let status = 'none';
    let handshaken = false;
    stream.on('response', (headers) => {
      if (headers['grpc-status'] !== undefined) status = String(headers['grpc-status']);
    });
    stream.on('trailers', (trailers) => (status = String(trailers['grpc-status'])));
    stream.on('data', () => {
      if (handshaken) return;
      handshaken = true;
      // A document name outside the database: INVALID_ARGUMENT, and the server ends the stream.
      stream.write(frame('Write', { streamToken: Buffer.from('x'), writes: [{ delete: 'nowhere' }] }));
    });
    stream.on('end', () => {
      if (!stream.closed) stream.close(http2.constants.NGHTTP2_CANCEL);
    });
    stream.on('error', () => {});
    stream.on('close', () => resolve(status));
    stream.write(frame('Write', { database: DATABASE }));
  });
}

it('a listener survives 1,500 server-ended Write streams, and each write gets its status', async () => {
  const url = `http://127.0.0.1:${server.port}`;
  const first = http2.connect(url);
  const goaways: number[] = [];
  first.on('goaway', (code) => goaways.push(code));
  first.on('error', () => {});

  // A listener on the first connection, as the SDK keeps one open.
  const listen = open(first, 'Listen');
  let listenReset: number | undefined;
  listen.on('close', () => (listenReset = listen.rstCode));
  listen.on('error', () => {});
  listen.write(
    frame('Listen', {
      database: DATABASE,
      addTarget: { targetId: 1, documents: { documents: [`${DATABASE}/documents/rooms/a`] } },
    }),
  );

  // Like a gRPC client: new calls go to a new connection once the server says GOAWAY.
  let session = first;
  const statuses = new Map<string, number>();
  for (let i = 0; i < 1500; i++) {
    if (session.closed || session.destroyed || goaways.length > 0) {
      if (session !== first) session.close();
      session = http2.connect(url);
      session.on('error', () => {});
    }
    const status = await refusedWrite(session);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  expect(statuses).toEqual(new Map([['3', 1500]]));
  expect(goaways.every((code) => code === http2.constants.NGHTTP2_NO_ERROR)).toBe(true);
  expect(listenReset).toBeUndefined();
  listen.close();
  session.close();
  first.close();
}, 60_000);
