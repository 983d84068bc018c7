// Alert notifications delivered for real: email to a local SMTP server (parsed with mailparser), SMS
// and phone calls to a local HTTP provider; retries after a provider failure; records held under
// their box's alert are not sent. Time is the notifier's clock, moved by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../testing/test-app';
import {
  deliveriesOf,
  insertNotificationFixture,
  openRecord,
  peerSettings,
  recoverRecord,
} from './test-support/notification-fixture';
import { type HttpPeer, type SmtpPeer, until } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

let t: TestApp;
let smtp: SmtpPeer;
let http: HttpPeer;
// Noon, local time: inside the default opening hours, no mute window.
let now = new Date(2026, 10, 24, 12, 0, 0).getTime();

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  t.ctx.engine.notifier.clock = () => now;
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

const run = () => t.ctx.engine.notifier.run();

describe('email', () => {
  it('mails the recipient when a record opens, naming device, store and level, and again when it recovers', async () => {
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    const id = await openRecord(t.ctx.db, f, { at: now - 5_000, severity: 4, name: 'Device offline' });
    await run();
    await until(() => smtp.to(f.email).length === 1, 'the opening mail');
    const [opened] = smtp.to(f.email);
    expect(opened?.subject).toContain('POS 1');
    expect(opened?.subject).toContain('Agent link test store');
    expect(opened?.subject).toContain('严重');
    expect(opened?.text).toContain('设备：POS 1');
    expect(opened?.text).toContain('状态：未恢复');
    expect(opened?.from?.text).toContain('alerts@storefleet.test');

    now += 60_000;
    await recoverRecord(t.ctx.db, id, now - 1_000);
    await run();
    await until(() => smtp.to(f.email).length === 2, 'the recovery mail');
    const recovered = smtp.to(f.email)[1];
    expect(recovered?.subject).toContain('告警恢复');
    expect(recovered?.text).toContain('状态：已恢复');
    expect(recovered?.text).toContain('恢复时间：');

    const log = await deliveriesOf(t.ctx.db, id);
    expect(log.filter((d) => d.channel === 1).map((d) => [d.kind, d.status])).toEqual([
      ['open', 'sent'],
      ['recovery', 'sent'],
    ]);
    // Another pass sends nothing twice.
    await run();
    expect(smtp.to(f.email)).toHaveLength(2);
  });
});

describe('SMS and phone calls through the HTTP provider', () => {
  it('posts the body template filled with the record and sends the secret headers', async () => {
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    const before = http.requests.length;
    await openRecord(t.ctx.db, f, { at: now - 2_000, severity: 3, name: 'Loss "high"' });
    await run();
    await until(() => http.requests.filter((r) => r.body.includes(f.phone)).length === 2, 'SMS and call');
    const mine = http.requests.slice(before).filter((r) => r.body.includes(f.phone));
    const sms = mine.find((r) => r.url.startsWith('/sms'));
    const call = mine.find((r) => r.url.startsWith('/call'));
    expect(sms?.url).toBe(`/sms?to=${f.phone}`);
    expect(sms?.headers['x-api-key']).toBe('sms-key-1');
    expect(sms?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sms?.body ?? '{}')).toMatchObject({
      to: f.phone,
      device: 'POS 1',
      shop: 'Agent link test store',
      alert: 'Loss "high"',
      level: '一般严重',
      status: '未恢复',
    });
    expect(call?.headers.authorization).toBe('Bearer call-1');
  });

  it('retries after the provider answers 500 and delivers once it accepts', async () => {
    const f = await insertNotificationFixture(
      t.ctx.db,
      peerSettings(smtp, http, (s) => {
        s.email.enabled = false;
        s.phone.enabled = false;
      }),
    );
    http.answers.push(500);
    // What /metrics shows for the SMS channel (engine-metrics.ts), before and after.
    const smsCount = async (counter: 'notificationsSent' | 'notificationsFailed') =>
      (await t.ctx.engine.metrics[counter].get()).values.find((v) => String(v.labels.channel) === '0')
        ?.value ?? 0;
    const [sentBefore, failedBefore] = [
      await smsCount('notificationsSent'),
      await smsCount('notificationsFailed'),
    ];
    const id = await openRecord(t.ctx.db, f, { at: now - 1_000 });
    await run();
    const sms = async () => (await deliveriesOf(t.ctx.db, id)).find((d) => d.channel === 0);
    expect(await sms()).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await smsCount('notificationsFailed')).toBe(failedBefore + 1);
    expect((await sms())?.last_error).toContain('HTTP 500');
    // Not before its backoff ran out.
    await run();
    expect(await sms()).toMatchObject({ status: 'queued', attempts: 1 });
    now += 61_000;
    await run();
    expect(await sms()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await smsCount('notificationsSent')).toBe(sentBefore + 1);
    expect(http.requests.filter((r) => r.body.includes(f.phone))).toHaveLength(2);
    // The channels that are off are logged as such, not sent.
    const off = (await deliveriesOf(t.ctx.db, id)).filter((d) => d.channel !== 0);
    expect(off.map((d) => [d.status, d.reason])).toEqual([
      ['failed', 'channel_off'],
      ['failed', 'channel_off'],
    ]);
  });
});

describe('records held under their box alert', () => {
  it('sends nothing for a suppressed record, nor for its end; a released one is sent', async () => {
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    const boxRecord = await openRecord(t.ctx.db, f, { deviceId: f.boxId, at: now - 3_000 });
    const held = await openRecord(t.ctx.db, f, { at: now - 2_000, suppressedBy: boxRecord });
    const released = await openRecord(t.ctx.db, f, {
      deviceId: f.switchId,
      at: now - 2_000,
      suppressedBy: boxRecord,
    });
    await run();
    expect(await deliveriesOf(t.ctx.db, held)).toEqual([]);
    expect(smtp.to(f.email).map((m) => m.subject)).toEqual([expect.stringContaining('Store box')]);

    now += 30_000;
    await recoverRecord(t.ctx.db, held, now);
    await t.ctx.db
      .updateTable('alert_records')
      .set({ suppressed_by: null })
      .where('id', '=', released)
      .execute();
    await run();
    expect(await deliveriesOf(t.ctx.db, held)).toEqual([]);
    await until(() => smtp.to(f.email).length === 2, 'the released record mail');
    expect(smtp.to(f.email)[1]?.subject).toContain('Store switch');
  });
});

describe('waking up', () => {
  it('sends after a committed alert change is announced, without being asked for a pass', async () => {
    t.ctx.engine.notifier.stopTimer();
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    const id = await openRecord(t.ctx.db, f, { at: now - 1_000, name: 'Woken' });
    // What publishAfterCommit announces once an ingest or sweep transaction that opened it commits.
    t.ctx.engine.statusBus.alerts.publish([
      {
        change: 'opened',
        recordId: id,
        deviceId: f.posId,
        shopId: f.shopId,
        companyId: f.companyId,
        at: now,
      },
    ]);
    await until(() => smtp.to(f.email).length === 1, 'the mail after the wake');
    expect(smtp.to(f.email)[0]?.subject).toContain('Woken');
  });
});
