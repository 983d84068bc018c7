/**
 * What a notification says, pure: the subject and text of an alert's opening, repeat, recovery, or an
 * hourly summary, and the fields an HTTP provider's template may name — in the recipient's language
 * (`lang`: Chinese, the console's and the demo's default, or English). Device, store and rule names are
 * data, passed as they are stored (cleaned at ingest) and never translated or interpreted.
 */
import type { DeliveryKind, Lang } from '@storefleet/contracts';

import type { RecordFacts } from './alert-outbox.repository';

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

/** ALERTPRIORITY names (the dictionary's seed: `name` and `name_en`). */
const LEVEL_NAMES: Record<Lang, Record<number, string>> = {
  zh: { 1: '信息', 2: '警告', 3: '一般严重', 4: '严重', 5: '灾难' },
  en: { 1: 'Information', 2: 'Warning', 3: 'Average', 4: 'High', 5: 'Disaster' },
};

/** The name of an alert level in `lang` (Chinese by default). */
export function levelName(severity: number, lang: Lang = 'zh'): string {
  return LEVEL_NAMES[lang][severity] ?? String(severity);
}

type RecordKind = Exclude<DeliveryKind, 'summary'>;

/** Every word a message puts around the data, per language. */
interface Words {
  kind: Record<RecordKind, string>;
  subject(kind: string, level: string, device: string, store: string, alert: string): string;
  alert: string;
  level: string;
  device: string;
  store: string;
  alertTime: string;
  recoveryTime: string;
  value: string;
  status: string;
  open: string;
  recovered: string;
  closed: string;
  repeat(n: number): string;
  summarySubject(total: number, opened: number, recovered: number): string;
  summaryLine(
    recovery: boolean,
    level: string,
    device: string,
    store: string,
    alert: string,
    at: string,
  ): string;
  more(n: number): string;
  testSubject: string;
  testText: string;
  testDevice: string;
  testStore: string;
  testName: string;
  testStatus: string;
}

const WORDS: Record<Lang, Words> = {
  zh: {
    kind: { open: '告警', repeat: '告警未恢复', recovery: '告警恢复' },
    subject: (kind, level, device, store, alert) => `【${kind}】${level} ${device}（${store}）${alert}`,
    alert: '告警：',
    level: '级别：',
    device: '设备：',
    store: '门店：',
    alertTime: '告警时间：',
    recoveryTime: '恢复时间：',
    value: '当前值：',
    status: '状态：',
    open: '未恢复',
    recovered: '已恢复',
    closed: '已关闭',
    repeat: (n) => `第 ${n} 次提醒：告警仍未恢复`,
    summarySubject: (total, opened, recovered) =>
      `【告警汇总】因发送上限暂缓的 ${total} 条通知（告警 ${opened}，恢复 ${recovered}）`,
    summaryLine: (recovery, level, device, store, alert, at) =>
      `${recovery ? '恢复' : '告警'} ${level} ${device}（${store}）${alert} ${at}`,
    more: (n) => `另有 ${n} 条`,
    testSubject: '【测试】Storefleet 告警通知测试',
    testText: '收到这条消息说明通知渠道设置正确。',
    testDevice: '测试设备',
    testStore: '测试门店',
    testName: '测试通知',
    testStatus: '测试',
  },
  en: {
    kind: { open: 'Alert', repeat: 'Alert still open', recovery: 'Alert recovered' },
    subject: (kind, level, device, store, alert) => `[${kind}] ${level} ${device} (${store}) ${alert}`,
    alert: 'Alert: ',
    level: 'Level: ',
    device: 'Device: ',
    store: 'Store: ',
    alertTime: 'Alert time: ',
    recoveryTime: 'Recovery time: ',
    value: 'Value: ',
    status: 'Status: ',
    open: 'Open',
    recovered: 'Recovered',
    closed: 'Closed',
    repeat: (n) => `Reminder ${n}: the alert is still open`,
    summarySubject: (total, opened, recovered) =>
      `[Alert summary] ${total} notifications held back by the sending caps (${opened} alerts, ${recovered} recoveries)`,
    summaryLine: (recovery, level, device, store, alert, at) =>
      `${recovery ? 'Recovered' : 'Alert'} ${level} ${device} (${store}) ${alert} ${at}`,
    more: (n) => `and ${n} more`,
    testSubject: '[Test] Storefleet alert notification test',
    testText: 'This message shows that the notification channel is set up correctly.',
    testDevice: 'Test device',
    testStore: 'Test store',
    testName: 'Test notification',
    testStatus: 'Test',
  },
};

/** The message about one record, in `lang`. */
export function recordMessage(
  kind: RecordKind,
  record: RecordFacts,
  address: string,
  lang: Lang = 'zh',
): OutgoingMessage {
  const w = WORDS[lang];
  const level = levelName(record.severity, lang);
  const ended = kind === 'recovery';
  const status = ended ? (record.closedBy ? w.closed : w.recovered) : w.open;
  const subject = w.subject(w.kind[kind], level, record.deviceName, record.shopName, record.name);
  const lines = [
    `${w.alert}${record.name}`,
    `${w.level}${level}`,
    `${w.device}${record.deviceName}`,
    `${w.store}${record.shopName}`,
    `${w.alertTime}${formatTime(record.alertTime)}`,
    ...(ended && record.recoveryTime !== null ? [`${w.recoveryTime}${formatTime(record.recoveryTime)}`] : []),
    `${w.value}${record.value}`,
    `${w.status}${status}`,
  ];
  if (kind === 'repeat') lines.push(w.repeat(record.notifiedRepeats + 1));
  return {
    subject,
    text: lines.join('\n'),
    fields: {
      deviceName: record.deviceName,
      shopName: record.shopName,
      name: record.name,
      severity: String(record.severity),
      severityName: level,
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
const SUMMARY_LINES = 200;

/** One message, in `lang`, for everything a cap held back from one recipient on one channel. */
export function summaryMessage(
  held: ReadonlyArray<{ kind: string; record: RecordFacts | undefined }>,
  address: string,
  lang: Lang = 'zh',
): OutgoingMessage {
  const w = WORDS[lang];
  const opened = held.filter((h) => h.kind !== 'recovery').length;
  const recovered = held.length - opened;
  const subject = w.summarySubject(held.length, opened, recovered);
  const lines = held
    .slice(0, SUMMARY_LINES)
    .map(({ kind, record }) =>
      record
        ? w.summaryLine(
            kind === 'recovery',
            levelName(record.severity, lang),
            record.deviceName,
            record.shopName,
            record.name,
            formatTime(record.alertTime),
          )
        : `${kind}`,
    );
  if (held.length > SUMMARY_LINES) lines.push(w.more(held.length - SUMMARY_LINES));
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

/** The test message of the settings page, in the language of the console that asked for it. */
export function testMessage(address: string, lang: Lang = 'zh'): OutgoingMessage {
  const w = WORDS[lang];
  return {
    subject: w.testSubject,
    text: `${w.testSubject}\n${w.testText}`,
    fields: {
      deviceName: w.testDevice,
      shopName: w.testStore,
      name: w.testName,
      severity: '1',
      severityName: levelName(1, lang),
      alertTime: formatTime(Date.now()),
      recoveryTime: '',
      status: w.testStatus,
      kind: 'test',
      value: '0',
      phone: address,
      message: w.testSubject,
    },
  };
}
