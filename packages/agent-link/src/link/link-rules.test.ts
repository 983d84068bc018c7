import { AGENT_CLOSE, AGENT_PROTOCOL_VERSION, type CommandReplyMessage } from '@storefleet/contracts';
import { describe, expect, it, vi } from 'vitest';

import { configOf, helloMessage, isRefusal, replyToCommand } from './link-rules';

const command = { type: 'command', id: 'c1', command: { name: 'reloadConfig' } } as const;
const reply: CommandReplyMessage = { type: 'commandReply', id: 'c1', ok: true, result: {} };

describe('link rules', () => {
  it('counts a refused key, protocol or mode as a refusal, and any other close as a drop', () => {
    expect(isRefusal(AGENT_CLOSE.AUTH_FAILED)).toBe(true);
    expect(isRefusal(AGENT_CLOSE.PROTOCOL_UNSUPPORTED)).toBe(true);
    expect(isRefusal(AGENT_CLOSE.MODE_REFUSED)).toBe(true);
    expect(isRefusal(AGENT_CLOSE.MALFORMED)).toBe(false);
    expect(isRefusal(1006)).toBe(false);
  });

  it('says hello in protocol version 1 with a host name cut to what the server accepts', () => {
    const hello = helloMessage({
      key: 'k'.repeat(32),
      mode: 'box',
      agentVersion: '0.1.0',
      hostname: 'h'.repeat(300),
      sentAt: 5,
      epoch: 'e1',
    });
    expect(hello).toMatchObject({
      type: 'hello',
      protocolVersion: AGENT_PROTOCOL_VERSION,
      sentAt: 5,
      epoch: 'e1',
    });
    expect(hello.hostname).toHaveLength(255);
  });

  it('reads the config out of a config frame', () => {
    expect(configOf({ type: 'config', intervalSeconds: 60, devices: [] })).toEqual({
      intervalSeconds: 60,
      devices: [],
    });
  });

  it('sends the reply on the link the command came on', async () => {
    const send = vi.fn();
    await replyToCommand(command, async () => reply, { isCurrent: () => true, send, log: vi.fn() });
    expect(send).toHaveBeenCalledWith(reply);
  });

  it('drops the reply when the link the command came on has dropped meanwhile', async () => {
    const send = vi.fn();
    await replyToCommand(command, async () => reply, { isCurrent: () => false, send, log: vi.fn() });
    expect(send).not.toHaveBeenCalled();
  });

  it('logs a command that failed instead of replying', async () => {
    const send = vi.fn();
    const log = vi.fn();
    await replyToCommand(command, () => Promise.reject(new Error('disk full')), {
      isCurrent: () => true,
      send,
      log,
    });
    expect(log).toHaveBeenCalledWith('error', 'command c1 failed: Error: disk full');
    expect(send).not.toHaveBeenCalled();
  });
});
