/**
 * google.firestore.v1.Firestore over gRPC (HTTP/2 cleartext), for the web SDK in Node,
 * @firebase/rules-unit-testing and firebase-admin. Sockets are handed over by the port sniffer
 * through a grpc-js connection injector, so no port of its own is bound.
 */
import * as grpc from '@grpc/grpc-js';
import http2 from 'node:http2';
import type { FirestoreEngine } from '../api.js';
import type { Caller } from '../model.js';
import { FirestoreError } from '../model.js';
import { callerFromAuthorization, describeCaller } from './auth.js';
import { grpcCodec } from './codec.js';
import type { Wire, WireCodec } from './codec.js';
import { firestoreServiceDefinition } from './protos.js';
import { FirestoreRpc, toFirestoreError } from './rpc.js';
import { ListenSession, WriteSession } from './streams.js';
import type { Logger } from './log.js';

type Unary = (c: WireCodec, caller: Caller, request: unknown) => Promise<Wire>;
type Streaming = (c: WireCodec, caller: Caller, request: unknown) => Promise<Wire[]>;

function callerOf(metadata: grpc.Metadata): Caller {
  const value = metadata.get('authorization')[0];
  return callerFromAuthorization(typeof value === 'string' ? value : value?.toString('utf8'));
}

function status(error: FirestoreError): Partial<grpc.StatusObject> {
  return { code: error.code as number as grpc.status, details: error.message };
}

export interface GrpcTransport {
  injectConnection(socket: import('node:stream').Duplex): void;
  close(): void;
}

/** grpc-js keeps the call's HTTP/2 stream on its (internal) base call; absent if that changes. */
function http2StreamOf(call: object): http2.ServerHttp2Stream | undefined {
  const stream = (call as { call?: { stream?: Partial<http2.ServerHttp2Stream> } }).call?.stream;
  return typeof stream?.close === 'function' && typeof stream.headersSent === 'boolean'
    ? (stream as http2.ServerHttp2Stream)
    : undefined;
}

/**
 * Streams the server ended (with a status) per HTTP/2 connection. A gRPC client answers each such
 * end with RST_STREAM, since its own side is still open, and Node's HTTP/2 server counts incoming
 * resets (nghttp2's rapid-reset guard, not configurable in Node 20: 1,000, then 33 per second)
 * and kills the connection with GOAWAY INTERNAL_ERROR, which every SDK sharing it sees as
 * "offline" — a test suite of denied writes gets there in seconds. Like a production front end
 * rotating connections, the emulator retires a busy connection gracefully well before that.
 */
const endedStreams = new WeakMap<http2.Http2Session, number>();
const RETIRE_AFTER_ENDED_STREAMS = 500;
/** Time the client gets to notice the first GOAWAY before the connection stops taking streams. */
const RETIRE_GRACE_MS = 1_000;

function countEndedStream(h2: http2.ServerHttp2Stream): void {
  const session = h2.session;
  if (!session || session.closed || session.destroyed) return;
  const ended = (endedStreams.get(session) ?? 0) + 1;
  endedStreams.set(session, ended);
  if (ended !== RETIRE_AFTER_ENDED_STREAMS) return;
  // As grpc-js's max-connection-age: a GOAWAY that still accepts every stream in flight, so the
  // client moves new calls to a new connection; then a graceful close (open streams finish).
  session.goaway(http2.constants.NGHTTP2_NO_ERROR, 2 ** 31 - 1);
  setTimeout(() => {
    if (!session.closed && !session.destroyed) session.close();
  }, RETIRE_GRACE_MS).unref();
}

export function createGrpcTransport(engine: FirestoreEngine, log: Logger): GrpcTransport {
  const rpc = new FirestoreRpc(engine);
  const server = new grpc.Server();
  const openCalls = new Set<grpc.ServerDuplexStream<unknown, unknown>>();

  const report = (method: string, caller: Caller | undefined, error: FirestoreError) =>
    log.failure(
      `gRPC ${method} (${caller ? describeCaller(caller) : 'unknown caller'}): ${error.status}: ${error.message}`,
    );

  const unary =
    (method: string, fn: Unary): grpc.handleUnaryCall<unknown, unknown> =>
    (call, callback) => {
      let caller: Caller | undefined;
      Promise.resolve()
        .then(() => {
          caller = callerOf(call.metadata);
          return fn.call(rpc, grpcCodec, caller, call.request);
        })
        .then(
          (response) => callback(null, response),
          (err: unknown) => {
            const error = toFirestoreError(err);
            report(method, caller, error);
            callback(status(error));
          },
        );
    };

  const serverStream =
    (method: string, fn: Streaming): grpc.handleServerStreamingCall<unknown, unknown> =>
    (call) => {
      let caller: Caller | undefined;
      Promise.resolve()
        .then(() => {
          caller = callerOf(call.metadata);
          return fn.call(rpc, grpcCodec, caller, call.request);
        })
        .then(
          (responses) => {
            if (call.cancelled) return;
            for (const r of responses) call.write(r);
            call.end();
          },
          (err: unknown) => {
            const error = toFirestoreError(err);
            report(method, caller, error);
            if (!call.cancelled) call.emit('error', status(error));
          },
        );
    };

  /** Listen and Write share the plumbing: one session per call, requests in, messages out. */
  const bidi =
    (method: 'Listen' | 'Write'): grpc.handleBidiStreamingCall<unknown, unknown> =>
    (call) => {
      openCalls.add(call);
      let ended = false;
      const finish = (error?: FirestoreError) => {
        if (ended) return;
        ended = true;
        session?.close();
        openCalls.delete(call);
        const h2 = http2StreamOf(call);
        if (error) call.emit('error', status(error));
        else call.end();
        if (h2) countEndedStream(h2);
      };
      let caller: Caller;
      try {
        caller = callerOf(call.metadata);
      } catch (err) {
        const error = toFirestoreError(err);
        report(method, undefined, error);
        finish(error);
        return;
      }
      const events = {
        send: (message: Wire) => {
          if (!ended) call.write(message);
        },
        fail: (error: FirestoreError) => finish(error),
        log: (line: string) => log.failure(`gRPC ${method} (${describeCaller(caller)}): ${line}`),
      };
      const session =
        method === 'Listen'
          ? new ListenSession(engine, caller, grpcCodec, events)
          : new WriteSession(engine, caller, grpcCodec, events);
      call.on('data', (request: unknown) => {
        try {
          session.handle(request);
        } catch (err) {
          const error = toFirestoreError(err);
          report(method, caller, error);
          finish(error);
        }
      });
      call.on('end', () => {
        if (session instanceof WriteSession) void session.idle().then(() => finish());
        else finish();
      });
      call.on('cancelled', () => {
        ended = true;
        session.close();
        openCalls.delete(call);
      });
      call.on('error', () => {
        ended = true;
        session.close();
        openCalls.delete(call);
      });
    };

  server.addService(firestoreServiceDefinition(), {
    GetDocument: unary('GetDocument', rpc.getDocument),
    ListDocuments: unary('ListDocuments', rpc.listDocuments),
    CreateDocument: unary('CreateDocument', rpc.createDocument),
    UpdateDocument: unary('UpdateDocument', rpc.updateDocument),
    DeleteDocument: unary('DeleteDocument', rpc.deleteDocument),
    BatchGetDocuments: serverStream('BatchGetDocuments', rpc.batchGetDocuments),
    BeginTransaction: unary('BeginTransaction', rpc.beginTransaction),
    Commit: unary('Commit', rpc.commit),
    Rollback: unary('Rollback', rpc.rollback),
    RunQuery: serverStream('RunQuery', rpc.runQuery),
    RunAggregationQuery: serverStream('RunAggregationQuery', rpc.runAggregationQuery),
    ListCollectionIds: unary('ListCollectionIds', rpc.listCollectionIds),
    BatchWrite: unary('BatchWrite', rpc.batchWrite),
    Listen: bidi('Listen'),
    Write: bidi('Write'),
  });

  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());

  return {
    injectConnection: (socket) => {
      // A connection that breaks shows up in the SDK as "offline"; say why on this side too.
      socket.on('error', (error: NodeJS.ErrnoException) =>
        log.info(`gRPC connection error: ${error.code ?? ''} ${error.message}`),
      );
      injector.injectConnection(socket);
    },
    close() {
      for (const call of openCalls) {
        // End streams first so clients see a clean UNAVAILABLE rather than a reset.
        call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'The emulator is shutting down.' });
      }
      openCalls.clear();
      injector.destroy();
      server.forceShutdown();
    },
  };
}
