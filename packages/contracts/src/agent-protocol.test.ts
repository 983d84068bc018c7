import { describe, expect, it } from 'vitest';

import {
  AgentValue,
  CommandReplyMessage,
  HelloMessage,
  MonitoredDevice,
  ServerToAgentMessage,
} from './agent-protocol';

describe('agent protocol contract', () => {
  it('fills a monitored device with the SNMP defaults of spec §9 (port 161)', () => {
    const device = MonitoredDevice.parse({
      deviceId: '1',
      deviceName: 'POS',
      connectType: 4,
      intranetIp: '127.0.0.1',
    });
    expect(device).toMatchObject({ port: 161, community: 'public', productType: null, deviceSystem: null });
  });

  it('refuses a hello with an unknown mode or a key too short to be a security key', () => {
    const hello = {
      type: 'hello',
      protocolVersion: 1,
      key: 'k'.repeat(22),
      mode: 'box',
      agentVersion: '0.1.0',
      hostname: 'box',
    };
    expect(HelloMessage.safeParse(hello).success).toBe(true);
    expect(HelloMessage.safeParse({ ...hello, mode: 'router' }).success).toBe(false);
    expect(HelloMessage.safeParse({ ...hello, key: 'short' }).success).toBe(false);
  });

  it('tells value kinds apart and refuses a value without a positive whole seq', () => {
    const reach = {
      deviceId: '1',
      seq: 7,
      at: 1,
      kind: 'reachability',
      online: false,
      delayMs: null,
      jitterMs: null,
      lossRate: 1,
    };
    expect(AgentValue.parse(reach).kind).toBe('reachability');
    expect(AgentValue.safeParse({ ...reach, seq: 0 }).success).toBe(false);
    expect(AgentValue.safeParse({ ...reach, seq: 1.5 }).success).toBe(false);
    expect(AgentValue.safeParse({ ...reach, kind: 'telemetry' }).success).toBe(false);
  });

  it('reads an ack and a command for a name it does not know yet, so an agent can answer it', () => {
    expect(
      ServerToAgentMessage.parse({ type: 'ack', batchId: 3, committed: [{ deviceId: '1', seq: 9 }] }).type,
    ).toBe('ack');
    const command = ServerToAgentMessage.parse({
      type: 'command',
      id: 'c1',
      command: { name: 'reboot', delay: 5 },
    });
    expect(command).toEqual({ type: 'command', id: 'c1', command: { name: 'reboot', delay: 5 } });
  });

  it('requires an error code from the catalogue on a failed command reply', () => {
    const reply = {
      type: 'commandReply',
      id: 'c1',
      ok: false,
      error: { code: 'UNSUPPORTED_COMMAND', message: 'no' },
    };
    expect(CommandReplyMessage.safeParse(reply).success).toBe(true);
    expect(CommandReplyMessage.safeParse({ ...reply, error: { code: 'OOPS', message: 'no' } }).success).toBe(
      false,
    );
  });
});
