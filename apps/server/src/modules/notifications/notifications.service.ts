/**
 * Notification calls: a company's channel settings (secrets write-only: a reply says whether a
 * password is set and masks header values; a save that leaves the password out, or sends the mask
 * as a header value, keeps what is stored), a test message on one channel to an address the user
 * types, and the delivery log of one alert record (scope-checked like the record).
 */
import {
  type AlertDelivery,
  type DeliveryKind,
  type DeliveryStatus,
  type HttpChannelSettings,
  type Lang,
  type NotificationSettings,
  SECRET_MASK,
  SendType,
  type TestNotificationBody,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { channelSender } from '../../engine/notifications/channel-senders';
import { listDeliveriesOfRecord } from '../../engine/notifications/deliveries.repository';
import {
  readNotificationSettings,
  writeNotificationSettings,
} from '../../engine/notifications/notification-channels.repository';
import { testMessage } from '../../engine/notifications/notification-messages';
import { cleanError } from '../../engine/notifications/notifier';
import { invalid, invalidFields, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { OutboundError } from '../../outbound/outbound-error';
import { findAlertRecordRow } from '../alerts/alert-records.repository';
import { notificationSettingsProblems } from './notification-destinations';
import type { TestSendLimit } from './test-send-limit';

/** The settings as a reply shows them: no password, header values masked. */
export function maskedSettings(settings: NotificationSettings): NotificationSettings {
  const { password, ...email } = settings.email;
  const mask = (p: HttpChannelSettings): HttpChannelSettings => ({
    ...p,
    secretHeaders: p.secretHeaders.map((h) => ({ name: h.name, value: SECRET_MASK })),
  });
  return {
    email: { ...email, passwordSet: (password ?? '') !== '' },
    sms: mask(settings.sms),
    phone: mask(settings.phone),
    caps: settings.caps,
  };
}

/** GET notificationSettings: the caller's company. */
export async function getNotificationSettings(ctx: AppContext, scope: Scope): Promise<NotificationSettings> {
  return maskedSettings(await readNotificationSettings(ctx.db, ctx.config.secrets, requireCompany(scope)));
}

const REQUIRED_WHEN_ON = { zh: '启用该渠道时必填', en: 'is required while this channel is on' };

function keepSecretHeaders(
  field: string,
  given: HttpChannelSettings,
  stored: HttpChannelSettings,
): HttpChannelSettings {
  const secretHeaders = given.secretHeaders.map((h, i) => {
    if (h.value !== SECRET_MASK) return h;
    const old = stored.secretHeaders.find((s) => s.name.toLowerCase() === h.name.toLowerCase());
    if (!old) {
      throw invalid(`${field}.secretHeaders[${i}].value`, {
        zh: '没有已保存的值可沿用，请填写该请求头的值',
        en: 'has no saved value to keep; type the header value',
      });
    }
    return { name: h.name, value: old.value };
  });
  return { ...given, secretHeaders };
}

/**
 * PUT notificationSettings: checks that a channel switched on is complete, that every destination
 * passes the outbound policy and the caps stay within the platform's maxima, keeps unchanged secrets,
 * saves.
 */
export async function saveNotificationSettings(
  ctx: AppContext,
  scope: Scope,
  caller: Caller,
  body: NotificationSettings,
): Promise<NotificationSettings> {
  const companyId = requireCompany(scope);
  const problems = [];
  if (body.email.enabled && body.email.host === '')
    problems.push({ field: 'email.host', message: REQUIRED_WHEN_ON });
  if (body.email.enabled && body.email.from === '')
    problems.push({ field: 'email.from', message: REQUIRED_WHEN_ON });
  if (body.sms.enabled && body.sms.url === '') problems.push({ field: 'sms.url', message: REQUIRED_WHEN_ON });
  if (body.phone.enabled && body.phone.url === '')
    problems.push({ field: 'phone.url', message: REQUIRED_WHEN_ON });
  if (problems.length > 0) throw invalidFields(problems);
  const refused = await notificationSettingsProblems(ctx, body);
  if (refused.length > 0) throw invalidFields(refused);
  const stored = await readNotificationSettings(ctx.db, ctx.config.secrets, companyId);
  const { passwordSet: _reply, password, ...email } = body.email;
  const next: NotificationSettings = {
    email: { ...email, password: password === undefined ? stored.email.password : password },
    sms: keepSecretHeaders('sms', body.sms, stored.sms),
    phone: keepSecretHeaders('phone', body.phone, stored.phone),
    caps: body.caps,
  };
  await writeNotificationSettings(ctx.db, ctx.config.secrets, companyId, next, Date.now(), caller.userName);
  return maskedSettings(next);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;

/**
 * POST testNotification: sends the test message now (not queued) and says what happened — classified
 * (refused destination, DNS, connect refused, timeout, TLS, HTTP status N, SMTP reply code), never what
 * the peer wrote. `limit` counts the company's test sends (429 past 10 a minute).
 */
export async function sendTestNotification(
  ctx: AppContext,
  scope: Scope,
  body: TestNotificationBody,
  limit: TestSendLimit,
  lang: Lang = 'zh',
): Promise<{ ok: boolean; error: string | null }> {
  const companyId = requireCompany(scope);
  if (body.channel === SendType.EMAIL && !EMAIL.test(body.address)) {
    throw invalid('address', { zh: '必须是电子邮箱地址', en: 'must be an email address' });
  }
  if (body.channel !== SendType.EMAIL && !PHONE.test(body.address)) {
    throw invalid('address', { zh: '必须是电话号码', en: 'must be a phone number' });
  }
  limit.take(companyId, Date.now());
  const settings = await readNotificationSettings(ctx.db, ctx.config.secrets, companyId);
  try {
    await channelSender(ctx.outbound)(settings, body.channel, body.address, testMessage(body.address, lang));
    return { ok: true, error: null };
  } catch (error) {
    return { ok: false, error: error instanceof OutboundError ? error.label[lang] : cleanError(error) };
  }
}

/** GET listDeliveries: who was told about record `recordId`, how, when, and the outcome; 404 outside scope. */
export async function listRecordDeliveries(
  ctx: AppContext,
  scope: Scope,
  recordId: number,
): Promise<AlertDelivery[]> {
  const record = await findAlertRecordRow(ctx.db, scope, recordId);
  if (!record) throw notFound({ zh: '告警记录', en: 'alert record' });
  const rows = await listDeliveriesOfRecord(ctx.db, recordId);
  return rows.map((row) => ({
    id: row.id,
    recordId: row.record_id,
    senderId: row.sender_id,
    senderName: row.sender_name,
    channel: row.channel,
    kind: row.kind as DeliveryKind,
    repeatNo: row.repeat_no,
    address: row.address,
    status: row.status as DeliveryStatus,
    reason: row.reason,
    attempts: row.attempts,
    lastError: row.last_error,
    createTime: formatDateTime(Number(row.created_at)),
    sentTime: formatDateTime(row.sent_at === null ? null : Number(row.sent_at)),
  }));
}
