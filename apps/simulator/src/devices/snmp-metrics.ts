import type { MonitoredDevice, UnsequencedValue } from '@storefleet/contracts';

import type { Moment } from '../moment';
import type { Rng } from '../random';
import { hostnameOf, PRODUCT } from './names';

type SnmpValue = Extract<UnsequencedValue, { kind: 'snmp' }>;

interface Kit {
  descr: string;
  ifPrefix: string;
  ports: [number, number];
  memoryMiB: number;
  /** CPU percent at idle, and added at full rush. */
  cpu: [number, number];
  /** Traffic of a busy access port at full rush, Mbit/s. */
  portMbps: number;
}

const SWITCHES: Kit[] = [
  {
    descr:
      'Cisco IOS Software, C2960X Software (C2960X-UNIVERSALK9-M), Version 15.2(7)E8, RELEASE SOFTWARE (fc1)',
    ifPrefix: 'GigabitEthernet1/0/',
    ports: [8, 24],
    memoryMiB: 512,
    cpu: [4, 18],
    portMbps: 40,
  },
  {
    descr:
      'Huawei Versatile Routing Platform Software VRP (R) software, Version 5.170 (S5735 V200R019C10SPC500)',
    ifPrefix: 'GigabitEthernet0/0/',
    ports: [8, 24],
    memoryMiB: 1024,
    cpu: [3, 15],
    portMbps: 40,
  },
];
const ROUTERS: Kit[] = [
  {
    descr: 'RouterOS RB4011iGS+',
    ifPrefix: 'ether',
    ports: [5, 10],
    memoryMiB: 1024,
    cpu: [2, 35],
    portMbps: 60,
  },
  {
    descr: 'Linux OpenWrt 5.15.137 #0 SMP Sun Nov 19 2023 aarch64',
    ifPrefix: 'lan',
    ports: [4, 5],
    memoryMiB: 512,
    cpu: [2, 30],
    portMbps: 50,
  },
];
const PRINTERS: Kit[] = [
  {
    descr: 'HP ETHERNET MULTI-ENVIRONMENT,ROM none,JETDIRECT,JD153,EEPROM JSI24030016',
    ifPrefix: 'NetDrvr',
    ports: [1, 1],
    memoryMiB: 256,
    cpu: [1, 20],
    portMbps: 2,
  },
  { descr: 'EPSON TM-T88VI', ifPrefix: 'eth', ports: [1, 1], memoryMiB: 128, cpu: [1, 12], portMbps: 0.5 },
  { descr: 'Zebra ZT411', ifPrefix: 'ethernet', ports: [1, 1], memoryMiB: 256, cpu: [1, 15], portMbps: 1 },
];
const HOSTS: Kit[] = [
  {
    descr: 'Linux store-server 5.15.0-105-generic #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 x86_64',
    ifPrefix: 'eth',
    ports: [1, 2],
    memoryMiB: 16_384,
    cpu: [4, 55],
    portMbps: 30,
  },
];

interface Port {
  index: number;
  name: string;
  up: boolean;
  /** Share of the kit's busy-port traffic this port carries. */
  weight: number;
}

/**
 * A device polled over SNMP (connect type 2): a switch, router, printer or host as its MIBs would show
 * it. Uptime grows from a boot time in the past and restarts when the device rebooted during an outage;
 * interface rates follow the store's activity and are null on the first poll after a (re)start, as the
 * agent's counter-to-rate conversion has nothing to compare with then.
 */
export class SnmpMetrics {
  private readonly kit: Kit;
  private readonly ports: Port[];
  private readonly memoryBase: number;
  private bootAt: number;
  private firstPoll = true;
  private sysName: string;
  /** hrStorage fixed disks; only hosts have them. */
  private readonly disks: { name: string; usedBytes: number; totalBytes: number }[];

  constructor(
    private readonly rng: Rng,
    device: MonitoredDevice,
    simStart: number,
  ) {
    this.kit = rng.pick(kitsFor(device.productType));
    const count = rng.int(this.kit.ports[0], this.kit.ports[1]);
    this.ports = Array.from({ length: count }, (_, i) => ({
      index: i + 1,
      name: `${this.kit.ifPrefix}${i + 1}`,
      // Access switches rarely have every port cabled.
      up: i === 0 || rng.chance(0.75),
      weight: i === 0 ? 1 : rng.between(0.05, 0.6),
    }));
    this.memoryBase = rng.between(0.25, 0.55);
    this.bootAt = simStart - rng.between(1, 120) * 86_400_000;
    this.sysName = hostnameOf(device.deviceName, device.deviceId);
    const totalBytes = rng.pick([256, 512, 1024]) * 1_000_000_000;
    this.disks = HOSTS.includes(this.kit)
      ? [{ name: '/', usedBytes: Math.round(totalBytes * rng.between(0.2, 0.7)), totalBytes }]
      : [];
  }

  rename(device: MonitoredDevice): void {
    this.sysName = hostnameOf(device.deviceName, device.deviceId);
  }

  /** The device rebooted (power cut during an offline episode): uptime and counters start over. */
  reboot(simAt: number): void {
    this.bootAt = simAt - this.rng.between(20, 120) * 1000;
    this.firstPoll = true;
  }

  poll(deviceId: string, moment: Moment, offline: boolean): SnmpValue {
    const base = { kind: 'snmp' as const, deviceId, at: moment.at };
    if (offline) {
      return {
        ...base,
        online: false,
        error: 'Request timed out',
        sysUpTimeSeconds: null,
        sysName: null,
        sysDescr: null,
        cpuLoad: null,
        memoryUsedBytes: null,
        memoryTotalBytes: null,
        disks: [],
        interfaces: [],
      };
    }
    const rng = this.rng;
    const busy = moment.busy;
    const [idle, rush] = this.kit.cpu;
    const cpuLoad = clamp(idle + rush * busy + rng.normal() * 1.5, 0, 100);
    const memoryTotalBytes = this.kit.memoryMiB * 1024 * 1024;
    const memoryUsed = clamp(this.memoryBase + 0.1 * busy + rng.normal() * 0.01, 0.05, 0.98);
    const rates = !this.firstPoll;
    this.firstPoll = false;
    const interfaces = this.ports.map((port) => {
      const mbps = port.up ? this.kit.portMbps * port.weight * (0.05 + busy) * (1 + 0.2 * rng.normal()) : 0;
      const inBps = Math.max(0, Math.round(mbps * 1_000_000));
      // Stores mostly download (price lists, video); uploads are sales and camera streams.
      const outBps = Math.max(0, Math.round(inBps * rng.between(0.2, 0.5)));
      return {
        index: port.index,
        name: port.name,
        operStatus: port.up ? 1 : 2,
        inBps: rates ? inBps : null,
        outBps: rates ? outBps : null,
      };
    });
    return {
      ...base,
      online: true,
      error: null,
      sysUpTimeSeconds: Math.max(0, Math.floor((moment.simAt - this.bootAt) / 1000)),
      sysName: this.sysName,
      sysDescr: this.kit.descr,
      cpuLoad: Math.round(cpuLoad * 100) / 100,
      memoryUsedBytes: Math.round(memoryTotalBytes * memoryUsed),
      memoryTotalBytes,
      disks: this.disks.map((disk) => ({ ...disk })),
      interfaces,
    };
  }
}

function kitsFor(productType: number | null): Kit[] {
  switch (productType) {
    case PRODUCT.SWITCH:
      return SWITCHES;
    case PRODUCT.ROUTER:
      return ROUTERS;
    case PRODUCT.PRINTER:
      return PRINTERS;
    default:
      return HOSTS;
  }
}

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
