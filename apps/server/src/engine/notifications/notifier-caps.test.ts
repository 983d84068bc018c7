// The caps bound a storm, summaries included: a storm larger than the caps, hour by hour, on a real
// database with a real SMTP peer. Each clock hour no recipient gets more than its cap and the company no
// more than its cap (summaries count like any message); what a cap held back goes out as one summary per
// recipient when a cap lets it, the oldest first; every held alert is named in a summary (none lost).
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../testing/test-app';
import {
  insertNotificationFixture,
  type NotificationFixture,
  openRecord,
  peerSettings,
  saveConfig,
} from './test-support/notification-fixture';
import type { HttpPeer, SmtpPeer } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

const PER_RECIPIENT = 2;
const PER_COMPANY = 5;
const EXTRA_RECIPIENTS = 6;

let t: TestApp;
let smtp: SmtpPeer;
let http: HttpPeer;
let now = 0;
const at = (hour: number, minute = 0) => new Date(2026, 10, 26, hour, minute, 0).getTime();

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  t.ctx.engine.notifier.clock = () => now;
  // The test runs the passes: no timer pass may fall between an hour's steps.
  t.ctx.engine.notifier.stopTimer();
  const admin = await t.signIn('admin');
  await saveConfig(t.app, admin, {
    alert_repeat_minutes: '0',
    alert_mute_start: '',
    alert_mute_end: '',
    alert_outside_hours: '1',
  });
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

/** More recipients (email only) covering the fixture's store; returns their addresses. */
async function addRecipients(f: NotificationFixture, count: number): Promise<string[]> {
  const addresses: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `storm-${i}-${f.email}`;
    const row = await t.ctx.db
      .insertInto('alert_senders')
      .values({
        company_id: f.companyId,
        name: `Storm recipient ${i}`,
        email,
        send_types: 1 << 1,
        min_level: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('alert_sender_stores')
      .values({ sender_id: row.id, shop_id: f.shopId })
      .execute();
    addresses.push(email);
  }
  return addresses;
}

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** Runs a pass at `time` and returns the mails it sent. */
async function passAt(time: number): Promise<ParsedMail[]> {
  now = time;
  const before = smtp.mails.length;
  await t.ctx.engine.notifier.run();
  return smtp.mails.slice(before);
}

describe('caps during a storm', () => {
  it('send at most the caps each hour, summaries included, and name every held alert in a summary', async () => {
    const settings = peerSettings(smtp, http, (s) => {
      s.sms.enabled = false;
      s.phone.enabled = false;
      s.caps = { perRecipientPerHour: PER_RECIPIENT, perCompanyPerHour: PER_COMPANY };
    });
    now = at(10, 5);
    const f = await insertNotificationFixture(t.ctx.db, settings);
    // The fixture's recipient wants email, SMS and calls; SMS and calls are off for the company.
    const addresses = [f.email, ...(await addRecipients(f, EXTRA_RECIPIENTS))];

    // Hour 1: four alerts for seven recipients (28 messages wanted).
    for (let i = 0; i < 4; i++) await openRecord(t.ctx.db, f, { at: now, name: `Storm ${i}` });
    const hours = [await passAt(at(10, 5))];
    // Hour 2: the summaries of hour 1 take the company's budget; two more alerts are all held.
    hours.push(await passAt(at(11, 5)));
    for (let i = 4; i < 6; i++) await openRecord(t.ctx.db, f, { at: at(11, 10), name: `Storm ${i}` });
    hours[1]?.push(...(await passAt(at(11, 10))));
    // Hours 3 to 5: what is still held goes out, at most the caps each hour.
    for (const hour of [12, 13, 14]) hours.push(await passAt(at(hour, 5)));

    // Per hour: 5 openings; 5 summaries; 5 summaries (2 of them with hour 1's and hour 2's held); the last 2.
    expect(hours.map((mails) => mails.length)).toEqual([5, 5, 5, 2, 0]);
    for (const mails of hours) {
      expect(mails.length).toBeLessThanOrEqual(PER_COMPANY);
      for (const address of addresses)
        expect(mails.filter((m) => addressOf(m) === address).length).toBeLessThanOrEqual(PER_RECIPIENT);
    }
    expect(
      hours
        .slice(1)
        .flat()
        .every((m) => m.subject?.includes('告警汇总')),
    ).toBe(true);

    // None lost: every recipient heard of all six alerts, in an opening or a summary.
    const all = hours.flat();
    for (const address of addresses) {
      const text = all
        .filter((m) => addressOf(m) === address)
        .map((m) => `${m.subject}\n${m.text}`)
        .join('\n');
      for (let i = 0; i < 6; i++) expect(text, `${address} told of Storm ${i}`).toContain(`Storm ${i}`);
    }
    const rows = await t.ctx.db
      .selectFrom('alert_deliveries')
      .select(['kind', 'status', 'summary_id'])
      .where('company_id', '=', f.companyId)
      .where('channel', '=', 1)
      .execute();
    expect(rows.filter((r) => r.status === 'held' && r.summary_id === null)).toEqual([]);
    expect(rows.filter((r) => r.kind === 'summary').map((r) => r.status)).toEqual(Array(12).fill('sent'));
  });
});
