import type { MonitoredDevice } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type SnmpdPeer, startSnmpd } from '../test-support/snmpd';
import { SnmpProbe } from './snmp';

let snmpd: SnmpdPeer;
beforeAll(async () => {
  snmpd = await startSnmpd();
});
afterAll(async () => {
  await snmpd.stop();
});

function device(overrides: Partial<MonitoredDevice> = {}): MonitoredDevice {
  return {
    deviceId: '42',
    deviceName: 'store switch',
    connectType: 2,
    intranetIp: '127.0.0.1',
    port: snmpd.port,
    community: snmpd.community,
    productType: 3,
    deviceSystem: 0,
    ...overrides,
  };
}

const fast = { timeoutMs: 400, retries: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SNMP probe against a real snmpd', () => {
  it('reads sysUpTime, sysName, sysDescr, memory, disks and interfaces with the v2c community', async () => {
    const reading = await new SnmpProbe(fast).poll(device());
    expect(reading.online).toBe(true);
    expect(reading.error).toBeNull();
    expect(reading.sysUpTimeSeconds).toBeGreaterThanOrEqual(0);
    expect(reading.sysName).toBeTruthy();
    expect(reading.sysDescr).toContain('Linux');
    expect(reading.memoryTotalBytes).toBeGreaterThan(0);
    expect(reading.memoryUsedBytes).toBeGreaterThan(0);
    expect(reading.memoryUsedBytes).toBeLessThanOrEqual(reading.memoryTotalBytes ?? 0);
    expect(reading.disks.find((d) => d.name === '/')?.totalBytes).toBeGreaterThan(0);
    expect(reading.interfaces.find((i) => i.name === 'lo')?.operStatus).toBe(1);
  });

  it('turns interface octet counters and CPU ticks into rates and a load on the next poll', async () => {
    const probe = new SnmpProbe(fast);
    const first = await probe.poll(device());
    expect(first.interfaces.every((i) => i.inBps === null)).toBe(true);
    // snmpd refreshes its raw CPU ticks every 5 s; poll until the load appears.
    let load: number | null = null;
    let second = first;
    for (let i = 0; i < 12 && load === null; i++) {
      await sleep(1000);
      second = await probe.poll(device());
      load = second.cpuLoad;
    }
    expect(load).toBeGreaterThanOrEqual(0);
    expect(load).toBeLessThanOrEqual(100);
    expect(second.interfaces.find((i) => i.name === 'lo')?.inBps).toBeGreaterThanOrEqual(0);
  });

  it('reads the device over SNMPv3 with the configured user and keys', async () => {
    const { user, authKey, privKey } = snmpd.v3;
    const reading = await new SnmpProbe(fast).poll(
      device({
        snmpV3: { user, level: 'authPriv', authProtocol: 'sha', authKey, privProtocol: 'aes', privKey },
      }),
    );
    expect(reading.online).toBe(true);
    expect(reading.sysName).toBeTruthy();
  });

  it('reads a device with the wrong community as offline', async () => {
    const reading = await new SnmpProbe(fast).poll(device({ community: 'not-the-community' }));
    expect(reading.online).toBe(false);
    expect(reading.error).toMatch(/time/i);
    expect(reading.sysName).toBeNull();
  });

  it('reads a device whose SNMP agent stopped as offline', async () => {
    const other = await startSnmpd();
    const probe = new SnmpProbe(fast);
    const target = device({ port: other.port, community: other.community });
    expect((await probe.poll(target)).online).toBe(true);
    await other.stop();
    expect((await probe.poll(target)).online).toBe(false);
  });
});
