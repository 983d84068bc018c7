import { type CommandMessage, PingIpResult } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { answerCommand, type CommandContext } from './commands';
import { NO_REPLY } from './devices/reachability';

const command = (name: string, args: Record<string, unknown> = {}): CommandMessage => ({
  type: 'command',
  id: 'c1',
  command: { name, ...args },
});

function context(simulated: Record<string, typeof NO_REPLY>): CommandContext & { realPings: string[] } {
  const realPings: string[] = [];
  return {
    realPings,
    simulatedPing: (ip) => simulated[ip] ?? null,
    reloadConfig: () => Promise.reject(new Error('the link to the server is down')),
    ping: (address) => {
      realPings.push(address);
      return Promise.resolve({ online: true, delayMs: 0.04, jitterMs: 0.01, lossRate: 0 });
    },
  };
}

describe('commands to a simulated box', () => {
  it('answers a ping of a simulated device from the simulation, marked with the address asked', async () => {
    const ctx = context({ '127.0.0.45': NO_REPLY });
    const reply = await answerCommand(command('pingIp', { ipAddress: ' 127.0.0.45 ' }), ctx);
    expect(reply.ok).toBe(true);
    expect(PingIpResult.parse(reply.ok ? reply.result : null)).toMatchObject({
      isOnline: 0,
      delayTime: null,
      packetLossRate: 1,
      pingUrl: '127.0.0.45',
    });
    expect(ctx.realPings).toEqual([]);
  });

  it('pings other loopback addresses for real and refuses everything else without sending', async () => {
    const ctx = context({});
    const loopback = await answerCommand(command('pingIp', { ipAddress: '::1' }), ctx);
    expect(loopback).toMatchObject({ ok: true, result: { isOnline: 1, pingUrl: '::1' } });
    const other = await answerCommand(command('pingIp', { ipAddress: '0.0.0.0' }), ctx);
    expect(other).toMatchObject({ ok: false, error: { code: 'FAILED' } });
    expect(ctx.realPings).toEqual(['::1']);
  });

  it('reports a reloadConfig that could not reach the server as FAILED with the reason', async () => {
    const reply = await answerCommand(command('reloadConfig'), context({}));
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: 'the link to the server is down' },
    });
  });

  it('rejects a ping without an address as an invalid argument', async () => {
    const reply = await answerCommand(command('pingIp'), context({}));
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});
