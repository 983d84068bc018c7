/**
 * The items ingest derives from agent values, with what running info shows for them. `itemid` on the
 * wire is the item key. value_type follows the Zabbix reading the console was built for: 0 numeric
 * (float), 1 text.
 */
export interface MetricItem {
  key: string;
  name: string;
  units: string;
  valueType: 0 | 1;
  description: string;
}

const numeric = (key: string, name: string, units: string, description: string): MetricItem => ({
  key,
  name,
  units,
  valueType: 0,
  description,
});
const text = (key: string, name: string, description: string): MetricItem => ({
  key,
  name,
  units: '',
  valueType: 1,
  description,
});

export const METRIC_ITEMS = [
  numeric('online', 'Online', '', '1 online, 0 offline, by the probe that decides for the connect type'),
  numeric('icmp.delay', 'Delay', 'ms', 'Average ICMP round trip from the store box'),
  numeric('icmp.jitter', 'Jitter', 'ms', 'Max minus min ICMP round trip'),
  numeric('icmp.loss', 'Packet loss', '%', 'ICMP echoes lost'),
  numeric('sysUpTime', 'Uptime', 's', 'Time since the device (or its SNMP agent) started'),
  text('sysName', 'System name', 'SNMP sysName as the device reports it'),
  text('sysDescr', 'System description', 'SNMP sysDescr as the device reports it'),
  numeric('cpu.load', 'CPU load', '%', 'CPU busy percent'),
  numeric('memory.used', 'Memory used', '%', 'Used share of physical memory'),
  numeric('memory.total', 'Memory total', 'B', 'Physical memory size'),
  numeric('disk.used', 'Disk used', '%', 'Used share of all disks together'),
  numeric('net.in', 'Inbound traffic', 'Mbps', 'All interfaces together'),
  numeric('net.out', 'Outbound traffic', 'Mbps', 'All interfaces together'),
  numeric('net.ifUp', 'Interfaces up', '', 'Interfaces whose ifOperStatus is up'),
  numeric('battery.level', 'Battery level', '%', 'Android battery charge'),
  text('agent.version', 'Agent version', 'Version of the reporting agent'),
  text('host.info', 'Host information', 'CPU, memory, disk and battery structures of the last host report'),
  numeric('agent.syslogUnmatched', 'Unmatched syslog', '', 'Syslog messages from unknown senders'),
  numeric('agent.bufferDropped', 'Dropped values', '', 'Values the box dropped because its buffer was full'),
  numeric('agent.bufferDepth', 'Buffered values', '', 'Values waiting in the box buffer'),
] as const satisfies readonly MetricItem[];

export type MetricItemKey = (typeof METRIC_ITEMS)[number]['key'];

/**
 * Items whose value is a JSON document of the last report (getEloDeviceStatistic reads it): kept as the
 * device's last value only — no raw history (nothing charts it, and a PC or Android device reporting
 * every minute would add ~1.5 KB a minute per device for 90 days) and no running item. Ingest writes
 * them apart from the metric samples (value-rows.ts `hostInfoText`).
 */
export const STRUCTURED_ITEMS: ReadonlySet<string> = new Set<MetricItemKey>(['host.info']);

const BY_KEY = new Map<string, MetricItem>(METRIC_ITEMS.map((item) => [item.key, item]));

/** The catalogue entry of an item key, if it is one ingest writes. */
export function metricItem(key: string): MetricItem | undefined {
  return BY_KEY.get(key);
}
