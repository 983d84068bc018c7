import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HostValue } from '@storefleet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readBattery } from './battery';
import { parseDf } from './disks';
import { parseMeminfo } from './memory';
import { readHostMetrics } from './metrics';

describe('host metrics', () => {
  it('reports this machine: CPU with three load averages, Mem row and the root disk, valid on the wire', async () => {
    const fields = await readHostMetrics();
    expect(fields.cpu.coreNumber).toBeGreaterThan(0);
    expect(fields.cpu.loadAverages).toHaveLength(3);
    expect(Number(fields.cpu.uptime)).toBeGreaterThan(0);
    const mem = fields.memory.find((m) => m.type === 'Mem');
    expect(Number(mem?.total)).toBeGreaterThan(0);
    expect(Number(mem?.used) + Number(mem?.free)).toBe(Number(mem?.total));
    expect(fields.disks.find((d) => d.mountedOn === '/')?.usedPercent).toMatch(/^\d+%$/);
    expect(HostValue.safeParse({ ...fields, deviceId: '1', seq: 1, at: Date.now() }).success).toBe(true);
  });

  it('reads df output with a mount point containing spaces and leaves out memory filesystems', () => {
    const out = [
      'Filesystem     1024-blocks     Used Available Capacity Mounted on',
      'tmpfs              1000        0      1000       0% /run',
      '/dev/sda1      20000000 5000000  15000000      25% /',
      '/dev/sdb1       1000000  500000    500000      50% /media/usb stick',
    ].join('\n');
    expect(parseDf(out)).toEqual([
      {
        filesystem: '/dev/sda1',
        size: '20000000',
        used: '5000000',
        available: '15000000',
        usedPercent: '25%',
        mountedOn: '/',
      },
      {
        filesystem: '/dev/sdb1',
        size: '1000000',
        used: '500000',
        available: '500000',
        usedPercent: '50%',
        mountedOn: '/media/usb stick',
      },
    ]);
  });

  it('counts memory the kernel can reclaim as free, like `free` does', () => {
    const rows = parseMeminfo(
      'MemTotal: 1000 kB\nMemFree: 100 kB\nMemAvailable: 600 kB\nSwapTotal: 50 kB\nSwapFree: 20 kB\n',
    );
    expect(rows).toEqual([
      { type: 'Mem', total: '1000', used: '400', free: '600' },
      { type: 'Swap', total: '50', used: '30', free: '20' },
    ]);
  });
});

describe('battery', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'storefleet-power-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const supply = (name: string, files: Record<string, string>) => {
    mkdirSync(join(dir, name));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), `${text}\n`);
  };

  it('reads an Android-style power supply into the battery fields with Android meanings', () => {
    supply('ac', { type: 'Mains', online: '0' });
    supply('usb', { type: 'USB', online: '1' });
    supply('battery', {
      type: 'Battery',
      capacity: '87',
      status: 'Charging',
      health: 'Good',
      temp: '312',
      voltage_now: '4123000',
      current_max: '1500000',
      voltage_max: '5000000',
      technology: 'Li-ion',
    });
    expect(readBattery(dir)).toEqual({
      acPowered: false,
      usbPowered: true,
      wirelessPowered: false,
      health: 2,
      level: 87,
      maxChargingCurrent: 1500000,
      maxChargingVoltage: 5000000,
      scale: 100,
      status: 2,
      temperature: 312,
      voltage: 4123,
      technology: 'Li-ion',
    });
  });

  it('reads the battery only when asked to (device mode): a box reports none, whatever the machine has', async () => {
    supply('battery', { type: 'Battery', capacity: '50', status: 'Discharging' });
    expect((await readHostMetrics({ powerSupplyDir: dir })).battery).toBeNull();
    const asked = await readHostMetrics({ battery: true, powerSupplyDir: dir });
    expect(asked.battery).toMatchObject({ level: 50, status: 3, scale: 100 });
  });

  it('reports no battery for a host without one', () => {
    supply('ac', { type: 'Mains', online: '1' });
    expect(readBattery(dir)).toBeNull();
    expect(readBattery(join(dir, 'missing'))).toBeNull();
  });
});
