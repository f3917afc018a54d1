/**
 * One listening port for every client, like the official emulator: a connection that opens with
 * the HTTP/2 preface is gRPC (h2c with prior knowledge); anything else is HTTP/1.1.
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
/** A client that connects and sends nothing is dropped after this long. */
const SNIFF_TIMEOUT_MS = 30_000;

export interface SniffTargets {
  http2(socket: Duplex): void;
  http1(socket: net.Socket): void;
}

export interface SniffingServer {
  server: net.Server;
  /** Every socket currently open, to close them promptly on shutdown. */
  sockets: Set<net.Socket>;
}

export function createSniffingServer(targets: SniffTargets): SniffingServer {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    let seen: Buffer = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), SNIFF_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      seen = seen.length === 0 ? chunk : Buffer.concat([seen, chunk]);
      const n = Math.min(seen.length, PREFACE.length);
      const http2 = seen.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (http2 && seen.length < PREFACE.length) return; // could still be either: wait for more
      clearTimeout(timer);
      socket.removeListener('data', onData);
      socket.pause();
      socket.unshift(seen);
      if (http2) {
        targets.http2(socket);
      } else {
        targets.http1(socket);
        // The HTTP parser reads the socket's handle directly; the unshifted bytes sit in the
        // stream buffer and flow to it once the stream resumes.
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  return { server, sockets };
}
