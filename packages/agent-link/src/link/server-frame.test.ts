import { AGENT_CLOSE } from '@storefleet/contracts';
import { describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';

import { acceptServerFrame } from './server-frame';

function socket() {
  const close = vi.fn();
  return { close, socket: { close } as unknown as WebSocket };
}

describe('server frames', () => {
  it('passes an ack frame of protocol version 1 through without closing', () => {
    const { close, socket: s } = socket();
    const frame = Buffer.from(JSON.stringify({ type: 'ack', batchId: 3, committed: [] }));
    expect(acceptServerFrame(s, frame, false, vi.fn())).toEqual({ type: 'ack', batchId: 3, committed: [] });
    expect(close).not.toHaveBeenCalled();
  });

  it('closes the link as malformed on a binary frame or one that is not JSON', () => {
    for (const [data, binary, reason] of [
      [Buffer.from('{}'), true, 'binary frames are not part of the protocol'],
      [Buffer.from('{nope'), false, 'frame is not JSON'],
    ] as const) {
      const { close, socket: s } = socket();
      expect(acceptServerFrame(s, data, binary, vi.fn())).toBeNull();
      expect(close).toHaveBeenCalledWith(AGENT_CLOSE.MALFORMED, reason);
    }
  });

  it('closes the link and logs what did not match on a frame of another protocol', () => {
    const { close, socket: s } = socket();
    const log = vi.fn();
    expect(acceptServerFrame(s, Buffer.from('{"type":"teleport"}'), false, log)).toBeNull();
    expect(close).toHaveBeenCalledWith(AGENT_CLOSE.MALFORMED, 'frame does not match protocol version 1');
    expect(log).toHaveBeenCalledWith('warn', expect.stringContaining('does not understand'));
  });
});
