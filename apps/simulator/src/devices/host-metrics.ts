import type { MonitoredDevice, UnsequencedValue } from '@storefleet/contracts';

import type { OpeningHours } from '../daily-pattern';
import type { Moment } from '../moment';
import type { Rng } from '../random';
import { BatteryCycle } from './battery';
import { hostnameOf, PRODUCT, SYSTEM } from './names';
import { clamp } from './snmp-metrics';

type HostValue = Extract<UnsequencedValue, { kind: 'host' }>;

interface Machine {
  platform: string;
  osRelease: string;
  architecture: string;
  model: string;
  cores: number;
  mhz: number;
  memoryGiB: number;
  swapGiB: number;
  /** CPU utilisation share (0–1) at idle, and added at full rush. */
  util: [number, number];
  disks: { filesystem: string; mountedOn: string; sizeGiB: number }[];
}

const GIB_KIB = 1024 * 1024;

function machineFor(device: MonitoredDevice, rng: Rng): Machine {
  if (device.deviceSystem === SYSTEM.ANDROID) {
    return {
      platform: 'android',
      osRelease: rng.pick(['4.19.157-perf+', '5.4.210-qgki', '5.10.198-android12-9']),
      architecture: 'arm64',
      model: rng.pick([
        'Qualcomm Technologies, Inc SM6115',
        'MT6765V/CB',
        'Qualcomm Technologies, Inc SDM660',
      ]),
      cores: 8,
      mhz: rng.pick([1804, 2000, 2200]),
      memoryGiB: rng.pick([3, 4, 6]),
      swapGiB: 2,
      util: [0.04, 0.35],
      disks: [
        { filesystem: '/dev/block/dm-0', mountedOn: '/', sizeGiB: 4 },
        { filesystem: '/dev/block/dm-8', mountedOn: '/data', sizeGiB: rng.pick([24, 52, 110]) },
      ],
    };
  }
  if (device.productType === PRODUCT.AI_BOX) {
    return {
      platform: 'linux',
      osRelease: '6.1.0-rpi7-rpi-v8',
      architecture: 'arm64',
      model: 'Cortex-A72',
      cores: 4,
      mhz: 1800,
      memoryGiB: 4,
      swapGiB: 0.5,
      util: [0.04, 0.15],
      disks: [{ filesystem: '/dev/mmcblk0p2', mountedOn: '/', sizeGiB: 29 }],
    };
  }
  const server = device.productType === PRODUCT.SERVER;
  const pos = device.productType === PRODUCT.POS;
  const cpu = server
    ? { model: 'Intel(R) Xeon(R) E-2224 CPU @ 3.40GHz', cores: 4, mhz: 3400, memoryGiB: 32 }
    : pos
      ? { model: 'Intel(R) Celeron(R) J4125 CPU @ 2.00GHz', cores: 4, mhz: 2000, memoryGiB: 8 }
      : { model: 'Intel(R) Core(TM) i5-10500T CPU @ 2.30GHz', cores: 6, mhz: 2300, memoryGiB: 16 };
  const util: [number, number] = server ? [0.08, 0.55] : pos ? [0.03, 0.45] : [0.04, 0.3];
  if (device.deviceSystem === SYSTEM.WINDOWS) {
    return {
      ...cpu,
      platform: 'win32',
      osRelease: rng.pick(['10.0.19045', '10.0.22631']),
      architecture: 'x64',
      swapGiB: 4,
      util,
      disks: [
        { filesystem: 'C:', mountedOn: 'C:\\', sizeGiB: 237 },
        ...(server ? [{ filesystem: 'D:', mountedOn: 'D:\\', sizeGiB: 1863 }] : []),
      ],
    };
  }
  return {
    ...cpu,
    platform: 'linux',
    osRelease: rng.pick(['5.15.0-105-generic', '6.1.0-18-amd64']),
    architecture: 'x64',
    swapGiB: 2,
    util,
    disks: [
      { filesystem: '/dev/sda2', mountedOn: '/', sizeGiB: server ? 468 : 228 },
      { filesystem: '/dev/sda1', mountedOn: '/boot/efi', sizeGiB: 0.5 },
      ...(server ? [{ filesystem: '/dev/sdb1', mountedOn: '/data', sizeGiB: 1832 }] : []),
    ],
  };
}

/**
 * A PC, server, POS or Android device that reports itself (connect type Agent 1 / EAgent 5): CPU load
 * averages, Mem and Swap, disks as `df -kP` prints them, and for Android the battery cycle. The box
 * sends these under the device's id on the device's behalf (the simulator holds only box keys).
 */
export class HostMetrics {
  private readonly machine: Machine;
  private readonly battery: BatteryCycle | null;
  private readonly memoryBase: number;
  private readonly diskUse: number[];
  private bootAt: number;
  private load: [number, number, number] | null = null;
  private hostname: string;

  constructor(
    private readonly rng: Rng,
    device: MonitoredDevice,
    simStart: number,
    hours: OpeningHours,
    private agentVersion: string,
  ) {
    this.machine = machineFor(device, rng);
    this.battery = device.deviceSystem === SYSTEM.ANDROID ? new BatteryCycle(rng, hours) : null;
    this.memoryBase = rng.between(0.25, 0.45);
    this.diskUse = this.machine.disks.map(() => rng.between(0.15, 0.75));
    this.bootAt = simStart - rng.between(0.2, 30) * 86_400_000;
    this.hostname = hostnameOf(device.deviceName, device.deviceId);
  }

  /** After a simulated upgrade: the version the host values report from now on. */
  setAgentVersion(version: string): void {
    this.agentVersion = version;
  }

  rename(device: MonitoredDevice): void {
    this.hostname = hostnameOf(device.deviceName, device.deviceId);
  }

  reboot(simAt: number): void {
    this.bootAt = simAt - this.rng.between(30, 180) * 1000;
    this.load = null;
  }

  report(deviceId: string, moment: Moment): HostValue {
    const { machine, rng } = this;
    const [idle, rush] = machine.util;
    const util = clamp(idle + rush * moment.busy + rng.normal() * 0.02, 0, 1);
    const instant = util * machine.cores;
    this.load = smoothLoad(this.load, instant, moment.stepSeconds);
    const memKiB = machine.memoryGiB * GIB_KIB;
    const memUsed = Math.round(
      memKiB * clamp(this.memoryBase + 0.3 * moment.busy + rng.normal() * 0.01, 0.05, 0.97),
    );
    const swapKiB = machine.swapGiB * GIB_KIB;
    const swapUsed = Math.round(swapKiB * clamp(0.02 + 0.12 * moment.busy, 0, 1));
    return {
      kind: 'host',
      deviceId,
      at: moment.at,
      agentVersion: this.agentVersion,
      hostname: this.hostname,
      platform: machine.platform,
      osRelease: machine.osRelease,
      cpu: {
        architecture: machine.architecture,
        model: machine.model,
        uptime: String(Math.max(0, Math.floor((moment.simAt - this.bootAt) / 1000))),
        coreNumber: machine.cores,
        frequency: machine.mhz,
        loadAverages: this.load.map(round2),
      },
      memory: [
        { type: 'Mem', total: String(memKiB), used: String(memUsed), free: String(memKiB - memUsed) },
        { type: 'Swap', total: String(swapKiB), used: String(swapUsed), free: String(swapKiB - swapUsed) },
      ],
      disks: machine.disks.map((disk, i) => {
        // Logs and caches fill disks slowly; a few hundredths of a percent a day.
        const ageDays = (moment.simAt - this.bootAt) / 86_400_000;
        const share = clamp((this.diskUse[i] ?? 0.5) + ageDays * 0.0003, 0, 0.98);
        return dfRow(disk.filesystem, disk.mountedOn, disk.sizeGiB * GIB_KIB, share);
      }),
      battery: this.battery ? this.battery.read(moment) : null,
    };
  }
}

/** 1, 5 and 15 minute load averages as the kernel computes them: exponential decay towards `instant`. */
export function smoothLoad(
  previous: [number, number, number] | null,
  instant: number,
  stepSeconds: number,
): [number, number, number] {
  if (!previous) return [instant, instant, instant];
  const towards = (value: number, windowSeconds: number) => {
    const keep = Math.exp(-stepSeconds / windowSeconds);
    return value * keep + instant * (1 - keep);
  };
  return [towards(previous[0], 60), towards(previous[1], 300), towards(previous[2], 900)];
}

/** A `df -kP` row: KiB sizes, Use% rounded up as df does. */
export function dfRow(filesystem: string, mountedOn: string, sizeKiB: number, usedShare: number) {
  const size = Math.round(sizeKiB);
  const used = Math.round(size * usedShare);
  const available = size - used;
  return {
    filesystem,
    size: String(size),
    used: String(used),
    available: String(available),
    usedPercent: `${size === 0 ? 0 : Math.ceil((used / size) * 100)}%`,
    mountedOn,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
