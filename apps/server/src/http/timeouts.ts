/**
 * How long a client may take to send a request, so sockets that trickle (slowloris) or say nothing are
 * closed instead of held (review 20fface, problem 10: 500 slow-header and 300 idle sockets held for a
 * minute). The long-lived connections are not cut: a live-updates stream's request is complete once its
 * headers are in (it then sends a heartbeat every 15 s), and the agent WebSocket leaves the HTTP server
 * at its upgrade (ws turns the socket's idle timer off).
 *
 * - `firstByteMs`: a new connection that sends nothing at all is closed (Node starts its header timer
 *   only at the first byte).
 * - `headersMs` (Node's headersTimeout): the request line and headers must be in by then: 408, closed.
 * - `requestMs` (requestTimeout): the whole request, body included. Five minutes is Node's own default:
 *   a 64 MiB package over a slow link takes minutes, an import of 100,000 rows a few seconds.
 * - `idleMs` (the socket timeout, Fastify's connectionTimeout): a connection on which neither side
 *   sent a byte for that long is closed, whatever it is doing. Long enough for any silent handler.
 * - `checkEveryMs`: how often Node checks the header and request timers (its default is 30 s, which
 *   would let a slow-header socket live up to 30 s past its limit).
 */
import type { Server } from 'node:http';

export interface HttpTimeouts {
  firstByteMs: number;
  headersMs: number;
  requestMs: number;
  idleMs: number;
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  firstByteMs: 15_000,
  headersMs: 15_000,
  requestMs: 300_000,
  idleMs: 600_000,
  checkEveryMs: 1_000,
};

/** Applies `timeouts` to the HTTP server (before it listens: Node starts its checker then). */
export function installTimeouts(server: Server, timeouts: HttpTimeouts = HTTP_TIMEOUTS): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  // A server option in Node's types, but read from the server when it starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeouts.checkEveryMs;
  server.setTimeout(timeouts.idleMs);
  server.on('connection', (socket) => {
    const timer = setTimeout(() => socket.destroy(), timeouts.firstByteMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    socket.once('data', clear);
    socket.once('close', clear);
  });
}
