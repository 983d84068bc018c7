/**
 * The notifier's decisions, pure: whether a moment is quiet (mute window, outside opening hours),
 * whether a cap holds a message back, when a repeat notice is due, how long to wait before a retry.
 * Times of day are the server's time zone (`TZ`), like every time the product shows.
 */
import { inTimeWindow, type MonitoringSettings, type NotificationCaps } from '@storefleet/contracts';

/** Attempts before a delivery is given up as failed. */
export const MAX_ATTEMPTS = 5;
/** How long a claimed delivery may stay `sending` before another run takes it over. */
export const SEND_LEASE_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

export type QuietReason = 'mute_window' | 'outside_hours';
export type CapReason = 'recipient_cap' | 'company_cap';

/** `HH:mm` of `ms` in the server's time zone. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * Why nothing may be sent at `hhmm`, or null: inside the mute window; outside opening hours when the
 * company turned "alert outside opening hours" off.
 */
export function quietReason(
  settings: Pick<MonitoringSettings, 'alertMute' | 'openingHours' | 'alertOutsideHours'>,
  hhmm: string,
): QuietReason | null {
  if (settings.alertMute && inTimeWindow(settings.alertMute, hhmm)) return 'mute_window';
  if (!settings.alertOutsideHours && !inTimeWindow(settings.openingHours, hhmm)) return 'outside_hours';
  return null;
}

/** Start of the hour window `ms` falls in (caps count per clock hour). */
export function hourStart(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/**
 * Whether one more message may go out this hour: `recipientCount` / `companyCount` are the messages
 * already let through in the window (queued, sending, sent or failed) — the recipient's on this
 * channel, and the company's on every channel.
 */
export function capReason(
  caps: NotificationCaps,
  recipientCount: number,
  companyCount: number,
): CapReason | null {
  if (recipientCount >= caps.perRecipientPerHour) return 'recipient_cap';
  if (companyCount >= caps.perCompanyPerHour) return 'company_cap';
  return null;
}

/** Whether an open record last notified at `lastNotifiedAt` is due a repeat notice at `now`. */
export function repeatDue(repeatMinutes: number, lastNotifiedAt: number | null, now: number): boolean {
  if (repeatMinutes <= 0 || lastNotifiedAt === null) return false;
  return now - lastNotifiedAt >= repeatMinutes * 60_000;
}

/** What happens after a failed attempt (`attempts` made so far): retry at `now` + 1, 2, 4, 8 … min, or give up. */
export function afterFailure(
  attempts: number,
  now: number,
): { status: 'queued'; nextAttemptAt: number } | { status: 'failed' } {
  if (attempts >= MAX_ATTEMPTS) return { status: 'failed' };
  return { status: 'queued', nextAttemptAt: now + 60_000 * 2 ** Math.max(0, attempts - 1) };
}

/**
 * Fills `{{field}}` placeholders from `fields` (unknown names become ''). `format` makes a value fit for
 * where it lands: JSON-string escaping for a JSON body, URL encoding for a URL.
 */
export function fillTemplate(
  template: string,
  fields: Readonly<Record<string, string>>,
  format: (value: string) => string = (v) => v,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => format(fields[key] ?? ''));
}

/** A value placed inside a JSON string literal. */
export function jsonStringEscape(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}
