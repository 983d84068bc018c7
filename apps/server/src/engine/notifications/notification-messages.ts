/**
 * What a notification says, pure: the subject and text of an alert's opening, repeat, recovery, or an
 * hourly summary, and the fields an HTTP provider's template may name. Messages are in Chinese, the
 * language of the console and the demo; device and store names are device data, passed as they are
 * stored (cleaned at ingest) and never interpreted.
 */
import type { DeliveryKind } from '@storefleet/contracts';

import type { RecordFacts } from './deliveries.repository';

export interface OutgoingMessage {
  subject: string;
  text: string;
  /** Template fields (TEMPLATE_FIELDS) for HTTP providers. */
  fields: Record<string, string>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (as replies show instants). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** ALERTPRIORITY names (the dictionary's seed; messages are Chinese). */
const LEVEL_ZH: Record<number, string> = { 1: '信息', 2: '警告', 3: '一般严重', 4: '严重', 5: '灾难' };

/** The Chinese name of an alert level. */
export function levelName(severity: number): string {
  return LEVEL_ZH[severity] ?? String(severity);
}

const KIND_ZH: Record<Exclude<DeliveryKind, 'summary'>, string> = {
  open: '告警',
  repeat: '告警未恢复',
  recovery: '告警恢复',
};

/** The message about one record. `levelName` is the ALERTPRIORITY name of its severity. */
export function recordMessage(
  kind: Exclude<DeliveryKind, 'summary'>,
  record: RecordFacts,
  levelName: string,
  address: string,
): OutgoingMessage {
  const ended = kind === 'recovery';
  const status = ended ? (record.closedBy ? '已关闭' : '已恢复') : '未恢复';
  const subject = `【${KIND_ZH[kind]}】${levelName} ${record.deviceName}（${record.shopName}）${record.name}`;
  const lines = [
    `告警：${record.name}`,
    `级别：${levelName}`,
    `设备：${record.deviceName}`,
    `门店：${record.shopName}`,
    `告警时间：${formatTime(record.alertTime)}`,
    ...(ended && record.recoveryTime !== null ? [`恢复时间：${formatTime(record.recoveryTime)}`] : []),
    `当前值：${record.value}`,
    `状态：${status}`,
  ];
  if (kind === 'repeat') lines.push(`第 ${record.notifiedRepeats + 1} 次提醒：告警仍未恢复`);
  return {
    subject,
    text: lines.join('\n'),
    fields: {
      deviceName: record.deviceName,
      shopName: record.shopName,
      name: record.name,
      severity: String(record.severity),
      severityName: levelName,
      alertTime: formatTime(record.alertTime),
      recoveryTime: record.recoveryTime === null ? '' : formatTime(record.recoveryTime),
      status,
      kind,
      value: String(record.value),
      phone: address,
      message: subject,
    },
  };
}

/** Most records a summary lists one by one; the rest are counted. */
const SUMMARY_LINES = 20;

/** One message for everything a cap held back from one recipient on one channel. */
export function summaryMessage(
  held: ReadonlyArray<{ kind: string; record: RecordFacts | undefined; levelName: string }>,
  address: string,
): OutgoingMessage {
  const opened = held.filter((h) => h.kind !== 'recovery').length;
  const recovered = held.length - opened;
  const subject = `【告警汇总】因发送上限暂缓的 ${held.length} 条通知（告警 ${opened}，恢复 ${recovered}）`;
  const lines = held
    .slice(0, SUMMARY_LINES)
    .map(({ kind, record, levelName }) =>
      record
        ? `${kind === 'recovery' ? '恢复' : '告警'} ${levelName} ${record.deviceName}（${record.shopName}）${record.name} ${formatTime(record.alertTime)}`
        : `${kind}`,
    );
  if (held.length > SUMMARY_LINES) lines.push(`另有 ${held.length - SUMMARY_LINES} 条`);
  const text = [subject, ...lines].join('\n');
  return {
    subject,
    text,
    fields: {
      deviceName: '',
      shopName: '',
      name: subject,
      severity: '',
      severityName: '',
      alertTime: '',
      recoveryTime: '',
      status: '',
      kind: 'summary',
      value: String(held.length),
      phone: address,
      message: subject,
    },
  };
}

/** The test message of the settings page. */
export function testMessage(address: string): OutgoingMessage {
  const subject = '【测试】Storefleet 告警通知测试';
  return {
    subject,
    text: `${subject}\n收到这条消息说明通知渠道设置正确。`,
    fields: {
      deviceName: '测试设备',
      shopName: '测试门店',
      name: '测试通知',
      severity: '1',
      severityName: '信息',
      alertTime: formatTime(Date.now()),
      recoveryTime: '',
      status: '测试',
      kind: 'test',
      value: '0',
      phone: address,
      message: subject,
    },
  };
}
