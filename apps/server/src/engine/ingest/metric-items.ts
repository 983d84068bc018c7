/**
 * The items ingest derives from agent values, with what running info shows for them. `itemid` on the
 * wire is the item key; ingest stores only the key, and running info resolves the name and description
 * in the caller's language when it answers (docs/decisions/language.md). value_type follows the Zabbix
 * reading the console was built for: 0 numeric (float), 1 text.
 */
import type { Label } from '@storefleet/contracts';

export interface MetricItem {
  key: string;
  name: Label;
  units: string;
  valueType: 0 | 1;
  description: Label;
}

const numeric = (key: string, name: Label, units: string, description: Label): MetricItem => ({
  key,
  name,
  units,
  valueType: 0,
  description,
});
const text = (key: string, name: Label, description: Label): MetricItem => ({
  key,
  name,
  units: '',
  valueType: 1,
  description,
});

export const METRIC_ITEMS = [
  numeric('online', { zh: '在线状态', en: 'Online' }, '', {
    zh: '1 在线，0 离线，由该接入方式的探测判定',
    en: '1 online, 0 offline, by the probe that decides for the connect type',
  }),
  numeric('icmp.delay', { zh: '网络延迟', en: 'Delay' }, 'ms', {
    zh: '门店盒子测得的 ICMP 平均往返时间',
    en: 'Average ICMP round trip from the store box',
  }),
  numeric('icmp.jitter', { zh: '网络抖动', en: 'Jitter' }, 'ms', {
    zh: 'ICMP 往返时间的最大值减最小值',
    en: 'Max minus min ICMP round trip',
  }),
  numeric('icmp.loss', { zh: '丢包率', en: 'Packet loss' }, '%', {
    zh: '丢失的 ICMP 回显',
    en: 'ICMP echoes lost',
  }),
  numeric('sysUpTime', { zh: '运行时长', en: 'Uptime' }, 's', {
    zh: '设备（或其 SNMP 代理）启动以来的时间',
    en: 'Time since the device (or its SNMP agent) started',
  }),
  text(
    'sysName',
    { zh: '系统名称', en: 'System name' },
    {
      zh: '设备上报的 SNMP sysName',
      en: 'SNMP sysName as the device reports it',
    },
  ),
  text(
    'sysDescr',
    { zh: '系统描述', en: 'System description' },
    {
      zh: '设备上报的 SNMP sysDescr',
      en: 'SNMP sysDescr as the device reports it',
    },
  ),
  numeric('cpu.load', { zh: 'CPU 使用率', en: 'CPU load' }, '%', {
    zh: 'CPU 繁忙百分比',
    en: 'CPU busy percent',
  }),
  numeric('memory.used', { zh: '内存使用率', en: 'Memory used' }, '%', {
    zh: '物理内存已用比例',
    en: 'Used share of physical memory',
  }),
  numeric('memory.total', { zh: '内存总量', en: 'Memory total' }, 'B', {
    zh: '物理内存大小',
    en: 'Physical memory size',
  }),
  numeric('disk.used', { zh: '磁盘使用率', en: 'Disk used' }, '%', {
    zh: '全部磁盘合计的已用比例',
    en: 'Used share of all disks together',
  }),
  numeric('net.in', { zh: '入流量', en: 'Inbound traffic' }, 'Mbps', {
    zh: '全部接口合计',
    en: 'All interfaces together',
  }),
  numeric('net.out', { zh: '出流量', en: 'Outbound traffic' }, 'Mbps', {
    zh: '全部接口合计',
    en: 'All interfaces together',
  }),
  numeric('net.ifUp', { zh: '在线端口数', en: 'Interfaces up' }, '', {
    zh: 'ifOperStatus 为 up 的接口',
    en: 'Interfaces whose ifOperStatus is up',
  }),
  numeric('battery.level', { zh: '电池电量', en: 'Battery level' }, '%', {
    zh: '安卓设备电池电量',
    en: 'Android battery charge',
  }),
  text(
    'agent.version',
    { zh: '代理版本', en: 'Agent version' },
    {
      zh: '上报代理的版本',
      en: 'Version of the reporting agent',
    },
  ),
  text(
    'host.info',
    { zh: '主机信息', en: 'Host information' },
    {
      zh: '最近一次主机上报的 CPU、内存、磁盘和电池结构',
      en: 'CPU, memory, disk and battery structures of the last host report',
    },
  ),
  numeric('agent.syslogUnmatched', { zh: '未匹配的 Syslog', en: 'Unmatched syslog' }, '', {
    zh: '来自未知发送方的 Syslog 消息',
    en: 'Syslog messages from unknown senders',
  }),
  numeric('agent.bufferDropped', { zh: '丢弃的数据', en: 'Dropped values' }, '', {
    zh: '盒子缓冲区已满而丢弃的数据',
    en: 'Values the box dropped because its buffer was full',
  }),
  numeric('agent.bufferDepth', { zh: '缓冲中的数据', en: 'Buffered values' }, '', {
    zh: '在盒子缓冲区中等待上报的数据',
    en: 'Values waiting in the box buffer',
  }),
  numeric('ingest.setAside', { zh: '搁置的数据', en: 'Values set aside' }, '', {
    zh: '服务器无法存储而搁置的数据累计（已确认，盒子不再重发）；原因见服务器日志',
    en: 'Values the server could not store and set aside, in total (acknowledged, so the box does not resend them); the server log names the reason',
  }),
  numeric('agent.clockSkew', { zh: '时钟偏差', en: 'Clock skew' }, 's', {
    zh: '盒子时钟减服务器时钟（正数为快），连接时及每批数据测得；服务器按它把数据时间校正为服务器时间',
    en: "The box's clock minus the server's (positive: ahead), measured at each link and batch; the server moves value times into server time by it",
  }),
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
