/**
 * The box hub's socket-level steps around a WebSocket upgrade (box-hub.ts): refusing one with an HTTP
 * status, and raising a linked socket's frame limit once it said hello.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { MAX_FRAME_BYTES } from '@storefleet/contracts';
import type WebSocket from 'ws';

/**
 * ws fixes a socket's frame limit when it upgrades it. The hub upgrades with the small pre-hello limit
 * and raises it after hello in the socket's receiver (ws 8 keeps it in `_receiver._maxPayload`, checked
 * against each frame's declared length before its payload is read).
 */
export function allowFullFrames(socket: WebSocket): void {
  const receiver: unknown = Reflect.get(socket, '_receiver');
  if (
    typeof receiver !== 'object' ||
    receiver === null ||
    typeof Reflect.get(receiver, '_maxPayload') !== 'number'
  ) {
    throw new Error('ws keeps no frame limit this hub can raise after hello (ws 8 expected)');
  }
  Reflect.set(receiver, '_maxPayload', MAX_FRAME_BYTES);
}

/** Answers an upgrade request with an HTTP refusal and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: 429 | 503, retryAfterMs: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Retry-After: ${Math.ceil(retryAfterMs / 1000)}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
