import type { MonitoredDevice } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type SnmpdPeer, startSnmpd } from '../test-support/snmpd';
import { SNMP_PATIENT } from '../test-support/wait';
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

// Walks of hrStorage and ifTable must finish on a loaded machine too; a short timeout is used only where
// no answer is the expected outcome, so it cannot fail a test, only keep it quick.
const noAnswerExpected = { timeoutMs: 500, retries: 0 };

describe('SNMP probe against a real snmpd', () => {
  it('reads sysUpTime, sysName, sysDescr, memory, disks and interfaces with the v2c community', async () => {
    const reading = await new SnmpProbe(SNMP_PATIENT).poll(device());
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
    const probe = new SnmpProbe(SNMP_PATIENT);
    const first = await probe.poll(device());
    expect(first.interfaces.every((i) => i.inBps === null)).toBe(true);
    // snmpd refreshes its raw CPU ticks every 5 s; poll about once a second until the load appears.
    const second = await vi.waitFor(
      async () => {
        const next = await probe.poll(device());
        expect(next.cpuLoad).not.toBeNull();
        return next;
      },
      { timeout: 25_000, interval: 1_000 },
    );
    expect(second.cpuLoad).toBeGreaterThanOrEqual(0);
    expect(second.cpuLoad).toBeLessThanOrEqual(100);
    expect(second.interfaces.find((i) => i.name === 'lo')?.inBps).toBeGreaterThanOrEqual(0);
  });

  it('reads the device over SNMPv3 with the configured user and keys', async () => {
    const { user, authKey, privKey } = snmpd.v3;
    const reading = await new SnmpProbe(SNMP_PATIENT).poll(
      device({
        snmpV3: { user, level: 'authPriv', authProtocol: 'sha', authKey, privProtocol: 'aes', privKey },
      }),
    );
    expect(reading.online).toBe(true);
    expect(reading.sysName).toBeTruthy();
  });

  it('reads a device with the wrong community as offline', async () => {
    const reading = await new SnmpProbe(noAnswerExpected).poll(device({ community: 'not-the-community' }));
    expect(reading.online).toBe(false);
    expect(reading.error).toMatch(/time/i);
    expect(reading.sysName).toBeNull();
  });

  it('reads a device whose SNMP agent stopped as offline', async () => {
    const other = await startSnmpd();
    const target = device({ port: other.port, community: other.community });
    expect((await new SnmpProbe(SNMP_PATIENT).poll(target)).online).toBe(true);
    await other.stop();
    // Nothing listens on its port any more.
    expect((await new SnmpProbe(noAnswerExpected).poll(target)).online).toBe(false);
  });
});
