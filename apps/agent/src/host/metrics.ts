import { arch, cpus, hostname, loadavg, platform, release, uptime } from 'node:os';

import { AGENT_VERSION } from '@storefleet/agent-link';
import type { UnsequencedValue } from '@storefleet/contracts';

import { readBattery } from './battery';
import { readDisks } from './disks';
import { readMemory } from './memory';

export type HostValueFields = Omit<Extract<UnsequencedValue, { kind: 'host' }>, 'deviceId' | 'at'>;

export interface HostMetricsOptions {
  /** Read the battery (device mode on Android/laptops; a box has none worth reporting). */
  battery?: boolean;
  powerSupplyDir?: string;
}

/** The CPU, memory, disk (and battery) figures of the machine the agent runs on. */
export async function readHostMetrics(options: HostMetricsOptions = {}): Promise<HostValueFields> {
  const cores = cpus();
  const first = cores[0];
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    kind: 'host',
    agentVersion: AGENT_VERSION,
    hostname: hostname().slice(0, 255),
    platform: platform(),
    osRelease: release().slice(0, 128),
    cpu: {
      architecture: arch(),
      model: (first?.model ?? 'unknown').trim().slice(0, 256),
      uptime: String(Math.floor(uptime())),
      coreNumber: cores.length,
      frequency: first?.speed ?? 0,
      loadAverages: [round2(one), round2(five), round2(fifteen)],
    },
    memory: readMemory(),
    disks: await readDisks(),
    battery: options.battery ? readBattery(options.powerSupplyDir) : null,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
