/** Reads one frame from the server as a protocol-v1 message, or says how to close the link. */
import { AGENT_CLOSE, ServerToAgentMessage } from '@storefleet/contracts';
import type WebSocket from 'ws';

import type { LinkLog } from './link-rules';

export type ServerFrame =
  | { ok: true; message: ServerToAgentMessage }
  | { ok: false; code: number; reason: string /** What did not match, for the log. */; detail?: string };

export function readServerFrame(data: WebSocket.RawData, isBinary: boolean): ServerFrame {
  if (isBinary) {
    return { ok: false, code: AGENT_CLOSE.MALFORMED, reason: 'binary frames are not part of the protocol' };
  }
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { ok: false, code: AGENT_CLOSE.MALFORMED, reason: 'frame is not JSON' };
  }
  const parsed = ServerToAgentMessage.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      code: AGENT_CLOSE.MALFORMED,
      reason: 'frame does not match protocol version 1',
      detail: parsed.error.message.slice(0, 300),
    };
  }
  return { ok: true, message: parsed.data };
}

/**
 * The message of one frame from the server, or null after closing the link with the code the frame
 * earned (and logging what did not match): a box answers a frame it does not understand by closing.
 */
export function acceptServerFrame(
  socket: WebSocket,
  data: WebSocket.RawData,
  isBinary: boolean,
  log: LinkLog,
): ServerToAgentMessage | null {
  const frame = readServerFrame(data, isBinary);
  if (frame.ok) return frame.message;
  if (frame.detail) log('warn', `server sent a frame this agent does not understand: ${frame.detail}`);
  socket.close(frame.code, frame.reason);
  return null;
}
