/**
 * Turns one agent value into what ingest stores: metric samples (raw history and last values), a
 * syslog row, and the online signal it carries. Pure: no database, so the mapping is easy to test.
 */
import { randomUUID } from 'node:crypto';

import { type AgentValue, ConnectType } from '@storefleet/contracts';

import type { DeviceSyslogsTable } from '../../db/tables/monitoring';
import type { MetricItemKey } from './metric-items';

export interface MetricSample {
  item: MetricItemKey;
  num: number | null;
  text: string | null;
}

/** A syslog row as a value gives it: the table's columns but the ids the store adds. */
export type SyslogRow = Omit<DeviceSyslogsTable, 'id' | 'device_id' | 'reporter_id' | 'seq'>;

const SEVERITY = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;
const MBPS = 1_000_000;

const num = (item: MetricItemKey, value: number | null | undefined): MetricSample[] =>
  value === null || value === undefined || !Number.isFinite(value) ? [] : [{ item, num: value, text: null }];
const str = (item: MetricItemKey, value: string | null): MetricSample[] =>
  value === null ? [] : [{ item, num: null, text: value }];
const round2 = (value: number) => Math.round(value * 100) / 100;
const percent = (used: number, total: number) => (total > 0 ? round2((used / total) * 100) : null);

/**
 * The online signal of a value for a device of `connectType`: true/false when this value decides the
 * device's status, null when it does not (see the protocol's doc comment on which probe decides).
 */
export function onlineSignal(value: AgentValue, connectType: number): boolean | null {
  switch (value.kind) {
    case 'snmp':
      return connectType === ConnectType.SNMP ? value.online : null;
    case 'reachability':
      return connectType === ConnectType.SNMP ? null : value.online;
    case 'host':
    case 'agentStats':
      // Only a running agent sends these, about itself.
      return true;
    case 'syslog':
      return null;
    default: {
      const unreachable: never = value;
      return unreachable;
    }
  }
}

/** The metric samples of one value (empty for syslog). */
export function metricSamples(value: AgentValue, connectType: number): MetricSample[] {
  const signal = onlineSignal(value, connectType);
  // The online chart reads these points; agentStats is bookkeeping, not a probe of the device.
  const online = signal === null || value.kind === 'agentStats' ? [] : num('online', signal ? 1 : 0);
  switch (value.kind) {
    case 'reachability':
      return [
        ...online,
        ...num('icmp.delay', value.delayMs),
        ...num('icmp.jitter', value.jitterMs),
        ...num('icmp.loss', round2(value.lossRate * 100)),
      ];
    case 'snmp':
      return [...online, ...snmpSamples(value)];
    case 'host':
      return [...online, ...hostSamples(value)];
    case 'agentStats':
      return [
        ...num('agent.syslogUnmatched', value.syslogUnmatched),
        ...num('agent.bufferDropped', value.bufferDropped),
        ...num('agent.bufferDepth', value.bufferDepth),
      ];
    case 'syslog':
      return [];
    default: {
      const unreachable: never = value;
      return unreachable;
    }
  }
}

function snmpSamples(value: Extract<AgentValue, { kind: 'snmp' }>): MetricSample[] {
  if (!value.online) return [];
  const memTotal = value.memoryTotalBytes;
  const memUsed = value.memoryUsedBytes;
  let diskUsed = 0;
  let diskTotal = 0;
  for (const disk of value.disks) {
    diskUsed += disk.usedBytes;
    diskTotal += disk.totalBytes;
  }
  const rated = value.interfaces.filter((i) => i.inBps !== null || i.outBps !== null);
  const sum = (pick: (i: (typeof rated)[number]) => number | null) =>
    rated.length === 0 ? null : round2(rated.reduce((total, i) => total + (pick(i) ?? 0), 0) / MBPS);
  return [
    ...num('sysUpTime', value.sysUpTimeSeconds),
    ...str('sysName', value.sysName),
    ...str('sysDescr', value.sysDescr),
    ...num('cpu.load', value.cpuLoad),
    ...num('memory.used', memUsed !== null && memTotal !== null ? percent(memUsed, memTotal) : null),
    ...num('memory.total', memTotal),
    ...num('disk.used', value.disks.length > 0 ? percent(diskUsed, diskTotal) : null),
    ...num(
      'net.in',
      sum((i) => i.inBps),
    ),
    ...num(
      'net.out',
      sum((i) => i.outBps),
    ),
    ...num(
      'net.ifUp',
      value.interfaces.length > 0 ? value.interfaces.filter((i) => i.operStatus === 1).length : null,
    ),
  ];
}

function hostSamples(value: Extract<AgentValue, { kind: 'host' }>): MetricSample[] {
  const mem = value.memory.find((m) => m.type === 'Mem');
  let diskUsed = 0;
  let diskTotal = 0;
  for (const disk of value.disks) {
    diskUsed += Number(disk.used) || 0;
    diskTotal += Number(disk.size) || 0;
  }
  const cores = Math.max(1, value.cpu.coreNumber);
  const load1 = value.cpu.loadAverages[0] ?? 0;
  return [
    ...num('sysUpTime', Number(value.cpu.uptime)),
    ...num('cpu.load', Math.min(100, round2((load1 / cores) * 100))),
    ...num('memory.used', mem ? percent(Number(mem.used), Number(mem.total)) : null),
    ...num('memory.total', mem ? Number(mem.total) * 1024 : null),
    ...num('disk.used', value.disks.length > 0 ? percent(diskUsed, diskTotal) : null),
    ...num(
      'battery.level',
      value.battery ? round2((value.battery.level / (value.battery.scale || 100)) * 100) : null,
    ),
    ...str('agent.version', value.agentVersion),
    ...str('sysName', value.hostname),
  ];
}

/**
 * The `host.info` last value of a host report: its CPU, memory, disk and battery structures as JSON
 * (getEloDeviceStatistic). Not a metric sample: it has no history, so ingest builds it once per device
 * and batch, for the newest report only.
 */
export function hostInfoText(value: Extract<AgentValue, { kind: 'host' }>): string {
  return JSON.stringify({ cpu: value.cpu, memory: value.memory, disks: value.disks, battery: value.battery });
}

/** The syslog row of a syslog value; every text exactly as received. */
export function syslogRow(value: Extract<AgentValue, { kind: 'syslog' }>): SyslogRow {
  const hasPri = value.facility !== null && value.severity !== null;
  return {
    host_ip: value.hostIp,
    log_level: value.severity === null ? null : (SEVERITY[value.severity] ?? null),
    log_priority: hasPri ? (value.facility ?? 0) * 8 + (value.severity ?? 0) : null,
    log_datetime: value.at,
    log_message: value.message,
    log_content: value.raw,
    log_uuid: randomUUID(),
    format: value.format,
    app: value.app,
    hostname: value.hostname,
  };
}
