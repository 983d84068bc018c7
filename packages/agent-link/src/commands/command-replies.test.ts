import type { CommandMessage } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { checkedCommand, commandFailed, pingIpResult } from './command-replies';

const unsupported = (name: string) => `no ${name} here`;
const message = (command: unknown) => ({ type: 'command', id: 'c7', command }) as CommandMessage;

describe('command replies', () => {
  it('refuses a command name from a newer server as UNSUPPORTED_COMMAND, whatever its arguments', () => {
    expect(checkedCommand(message({ name: 'reboot', force: 'yes' }), true, unsupported)).toEqual({
      ok: false,
      reply: {
        type: 'commandReply',
        id: 'c7',
        ok: false,
        error: { code: 'UNSUPPORTED_COMMAND', message: 'no reboot here' },
      },
    });
  });

  it('refuses upgrade as UNSUPPORTED_COMMAND on a box that cannot upgrade, and checks it on one that can', () => {
    const upgrade = message({ name: 'upgrade' });
    const refused = checkedCommand(upgrade, false, unsupported);
    expect(refused.ok || refused.reply).toMatchObject({ error: { code: 'UNSUPPORTED_COMMAND' } });
    const checked = checkedCommand(upgrade, true, unsupported);
    expect(checked.ok || checked.reply).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });

  it('passes a command whose arguments match the contract', () => {
    const checked = checkedCommand(message({ name: 'pingIp', ipAddress: '127.0.0.1' }), false, unsupported);
    expect(checked).toEqual({ ok: true, command: { name: 'pingIp', ipAddress: '127.0.0.1' } });
  });

  it('cuts an error sentence to the 500 characters the contract allows', () => {
    const reply = commandFailed('c7', 'FAILED', 'x'.repeat(800));
    expect(reply.ok === false && reply.error.message).toHaveLength(500);
  });

  it('turns an echo into the Ping result, offline as 0 with no delay', () => {
    const echo = { online: false, delayMs: null, jitterMs: null, lossRate: 1 };
    expect(pingIpResult('127.0.0.9', '2026-01-01T00:00:00.000Z', echo)).toEqual({
      delayTime: null,
      isOnline: 0,
      networkJitter: null,
      packetLossRate: 1,
      pingTime: '2026-01-01T00:00:00.000Z',
      pingUrl: '127.0.0.9',
    });
  });
});
