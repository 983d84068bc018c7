// Messages in the recipient's language: two recipients added through the recipient form's call, one
// English and one Chinese, get the same alert — its opening and its recovery, by email through the
// local SMTP server and by SMS through the local HTTP provider — each in its own language. Device,
// store and rule names are data and read the same in both.
import { type AlertSender, AlertSenderEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, envelopeOf, type TestApp } from '../../testing/test-app';
import {
  insertNotificationFixture,
  type NotificationFixture,
  openRecord,
  peerSettings,
  recoverRecord,
} from './test-support/notification-fixture';
import { type HttpPeer, type SmtpPeer, until } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

let t: TestApp;
let admin: string;
let smtp: SmtpPeer;
let http: HttpPeer;
let f: NotificationFixture;
// Noon, local time: inside the default opening hours, no mute window.
let now = new Date(2026, 10, 24, 12, 0, 0).getTime();

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  admin = await t.signIn('admin');
  t.ctx.engine.notifier.clock = () => now;
  f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
  // The fixture's own recipient is not part of this story.
  await t.ctx.db.deleteFrom('alert_senders').where('id', '=', f.senderId).execute();
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

async function addRecipient(payload: Record<string, unknown>): Promise<AlertSender> {
  const res = await t.app.inject({
    method: 'POST',
    url: AlertSenderEndpoints.addSender.path,
    headers: bearer(admin),
    payload: { sendType: [1, 0], shopId: [String(f.shopId)], ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<AlertSender>(res).data;
}

describe('recipient language', () => {
  it('is zh-CN unless the form says en-US, and refuses another', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AlertSenderEndpoints.addSender.path,
      headers: bearer(admin),
      payload: {
        name: 'Nobody',
        email: 'nobody@store.test',
        sendType: [1],
        shopId: [String(f.shopId)],
        language: 'fr-FR',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('language');
    expect(res.body).toContain('zh-CN or en-US');
  });

  it('words the same alert in English for one recipient and in Chinese for the other', async () => {
    const english = await addRecipient({
      name: 'Night duty',
      email: 'night-duty@store.test',
      phone: '13900139001',
      language: 'en-US',
    });
    const chinese = await addRecipient({
      name: '值班张三',
      email: 'zhang-duty@store.test',
      phone: '13900139002',
    });
    expect(english.language).toBe('en-US');
    expect(chinese.language).toBe('zh-CN');

    const id = await openRecord(t.ctx.db, f, { at: now - 5_000, severity: 4, name: '设备离线' });
    await t.ctx.engine.notifier.run();
    await until(
      () => smtp.to('night-duty@store.test').length === 1 && smtp.to('zhang-duty@store.test').length === 1,
      'both opening mails',
    );
    const [en] = smtp.to('night-duty@store.test');
    const [zh] = smtp.to('zhang-duty@store.test');
    // The data is the same in both: device, store and the rule's name as typed.
    for (const mail of [en, zh]) {
      expect(mail?.subject).toContain('POS 1');
      expect(mail?.subject).toContain('Agent link test store');
      expect(mail?.subject).toContain('设备离线');
    }
    expect(en?.subject).toMatch(/^\[Alert\] High POS 1 \(Agent link test store\)/);
    expect(en?.text).toContain('Device: POS 1');
    expect(en?.text).toContain('Status: Open');
    expect(en?.text).not.toMatch(/告警|级别|状态|严重/);
    expect(zh?.subject).toMatch(/^【告警】严重 POS 1（Agent link test store）/);
    expect(zh?.text).toContain('状态：未恢复');
    expect(zh?.text).not.toMatch(/Status|Device:|High/);

    // SMS: the provider's template is filled with the words of each recipient's language.
    await until(() => http.requests.filter((r) => r.url.startsWith('/sms')).length === 2, 'both opening SMS');
    const smsTo = (phone: string) =>
      http.requests
        .filter((r) => r.url === `/sms?to=${phone}`)
        .map((r) => JSON.parse(r.body) as Record<string, string>);
    expect(smsTo('13900139001')[0]).toMatchObject({ level: 'High', status: 'Open', device: 'POS 1' });
    expect(smsTo('13900139002')[0]).toMatchObject({ level: '严重', status: '未恢复', device: 'POS 1' });

    now += 60_000;
    await recoverRecord(t.ctx.db, id, now - 1_000);
    await t.ctx.engine.notifier.run();
    await until(
      () => smtp.to('night-duty@store.test').length === 2 && smtp.to('zhang-duty@store.test').length === 2,
      'both recovery mails',
    );
    const enEnd = smtp.to('night-duty@store.test')[1];
    const zhEnd = smtp.to('zhang-duty@store.test')[1];
    expect(enEnd?.subject).toMatch(/^\[Alert recovered\] High POS 1/);
    expect(enEnd?.text).toContain('Status: Recovered');
    expect(enEnd?.text).toContain('Recovery time: ');
    expect(zhEnd?.subject).toMatch(/^【告警恢复】严重 POS 1/);
    expect(zhEnd?.text).toContain('状态：已恢复');
    await until(() => smsTo('13900139001').length === 2, 'the English recovery SMS');
    expect(smsTo('13900139001')[1]).toMatchObject({ level: 'High', status: 'Recovered' });
  });

  it('keeps the language a recipient is changed to', async () => {
    const sender = await addRecipient({ name: 'Switcher', email: 'switch@store.test', sendType: [1] });
    const res = await t.app.inject({
      method: 'POST',
      url: AlertSenderEndpoints.updateSender.path,
      headers: bearer(admin),
      payload: {
        id: sender.id,
        name: 'Switcher',
        email: 'switch@store.test',
        sendType: [1],
        shopId: [String(f.shopId)],
        language: 'en-US',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<AlertSender>(res).data.language).toBe('en-US');
    const listed = await t.app.inject({
      method: 'GET',
      url: `${AlertSenderEndpoints.querySender.path}?id=${sender.id}`,
      headers: bearer(admin),
    });
    expect(JSON.parse(listed.body).data.list[0].language).toBe('en-US');
  });
});
