/**
 * Turning alert records into deliveries, inside the caller's transaction: an opening or repeat notice
 * goes to every recipient covering the record's store and level on each of its send types; a
 * recovery goes to those told about the opening (or a repeat). Each delivery is decided as it is
 * inserted — muted in a quiet time, refused when the channel is off, held by a cap, else queued — so
 * the cap counts see the ones inserted before it.
 */
import {
  type DeliveryKind,
  type MonitoringSettings,
  type NotificationSettings,
  type RecipientLanguage,
  recipientLanguage,
  SendType,
} from '@storefleet/contracts';

import type { Trx } from '../../db/trx';
import type { RecordFacts } from './alert-outbox.repository';
import {
  countCompanySince,
  countRecipientSince,
  insertDeliveries,
  listToldAbout,
} from './deliveries.repository';
import { capReason, clockTime, hourStart, quietReason } from './notification-policy';

/** A recipient as the alert-senders module resolves it (passed in: the engine does not import modules). */
export interface NotificationRecipient {
  senderId: number;
  email: string | null;
  phone: string | null;
  /** SEND_TYPE numbers: 0 SMS, 1 email, 2 phone call. */
  sendTypes: number[];
  /** The language its messages are worded in ('zh-CN' when not said). */
  language?: RecipientLanguage;
}

/** Recipients of a company who cover a store and want a level. */
export type RecipientsReader = (
  db: Trx,
  q: { companyId: number; shopId: number; severity: number },
) => Promise<NotificationRecipient[]>;

export interface Target {
  senderId: number;
  channel: number;
  address: string;
  language: RecipientLanguage;
}

/** The (recipient, channel, address) of `recipients`' send types that have an address. */
export function targetsOf(recipients: readonly NotificationRecipient[]): Target[] {
  const targets: Target[] = [];
  for (const r of recipients) {
    for (const channel of r.sendTypes) {
      const address = channel === SendType.EMAIL ? r.email : r.phone;
      if (address)
        targets.push({ senderId: r.senderId, channel, address, language: recipientLanguage(r.language) });
    }
  }
  return targets;
}

/** Whether the company has switched the channel on. */
export function channelOn(channels: NotificationSettings, channel: number): boolean {
  if (channel === SendType.EMAIL) return channels.email.enabled;
  return (channel === SendType.SMS ? channels.sms : channels.phone).enabled;
}

export interface CompanySettings {
  monitoring: MonitoringSettings;
  channels: NotificationSettings;
}

/**
 * How a new delivery to `target` starts at `now`: muted in quiet hours, failed when its channel is off,
 * held past the recipient's or the company's hourly cap, queued otherwise (with the reason, when not queued).
 * Alert notices and task overdue notices (modules/tasks/task-overdue.ts) decide the same way.
 */
export async function deliveryStatus(
  trx: Trx,
  companyId: number,
  target: Target,
  settings: CompanySettings,
  now: number,
): Promise<{ status: 'queued' | 'muted' | 'failed' | 'held'; reason: string | null }> {
  const quiet = quietReason(settings.monitoring, clockTime(now));
  if (quiet) return { status: 'muted', reason: quiet };
  if (!channelOn(settings.channels, target.channel)) return { status: 'failed', reason: 'channel_off' };
  const since = hourStart(now);
  const cap = capReason(
    settings.channels.caps,
    await countRecipientSince(trx, target.senderId, target.channel, since),
    await countCompanySince(trx, companyId, since),
  );
  return cap ? { status: 'held', reason: cap } : { status: 'queued', reason: null };
}

/** What one notice's deliveries share, besides each target's own fields. */
export interface NoticeFacts {
  companyId: number;
  recordId: number | null;
  kind: string;
  repeatNo: number;
  /** The delivery's `dedupe_key` for one target. */
  dedupeKey: (target: Target) => string;
}

/** Inserts one delivery of `notice` per target at `now`, each decided as it goes in; returns how many were queued. */
export async function queueDeliveries(
  trx: Trx,
  notice: NoticeFacts,
  targets: readonly Target[],
  settings: CompanySettings,
  now: number,
): Promise<number> {
  let queued = 0;
  for (const target of targets) {
    const { status, reason } = await deliveryStatus(trx, notice.companyId, target, settings, now);
    const inserted = await insertDeliveries(trx, [
      {
        company_id: notice.companyId,
        record_id: notice.recordId,
        sender_id: target.senderId,
        channel: target.channel,
        kind: notice.kind,
        repeat_no: notice.repeatNo,
        address: target.address,
        language: target.language,
        status,
        reason,
        next_attempt_at: now,
        dedupe_key: notice.dedupeKey(target),
        created_at: now,
      },
    ]);
    if (status === 'queued') queued += inserted.length;
  }
  return queued;
}

/** Inserts the deliveries of one notice (`kind`, `repeatNo`) of `record` at `now`; returns how many were queued. */
export function queueNotice(
  trx: Trx,
  record: RecordFacts,
  kind: Exclude<DeliveryKind, 'summary'>,
  repeatNo: number,
  targets: readonly Target[],
  settings: CompanySettings,
  now: number,
): Promise<number> {
  const notice: NoticeFacts = {
    companyId: record.companyId,
    recordId: record.id,
    kind,
    repeatNo,
    dedupeKey: (target) => `${record.id}:${target.senderId}:${target.channel}:${kind}:${repeatNo}`,
  };
  return queueDeliveries(trx, notice, targets, settings, now);
}

/**
 * The targets of a recovery: whoever was told about the opening or a repeat (not muted), once per
 * (recipient, channel, address), in the language they were told in (Chinese for rows from before languages).
 */
export async function recoveryTargets(trx: Trx, recordId: number): Promise<Target[]> {
  const rows = await listToldAbout(trx, recordId);
  const targets = new Map<string, Target>();
  for (const r of rows) {
    targets.set(`${r.sender_id}:${r.channel}:${r.address}`, {
      senderId: r.sender_id,
      channel: r.channel,
      address: r.address,
      language: recipientLanguage(r.language),
    });
  }
  return [...targets.values()];
}
