// Notification calls over HTTP: channel settings with write-only secrets, the test message to a local
// SMTP server and HTTP provider, and a record's delivery log (scope-checked).
import { NotificationEndpoints as E, type NotificationSettings } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readNotificationSettings } from '../../engine/notifications/notification-channels.repository';
import {
  insertNotificationFixture,
  openRecord,
  peerSettings,
} from '../../engine/notifications/test-support/notification-fixture';
import {
  type HttpPeer,
  type SmtpPeer,
  startHttpPeer,
  startSmtpPeer,
  until,
} from '../../engine/notifications/test-support/notification-peers';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';

let t: TestApp;
let admin: string;
let smtp: SmtpPeer;
let http: HttpPeer;

beforeAll(async () => {
  [t, smtp, http] = await Promise.all([createTestApp({ demo: true }), startSmtpPeer(), startHttpPeer()]);
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), http.close()]);
});

const save = (payload: object) =>
  t.app.inject({ method: 'PUT', url: E.saveNotificationSettings.path, headers: bearer(admin), payload });
const read = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: E.getNotificationSettings.path,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<NotificationSettings>(res).data;
};

describe('channel settings', () => {
  it('never answers secrets in clear and keeps them when a save sends them back masked', async () => {
    const settings = peerSettings(smtp, http);
    settings.email.user = 'mailer';
    settings.email.password = 'smtp-pass-1';
    const res = await save(settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('smtp-pass-1');
    expect(res.body).not.toContain('sms-key-1');

    const shown = await read();
    expect(shown.email).toMatchObject({ user: 'mailer', passwordSet: true });
    expect(shown.email.password).toBeUndefined();
    expect(shown.sms.secretHeaders).toEqual([{ name: 'X-Api-Key', value: '******' }]);

    // The page sends back what it was shown, with one change.
    shown.caps.perRecipientPerHour = 7;
    expect((await save(shown)).statusCode).toBe(200);
    const stored = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1);
    expect(stored.email.password).toBe('smtp-pass-1');
    expect(stored.sms.secretHeaders).toEqual([{ name: 'X-Api-Key', value: 'sms-key-1' }]);
    expect(stored.caps.perRecipientPerHour).toBe(7);
  });

  it('refuses a channel switched on without its server or URL, naming the field, and saves nothing', async () => {
    const before = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1);
    const settings = peerSettings(smtp, http, (s) => {
      s.email.host = '';
      s.sms.url = '';
    });
    const res = await save(settings);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('email.host: is required while this channel is on');
    expect(envelopeOf(res).message).toContain('sms.url: is required while this channel is on');
    expect(await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1)).toEqual(before);
  });

  it('refuses a caps value out of range', async () => {
    const settings = peerSettings(smtp, http, (s) => {
      s.caps.perRecipientPerHour = 0;
    });
    const res = await save(settings);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('caps.perRecipientPerHour: must be at least 1');
  });
});

describe('test message', () => {
  it('mails the typed address through the saved SMTP server, in the language of the console asking', async () => {
    expect((await save(peerSettings(smtp, http))).statusCode).toBe(200);
    const send = (headers: Record<string, string>, address: string) =>
      t.app.inject({
        method: 'POST',
        url: E.testNotification.path,
        headers,
        payload: { channel: 1, address },
      });
    const res = await send(bearer(admin), 'typed@store.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf(res).data).toEqual({ ok: true, error: null });
    await until(() => smtp.to('typed@store.test').length === 1, 'the test mail');
    expect(smtp.to('typed@store.test')[0]?.subject).toBe('[Test] Storefleet alert notification test');
    // A Chinese console (no English Accept-Language) gets the Chinese test message.
    expect((await send(withoutLanguage(bearer(admin)), 'typed-zh@store.test')).statusCode).toBe(200);
    await until(() => smtp.to('typed-zh@store.test').length === 1, 'the Chinese test mail');
    expect(smtp.to('typed-zh@store.test')[0]?.subject).toContain('测试');
  });

  it('says what the SMS provider answered when it refuses', async () => {
    http.answers.push(503);
    const res = await t.app.inject({
      method: 'POST',
      url: E.testNotification.path,
      headers: bearer(admin),
      payload: { channel: 0, address: '13800000001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = envelopeOf<{ ok: boolean; error: string }>(res).data;
    expect(data.ok).toBe(false);
    expect(data.error).toContain('HTTP 503');
  });

  it('refuses an address that does not fit the channel', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: E.testNotification.path,
      headers: bearer(admin),
      payload: { channel: 1, address: 'not-an-address' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('address: must be an email address');
  });
});

describe('delivery log', () => {
  it("lists who was told about a record, how and with what outcome; another company's record is 404", async () => {
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    t.ctx.engine.notifier.clock = () => new Date(2026, 10, 24, 12, 0, 0).getTime();
    const id = await openRecord(t.ctx.db, f, { at: Date.now() });
    await t.ctx.engine.notifier.run();
    const res = await t.app.inject({
      method: 'GET',
      url: `${E.listDeliveries.path}?recordId=${id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const log =
      envelopeOf<Array<{ channel: number; address: string; status: string; kind: string }>>(res).data;
    const mine = log.filter((d) => d.address === f.email || d.address === f.phone);
    expect(mine.map((d) => [d.channel, d.kind, d.status]).sort()).toEqual([
      [0, 'open', 'sent'],
      [1, 'open', 'sent'],
      [2, 'open', 'sent'],
    ]);

    const foreign = await openRecord(
      t.ctx.db,
      { ...f, companyId: 2, shopId: await storeOfCompany(2) },
      { at: Date.now(), deviceId: f.foreignId },
    );
    const denied = await t.app.inject({
      method: 'GET',
      url: `${E.listDeliveries.path}?recordId=${foreign}`,
      headers: bearer(admin),
    });
    expect(denied.statusCode).toBe(404);
  });
});

async function storeOfCompany(companyId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.id;
}
