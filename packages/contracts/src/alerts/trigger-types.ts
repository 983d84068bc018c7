/**
 * Trigger types of alert rules (spec §3 "triggerType (integer metric)"): each number names one metric
 * item ingest writes, with the alert type it belongs to. `getAlertItems` offers them per alert type;
 * the evaluator compares the item's newest value with the rule's operator and value. The numbers are
 * stored in rules: append, never renumber.
 */
import type { Label } from '../labels';

export interface TriggerTypeEntry {
  /** The number stored in a rule and sent as triggerType. */
  value: number;
  /** The metric item key (running info `itemid`) the rule watches. */
  item: string;
  unit: string;
  /** 1 warehouse network, 2 warehouse device (AlertType). */
  alertType: 1 | 2;
  label: Label;
}

export const TRIGGER_TYPES = [
  {
    value: 1,
    item: 'online',
    unit: '',
    alertType: 1,
    label: { zh: '在线状态（1 在线，0 离线）', en: 'Online status (1 online, 0 offline)' },
  },
  { value: 2, item: 'icmp.delay', unit: 'ms', alertType: 1, label: { zh: '网络延迟', en: 'Network delay' } },
  { value: 3, item: 'icmp.loss', unit: '%', alertType: 1, label: { zh: '丢包率', en: 'Packet loss' } },
  {
    value: 4,
    item: 'icmp.jitter',
    unit: 'ms',
    alertType: 1,
    label: { zh: '网络抖动', en: 'Network jitter' },
  },
  { value: 5, item: 'net.in', unit: 'Mbps', alertType: 1, label: { zh: '入流量', en: 'Inbound traffic' } },
  { value: 6, item: 'net.out', unit: 'Mbps', alertType: 1, label: { zh: '出流量', en: 'Outbound traffic' } },
  { value: 7, item: 'net.ifUp', unit: '', alertType: 1, label: { zh: '在线端口数', en: 'Interfaces up' } },
  { value: 8, item: 'cpu.load', unit: '%', alertType: 2, label: { zh: 'CPU 使用率', en: 'CPU load' } },
  { value: 9, item: 'memory.used', unit: '%', alertType: 2, label: { zh: '内存使用率', en: 'Memory used' } },
  { value: 10, item: 'disk.used', unit: '%', alertType: 2, label: { zh: '磁盘使用率', en: 'Disk used' } },
  {
    value: 11,
    item: 'battery.level',
    unit: '%',
    alertType: 2,
    label: { zh: '电池电量', en: 'Battery level' },
  },
  { value: 12, item: 'sysUpTime', unit: 's', alertType: 2, label: { zh: '运行时长', en: 'Uptime' } },
] as const satisfies readonly TriggerTypeEntry[];

/** The trigger type entry of `value`, if it is one. */
export function triggerTypeOf(value: number): TriggerTypeEntry | undefined {
  return TRIGGER_TYPES.find((t) => t.value === value);
}
