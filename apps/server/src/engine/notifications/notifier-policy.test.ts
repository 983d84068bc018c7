// What the company's settings do to notifications, on a real database with real peers: nothing is
// sent inside the mute window (and the end of a muted alert is not sent either); outside opening
// hours only when allowed; an alert still open after the repeat interval is sent again; caps hold
// messages back and what they held goes out as one summary when the hour is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../testing/test-app';
import { writeNotificationSettings } from './notification-channels.repository';
import {
  deliveriesOf,
  insertNotificationFixture,
  openRecord,
  peerSettings,
  recoverRecord,
  saveConfig,
} from './test-support/notification-fixture';
import { type HttpPeer, type SmtpPeer, until } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

let t: TestApp;
let admin: string;
let smtp: SmtpPeer;
let http: HttpPeer;
let now = 0;
const at = (hour: number, minute = 0) => new Date(2026, 10, 24, hour, minute, 0).getTime();
const emailOnly = () =>
  peerSettings(smtp, http, (s) => {
    s.sms.enabled = false;
    s.phone.enabled = false;
  });

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  admin = await t.signIn('admin');
  t.ctx.engine.notifier.clock = () => now;
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

const run = () => t.ctx.engine.notifier.run();
const emailsOf = async (id: number) => (await deliveriesOf(t.ctx.db, id)).filter((d) => d.channel === 1);

describe('quiet times', () => {
  it('mutes an alert inside a mute window that runs past midnight, and does not send its end', async () => {
    now = at(23, 30);
    await saveConfig(t.app, admin, {
      alert_mute_start: '23:00',
      alert_mute_end: '07:00',
      alert_repeat_minutes: '0',
    });
    const f = await insertNotificationFixture(t.ctx.db, emailOnly());
    const id = await openRecord(t.ctx.db, f, { at: now });
    await run();
    expect((await emailsOf(id)).map((d) => [d.kind, d.status, d.reason])).toEqual([
      ['open', 'muted', 'mute_window'],
    ]);
    now = at(7, 59) + 24 * 3_600_000; // the next morning
    await recoverRecord(t.ctx.db, id, now);
    await run();
    expect((await emailsOf(id)).map((d) => d.kind)).toEqual(['open']);
    expect(smtp.to(f.email)).toEqual([]);
    await saveConfig(t.app, admin, { alert_mute_start: '', alert_mute_end: '' });
  });

  it('outside opening hours sends only while alerts outside opening hours are on', async () => {
    const f = await insertNotificationFixture(t.ctx.db, emailOnly());
    await saveConfig(t.app, admin, {
      store_open_time: '08:00',
      store_close_time: '22:00',
      alert_outside_hours: '0',
    });
    now = at(6, 0) + 2 * 24 * 3_600_000;
    const night = await openRecord(t.ctx.db, f, { at: now });
    await run();
    expect((await emailsOf(night)).map((d) => [d.status, d.reason])).toEqual([['muted', 'outside_hours']]);

    await saveConfig(t.app, admin, { alert_outside_hours: '1' });
    now += 60_000;
    const allowed = await openRecord(t.ctx.db, f, { at: now, deviceId: f.switchId });
    await run();
    expect((await emailsOf(allowed)).map((d) => d.status)).toEqual(['sent']);
    await until(() => smtp.to(f.email).length === 1, 'the mail outside opening hours');
  });
});

describe('repeat interval', () => {
  it('sends an alert still open again after the interval, and not before', async () => {
    await saveConfig(t.app, admin, { alert_repeat_minutes: '30' });
    const f = await insertNotificationFixture(t.ctx.db, emailOnly());
    now = at(12, 0) + 3 * 24 * 3_600_000;
    const id = await openRecord(t.ctx.db, f, { at: now });
    await run();
    now += 29 * 60_000;
    await run();
    expect((await emailsOf(id)).map((d) => d.kind)).toEqual(['open']);
    now += 60_000;
    await run();
    expect((await emailsOf(id)).map((d) => [d.kind, d.repeat_no, d.status])).toEqual([
      ['open', 0, 'sent'],
      ['repeat', 1, 'sent'],
    ]);
    await until(() => smtp.to(f.email).length === 2, 'the repeat mail');
    expect(smtp.to(f.email)[1]?.subject).toContain('告警未恢复');
    await recoverRecord(t.ctx.db, id, now);
    now += 31 * 60_000;
    await run();
    expect((await emailsOf(id)).map((d) => d.kind)).toEqual(['open', 'repeat', 'recovery']);
    await saveConfig(t.app, admin, { alert_repeat_minutes: '0' });
  });
});

describe('caps', () => {
  it('holds what is over the recipient cap and sends it as one summary when the hour is over', async () => {
    const settings = emailOnly();
    settings.caps.perRecipientPerHour = 2;
    const f = await insertNotificationFixture(t.ctx.db, settings);
    now = at(10, 10) + 4 * 24 * 3_600_000;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await openRecord(t.ctx.db, f, { at: now, name: `Storm ${i}` }));
    await run();
    const statuses = await Promise.all(ids.map(async (id) => (await emailsOf(id))[0]?.status));
    expect(statuses).toEqual(['sent', 'sent', 'held', 'held', 'held']);
    await until(() => smtp.to(f.email).length === 2, 'two mails under the cap');
    // Still the same hour: nothing more.
    now += 40 * 60_000;
    await run();
    expect(smtp.to(f.email)).toHaveLength(2);
    now += 20 * 60_000;
    await run();
    await until(() => smtp.to(f.email).length === 3, 'the summary');
    const summary = smtp.to(f.email)[2];
    expect(summary?.subject).toContain('告警汇总');
    expect(summary?.subject).toContain('3 条');
    for (const i of [2, 3, 4]) expect(summary?.text).toContain(`Storm ${i}`);
    await run();
    expect(smtp.to(f.email)).toHaveLength(3);
    // Back to the default caps for the company.
    await writeNotificationSettings(t.ctx.db, t.ctx.config.secrets, f.companyId, emailOnly(), now, 'test');
  });

  it('holds what is over the company cap', async () => {
    const settings = emailOnly();
    settings.caps.perCompanyPerHour = 1;
    const f = await insertNotificationFixture(t.ctx.db, settings);
    now = at(9, 0) + 5 * 24 * 3_600_000;
    const first = await openRecord(t.ctx.db, f, { at: now });
    const second = await openRecord(t.ctx.db, f, { at: now, deviceId: f.switchId });
    await run();
    expect((await emailsOf(first))[0]?.status).toBe('sent');
    expect((await emailsOf(second)).map((d) => [d.status, d.reason])).toEqual([['held', 'company_cap']]);
    await writeNotificationSettings(t.ctx.db, t.ctx.config.secrets, f.companyId, emailOnly(), now, 'test');
  });
});
