import type { AgentValue, MonitoredDevice } from '@storefleet/contracts';

import { type CounterSample, counterRate } from './counter-rate';
import { SnmpSession, type SnmpTiming, snmpBigInt, snmpNumber, snmpText } from './snmp-session';

/** One SNMP poll's findings: the `snmp` value without deviceId, seq and time. */
export type SnmpReading = Omit<Extract<AgentValue, { kind: 'snmp' }>, 'deviceId' | 'seq' | 'at' | 'kind'>;

const SYS_DESCR = '1.3.6.1.2.1.1.1.0';
const SYS_UPTIME = '1.3.6.1.2.1.1.3.0';
const SYS_NAME = '1.3.6.1.2.1.1.5.0';
// UCD-SNMP-MIB raw CPU ticks (net-snmp based devices): user, nice, system, idle, wait.
const UCD_CPU = ['50', '51', '52', '53', '54'].map((n) => `1.3.6.1.4.1.2021.11.${n}.0`);
const HR_PROCESSOR_LOAD = '1.3.6.1.2.1.25.3.3.1.2';
const HR_STORAGE = '1.3.6.1.2.1.25.2.3.1';
const HR_STORAGE_RAM = '1.3.6.1.2.1.25.2.1.2';
const HR_STORAGE_FIXED_DISK = '1.3.6.1.2.1.25.2.1.4';
const IF_DESCR = '1.3.6.1.2.1.2.2.1.2';
const IF_OPER_STATUS = '1.3.6.1.2.1.2.2.1.8';
const IF_IN_OCTETS = '1.3.6.1.2.1.2.2.1.10';
const IF_OUT_OCTETS = '1.3.6.1.2.1.2.2.1.16';
const IF_NAME = '1.3.6.1.2.1.31.1.1.1.1';
const IF_HC_IN_OCTETS = '1.3.6.1.2.1.31.1.1.1.6';
const IF_HC_OUT_OCTETS = '1.3.6.1.2.1.31.1.1.1.10';

interface DeviceState {
  cpu?: { busy: bigint; total: bigint };
  octets: Map<string, { in?: CounterSample; out?: CounterSample }>;
}

/**
 * Polls SNMP devices and remembers what rates need between polls (interface octet counters, raw CPU
 * ticks), per device. A device that does not answer reads offline; its counters are forgotten so the
 * first poll after it comes back does not report a rate across the outage.
 */
export class SnmpProbe {
  private readonly states = new Map<string, DeviceState>();

  constructor(private readonly timing: SnmpTiming = {}) {}

  /** Polls one device once. Never rejects: an unanswered poll is an offline reading. */
  async poll(device: MonitoredDevice, now: () => number = Date.now): Promise<SnmpReading> {
    const session = new SnmpSession(device, this.timing);
    try {
      const scalars = await session.get([SYS_DESCR, SYS_UPTIME, SYS_NAME]);
      const state = this.stateOf(device.deviceId);
      const column = (oid: string) => session.column(oid).catch(() => new Map<string, unknown>());
      const ucd = await session.get(UCD_CPU).catch(() => new Map<string, unknown>());
      const atMs = now();
      const cpuLoad = averageLoad(await column(HR_PROCESSOR_LOAD)) ?? ucdLoad(state, ucd);
      const storage = await readStorage(column);
      const interfaces = await readInterfaces(column, state, atMs);
      const upTicks = snmpNumber(scalars.get(SYS_UPTIME));
      return {
        online: true,
        error: null,
        sysUpTimeSeconds: upTicks === null ? null : upTicks / 100,
        sysName: snmpText(scalars.get(SYS_NAME), 1024),
        sysDescr: snmpText(scalars.get(SYS_DESCR), 2048),
        cpuLoad,
        ...storage,
        interfaces,
      };
    } catch (error) {
      this.states.delete(device.deviceId);
      return offline(error instanceof Error ? error.message : String(error));
    } finally {
      session.close();
    }
  }

  /** Forgets devices that are no longer monitored. */
  retain(deviceIds: ReadonlySet<string>): void {
    for (const id of this.states.keys()) if (!deviceIds.has(id)) this.states.delete(id);
  }

  private stateOf(deviceId: string): DeviceState {
    let state = this.states.get(deviceId);
    if (!state) {
      state = { octets: new Map() };
      this.states.set(deviceId, state);
    }
    return state;
  }
}

function offline(error: string): SnmpReading {
  return {
    online: false,
    error: error.slice(0, 500),
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

function averageLoad(loads: Map<string, unknown>): number | null {
  const values = [...loads.values()].map(snmpNumber).filter((n): n is number => n !== null);
  if (values.length === 0) return null;
  return clampPercent(values.reduce((a, b) => a + b, 0) / values.length);
}

// net-snmp fills hrProcessorLoad only after a minute of sampling; raw ticks give a load from the second poll.
function ucdLoad(state: DeviceState, ucd: Map<string, unknown>): number | null {
  const ticks = UCD_CPU.map((oid) => snmpBigInt(ucd.get(oid)) ?? 0n);
  const [user = 0n, nice = 0n, system = 0n, idle = 0n, wait = 0n] = ticks;
  const cur = { busy: user + nice + system, total: user + nice + system + idle + wait };
  const prev = state.cpu;
  state.cpu = cur;
  if (cur.total === 0n || !prev) return null;
  const dTotal = cur.total - prev.total;
  const dBusy = cur.busy - prev.busy;
  if (dTotal <= 0n || dBusy < 0n) return null;
  return clampPercent((Number(dBusy) / Number(dTotal)) * 100);
}

type ColumnReader = (oid: string) => Promise<Map<string, unknown>>;

async function readStorage(column: ColumnReader) {
  const [types, descrs, units, sizes, used] = await Promise.all(
    ['2', '3', '4', '5', '6'].map((c) => column(`${HR_STORAGE}.${c}`)),
  );
  let memoryUsedBytes: number | null = null;
  let memoryTotalBytes: number | null = null;
  const disks: SnmpReading['disks'] = [];
  for (const [index, type] of types ?? []) {
    const unit = snmpNumber(units?.get(index)) ?? 1;
    const size = snmpNumber(sizes?.get(index));
    const usedUnits = snmpNumber(used?.get(index));
    if (size === null || usedUnits === null) continue;
    if (type === HR_STORAGE_RAM && memoryTotalBytes === null) {
      memoryTotalBytes = size * unit;
      memoryUsedBytes = usedUnits * unit;
    } else if (type === HR_STORAGE_FIXED_DISK && disks.length < 256) {
      const name = snmpText(descrs?.get(index), 1024) ?? index;
      disks.push({ name, usedBytes: usedUnits * unit, totalBytes: size * unit });
    }
  }
  return { memoryUsedBytes, memoryTotalBytes, disks };
}

async function readInterfaces(column: ColumnReader, state: DeviceState, atMs: number) {
  const [descr, name, oper, hcIn, hcOut] = await Promise.all(
    [IF_DESCR, IF_NAME, IF_OPER_STATUS, IF_HC_IN_OCTETS, IF_HC_OUT_OCTETS].map(column),
  );
  const hc = (hcIn?.size ?? 0) > 0;
  const [inOctets, outOctets] = hc
    ? [hcIn, hcOut]
    : await Promise.all([IF_IN_OCTETS, IF_OUT_OCTETS].map(column));
  const bits = hc ? 64 : 32;
  const interfaces: SnmpReading['interfaces'] = [];
  for (const index of new Set([...(descr?.keys() ?? []), ...(oper?.keys() ?? [])])) {
    if (interfaces.length >= 1024) break;
    const prev = state.octets.get(index) ?? {};
    const inValue = snmpBigInt(inOctets?.get(index));
    const outValue = snmpBigInt(outOctets?.get(index));
    const cur = {
      in: inValue === null ? undefined : { value: inValue, atMs },
      out: outValue === null ? undefined : { value: outValue, atMs },
    };
    state.octets.set(index, cur);
    const inRate = cur.in ? counterRate(prev.in, cur.in, bits) : null;
    const outRate = cur.out ? counterRate(prev.out, cur.out, bits) : null;
    interfaces.push({
      index: Number(index),
      name: snmpText(name?.get(index), 256) || snmpText(descr?.get(index), 256) || index,
      operStatus: snmpNumber(oper?.get(index)),
      inBps: inRate === null ? null : inRate * 8,
      outBps: outRate === null ? null : outRate * 8,
    });
  }
  return interfaces;
}

function clampPercent(n: number): number {
  return Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;
}
