/**
 * The Firestore emulator server: one port for gRPC (h2c), WebChannel, REST and the admin endpoints.
 */
import type { AddressInfo } from 'node:net';
import type { FirestoreEngine, IndexConfig } from './firestore/api.js';
import { createFirestoreEngine } from './firestore/engine.js';
import { createGrpcTransport } from './firestore/transport/grpc.js';
import { createHttpServer } from './firestore/transport/http.js';
import type { CoverageSource, RulesUpdateHook, RulesUpdateResult } from './firestore/transport/http.js';
import { createLogger } from './firestore/transport/log.js';
import type { LogOption } from './firestore/transport/log.js';
import { createSniffingServer } from './firestore/transport/sniff.js';
import { createWebChannelTransport } from './firestore/transport/webchannel.js';
import type { WebChannelOptions } from './firestore/transport/webchannel.js';

export type { CoverageSource, RulesUpdateHook, RulesUpdateResult };

export interface FirestoreServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  projectId: string;
  /** Defaults to a fresh engine from ./firestore/engine.ts. */
  engine?: FirestoreEngine;
  /** Passed to a default engine: the firestore.indexes.json content. */
  indexes?: IndexConfig;
  strictIndexes?: boolean;
  /** PUT /emulator/v1/projects/{p}:securityRules hands the rules source here. */
  onRulesUpdate?: RulesUpdateHook;
  /** GET /emulator/v1/projects/{p}:ruleCoverage (JSON) and :ruleCoverage.html serve it. */
  coverage?: CoverageSource;
  /**
   * The authorizer logs each denial with its reason (the rules engine's onDenied): the
   * transports' generic permission-denied lines are then dropped (one line per denial).
   */
  rulesExplainDenials?: boolean;
  /** Where log lines go (default stderr); false silences them. */
  log?: LogOption;
  /** Silence the log (tests). */
  quiet?: boolean;
  /** WebChannel session timings (tests shorten the idle timeout). */
  webChannel?: WebChannelOptions;
}

export interface FirestoreServer {
  port: number;
  host: string;
  engine: FirestoreEngine;
  /** Ends every stream and socket, then stops listening. */
  close(): Promise<void>;
  /** Forget every WebChannel session: clients get `Unknown SID` and reconnect (tests). */
  dropWebChannelSessions(): void;
  /** WebChannel sessions currently open (tests). */
  webChannelSessionCount(): number;
}

export async function startFirestoreServer(options: FirestoreServerOptions): Promise<FirestoreServer> {
  const host = options.host ?? '127.0.0.1';
  const log = createLogger(options.log, options.quiet, {
    rulesExplainDenials: options.rulesExplainDenials,
  });
  const engine =
    options.engine ??
    createFirestoreEngine({
      projectId: options.projectId,
      indexes: options.indexes,
      strictIndexes: options.strictIndexes,
    });

  const grpc = createGrpcTransport(engine, log);
  const webChannel = createWebChannelTransport(engine, log, options.webChannel);
  const http1 = createHttpServer({
    engine,
    webChannel,
    log,
    onRulesUpdate: options.onRulesUpdate,
    coverage: options.coverage,
  });
  const { server, sockets } = createSniffingServer({
    http2: (socket) => grpc.injectConnection(socket),
    http1: (socket) => http1.emit('connection', socket),
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    port,
    host,
    engine,
    dropWebChannelSessions: () => webChannel.dropSessions(),
    webChannelSessionCount: () => webChannel.sessionCount(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        webChannel.close();
        grpc.close();
        server.close(() => resolve());
        http1.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
