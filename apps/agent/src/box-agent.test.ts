import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HubPeer } from '@storefleet/agent-link/test-support/hub-peer';
import { AgentValue, type MonitoredDevice, PingIpResult } from '@storefleet/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { BoxAgent } from './box-agent';
import { SnmpProbe } from './probes/snmp';
import { type SnmpdPeer, startSnmpd } from './test-support/snmpd';
import { SNMP_PATIENT, WAIT } from './test-support/wait';

const KEY = 'box-key-5f3c0a9e1b7d4c2a8e6f0b1d3c5a7e9f';
const BOX = '500';

let snmpd: SnmpdPeer;
let hub: HubPeer;
let dir: string;
let agent: BoxAgent | null;

beforeAll(async () => {
  snmpd = await startSnmpd();
});
afterAll(async () => {
  await snmpd.stop();
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefleet-box-'));
  hub = await HubPeer.start({
    key: KEY,
    welcome: { deviceId: BOX, shopId: '77', intervalSeconds: 60, devices: devices() },
  });
  agent = null;
});
afterEach(async () => {
  await agent?.stop();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

function devices(): MonitoredDevice[] {
  const base = { port: 161, community: 'public', productType: null, deviceSystem: null };
  return [
    { ...base, deviceId: '501', deviceName: 'POS 1', connectType: 4, intranetIp: '127.0.0.1' },
    {
      ...base,
      deviceId: '502',
      deviceName: 'switch',
      connectType: 2,
      intranetIp: '127.0.0.1',
      port: snmpd.port,
      community: snmpd.community,
    },
    { ...base, deviceId: '503', deviceName: 'printer', connectType: 3, intranetIp: '127.0.0.2' },
  ];
}

let syslogPort = 0;

async function startAgent(server = hub.url): Promise<BoxAgent> {
  agent = new BoxAgent({
    server,
    key: KEY,
    dataDir: dir,
    syslogPort: 0,
    syslogHost: '127.0.0.1',
    log: () => undefined,
    link: { backoff: { baseMs: 20, capMs: 200 } },
    scheduler: { snmp: new SnmpProbe(SNMP_PATIENT) },
  });
  syslogPort = (await agent.start()).syslogPort;
  return agent;
}

const storedOf = (kind: AgentValue['kind'], deviceId: string) =>
  [...hub.stored.values()].filter((v) => v.kind === kind && v.deviceId === deviceId);

describe('box agent against a test hub and real peers', () => {
  it('probes its devices by connect type and reports itself, every value valid on the wire', async () => {
    await startAgent();
    await vi.waitFor(() => {
      expect(storedOf('reachability', '501')[0]).toMatchObject({ online: true, lossRate: 0 });
      expect(storedOf('snmp', '502')[0]).toMatchObject({ online: true });
      expect(storedOf('host', BOX)).toHaveLength(1);
      expect(storedOf('agentStats', BOX)).toHaveLength(1);
    }, WAIT);
    expect(storedOf('snmp', '502')[0]).toHaveProperty('sysName', expect.any(String));
    expect(storedOf('snmp', '501')).toEqual([]);
    for (const value of hub.stored.values()) expect(AgentValue.safeParse(value).success).toBe(true);
  });

  it('delivers syslog from a device address and counts strangers in its stats', async () => {
    const box = await startAgent();
    await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), WAIT);
    const sendFrom = async (address: string, text: string) => {
      const socket = createSocket('udp4');
      await new Promise<void>((resolve) => socket.bind(0, address, resolve));
      await new Promise<void>((resolve) => socket.send(text, syslogPort, '127.0.0.1', () => resolve()));
      socket.close();
    };
    await sendFrom('127.0.0.2', '<11>1 2025-01-02T03:04:05Z printer lpd 12 JAM - Paper jam in tray 2');
    await sendFrom('127.0.0.3', '<11>who am I');
    await vi.waitFor(() => expect(storedOf('syslog', '503')).toHaveLength(1), WAIT);
    expect(storedOf('syslog', '503')[0]).toMatchObject({
      severity: 3,
      facility: 1,
      app: 'lpd',
      message: 'Paper jam in tray 2',
    });
    const strangerStats = () =>
      storedOf('agentStats', BOX).filter((v) => v.kind === 'agentStats' && v.syslogUnmatched > 0);
    await vi.waitFor(async () => {
      // The stranger's datagram may arrive just after a cycle took the counters: run cycles until one reports it.
      if (strangerStats().length === 0) {
        await box.runtime.scheduler.runCycle();
        box.runtime.outbox.flush();
      }
      expect(strangerStats()[0]).toMatchObject({ syslogUnmatched: 1, syslogUnmatchedSenders: ['127.0.0.3'] });
    }, WAIT);
  });

  it('answers pingIp for 127.0.0.1 with isOnline 1 and a delay', async () => {
    const box = await startAgent();
    await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), WAIT);
    const reply = await hub.command({ name: 'pingIp', ipAddress: '127.0.0.1' });
    expect(reply.ok).toBe(true);
    const result = reply.ok ? PingIpResult.parse(reply.result) : null;
    expect(result).toMatchObject({ isOnline: 1, pingUrl: '127.0.0.1', packetLossRate: 0 });
    expect(result?.delayTime).toBeGreaterThan(0);
  });

  it('refuses to ping a host name, and says which commands it does not support', async () => {
    const box = await startAgent();
    await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), WAIT);
    expect(await hub.command({ name: 'pingIp', ipAddress: 'localhost' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    // The reserved netTest of earlier agents took one pingUrl; today it takes a target list.
    const earlierNetTest = { name: 'netTest', pingUrl: '127.0.0.1' };
    expect(await hub.command(earlierNetTest)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    // upgrade is implemented (upgrade.test.ts): without its arguments it is refused as invalid.
    expect(await hub.command({ name: 'upgrade' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    for (const command of [{ name: 'selfDestruct' }]) {
      expect(await hub.command(command)).toMatchObject({
        ok: false,
        error: { code: 'UNSUPPORTED_COMMAND', message: expect.stringContaining(command.name) },
      });
    }
  });

  it('re-reads its config on reloadConfig and probes the new device list', async () => {
    const box = await startAgent();
    await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), WAIT);
    hub.config = { intervalSeconds: 30, devices: [{ ...devices()[0]!, deviceId: '599' }] };
    const reply = await hub.command({ name: 'reloadConfig' });
    expect(reply).toMatchObject({ ok: true, result: { devices: 1, intervalSeconds: 30 } });
    await vi.waitFor(() => expect(storedOf('reachability', '599')).toHaveLength(1), WAIT);
  });

  it('after a restart while the server is down, keeps probing its saved devices and delivers later', async () => {
    const first = await startAgent();
    await vi.waitFor(() => expect(first.runtime.link.connected).toBe(true), WAIT);
    await first.stop();
    const port = hub.port;
    await hub.close();
    const offline = await startAgent(`http://127.0.0.1:${port}`);
    await vi.waitFor(() => expect(offline.runtime.buffer.depth()).toBeGreaterThan(0), WAIT);
    hub = await HubPeer.start({
      key: KEY,
      port,
      welcome: { deviceId: BOX, shopId: '77', intervalSeconds: 60, devices: devices() },
    });
    await vi.waitFor(() => expect(storedOf('reachability', '501').length).toBeGreaterThan(0), WAIT);
    await vi.waitFor(() => expect(offline.runtime.buffer.depth()).toBe(0), WAIT);
  });
});
