/** Reads one frame from the server as a protocol-v1 message, or says how to close the link. */
import { AGENT_CLOSE, ServerToAgentMessage } from '@storefleet/contracts';
import type WebSocket from 'ws';

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
