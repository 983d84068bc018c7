// The outbound policy through the notification calls, on a server that allows no private range
// (OUTBOUND_ALLOW empty): refused destinations are refused on save with the reason, a stored one is
// not sent to, caps stay within the platform's maxima, and test messages are limited per company.
import { NotificationEndpoints as E, type NotificationSettings } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  readNotificationSettings,
  writeNotificationSettings,
} from '../../engine/notifications/notification-channels.repository';
import {
  deliveriesOf,
  insertNotificationFixture,
  openRecord,
  peerSettings,
} from '../../engine/notifications/test-support/notification-fixture';
import {
  type HttpPeer,
  type SmtpPeer,
  startHttpPeer,
  startSmtpPeer,
} from '../../engine/notifications/test-support/notification-peers';
import { tableResolver } from '../../outbound/table-resolver';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';

let t: TestApp;
let admin: string;
let smtp: SmtpPeer;
let http: HttpPeer;
/** Test sends this file made that the limit counted. */
let counted = 0;

beforeAll(async () => {
  [t, smtp, http] = await Promise.all([
    createTestApp({
      demo: true,
      config: { outboundAllow: [], notifyMaxima: { perRecipientPerHour: 30, perCompanyPerHour: 500 } },
      resolveHost: tableResolver({
        'relay.test': ['169.254.169.254'],
        'sms.provider.test': ['93.184.215.14', '10.1.2.3'],
      }),
    }),
    startSmtpPeer(),
    startHttpPeer(),
  ]);
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), http.close()]);
});

const save = (payload: object, headers = bearer(admin)) =>
  t.app.inject({ method: 'PUT', url: E.saveNotificationSettings.path, headers, payload });
const testSend = async (channel: 0 | 1 | 2, address: string, headers = bearer(admin)) => {
  const res = await t.app.inject({
    method: 'POST',
    url: E.testNotification.path,
    headers,
    payload: { channel, address },
  });
  if (res.statusCode === 200) counted++;
  return res;
};
/** Settings that pass the policy: channels off, public-looking URLs never sent to. */
const harmless = (change: (s: NotificationSettings) => void) =>
  peerSettings(smtp, http, (s) => {
    s.email.enabled = false;
    s.email.host = '';
    s.sms.enabled = false;
    s.sms.url = '';
    s.phone.enabled = false;
    s.phone.url = '';
    change(s);
  });

describe('saving destinations', () => {
  it('refuses a link-local provider URL and an SMTP host resolving to one, saying why, and saves nothing', async () => {
    const before = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1);
    const settings = harmless((s) => {
      s.sms.enabled = true;
      s.sms.url = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';
      s.email.enabled = true;
      s.email.host = 'relay.test';
    });
    const res = await save(settings);
    expect(res.statusCode).toBe(400);
    const { code, message } = envelopeOf(res);
    expect(code).toBe('VALIDATION_FAILED');
    expect(message).toBe(
      'email.host: relay.test resolves to 169.254.169.254, which is a link-local address; the server does not send there. ' +
        'A platform operator can allow it with OUTBOUND_ALLOW.; ' +
        'sms.url: 169.254.169.254 is a link-local address; the server does not send there. ' +
        'A platform operator can allow it with OUTBOUND_ALLOW.',
    );
    const zh = await save(settings, withoutLanguage(bearer(admin)));
    expect(envelopeOf(zh).message).toContain('sms.url: 169.254.169.254 是链路本地地址，服务器不向其发送');
    expect(await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1)).toEqual(before);
  });

  it.each([
    ['http://127.0.0.1:5432/', 'loopback address'],
    ['http://[::1]:6379/', 'loopback address'],
    ['http://10.0.0.5/hook', 'private network address'],
    ['http://100.64.1.1/', 'carrier-grade NAT address'],
    ['http://0x7f000001/', 'loopback address'],
    ['http://[::ffff:10.0.0.5]/', 'private network address'],
    ['http://224.0.0.1/', 'multicast address'],
    ['http://0.0.0.0/', 'unspecified ("this network") address'],
    [
      'http://sms.provider.test/send',
      'sms.provider.test resolves to 10.1.2.3, which is a private network address',
    ],
  ])('refuses the phone provider URL %s (%s)', async (url, why) => {
    const res = await save(
      harmless((s) => {
        s.phone.url = url;
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain(`phone.url: `);
    expect(envelopeOf(res).message).toContain(why);
  });

  it('refuses a placeholder in the URL host, an unknown host name, and an SMTP host with a line break', async () => {
    const placeholder = await save(
      harmless((s) => {
        s.sms.url = 'http://{{phone}}.sms.example/send';
      }),
    );
    expect(envelopeOf(placeholder).message).toBe(
      'sms.url: may not use {{field}} placeholders in the host or port (only in the path and query)',
    );
    const unknown = await save(
      harmless((s) => {
        s.email.host = 'mail.nowhere.test';
      }),
    );
    expect(envelopeOf(unknown).message).toBe(
      'email.host: the host name mail.nowhere.test could not be resolved',
    );
    const crlf = await save(
      harmless((s) => {
        s.email.host = 'mail.example.com\r\nRCPT TO:<x@y>';
      }),
    );
    expect(crlf.statusCode).toBe(400);
    expect(envelopeOf(crlf).message).toContain('email.host: must be a host name or an IP address');
  });

  it('refuses caps above the platform maxima, naming them', async () => {
    const res = await save(
      harmless((s) => {
        s.caps = { perRecipientPerHour: 31, perCompanyPerHour: 100_000 };
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe(
      'caps.perRecipientPerHour: must be at most 30, the highest the platform allows; ' +
        'caps.perCompanyPerHour: must be at most 500, the highest the platform allows',
    );
    const ok = await save(
      harmless((s) => {
        s.caps = { perRecipientPerHour: 30, perCompanyPerHour: 500 };
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('test messages', () => {
  it('does not send to a stored destination the policy refuses, and says why', async () => {
    // Saved before the policy existed (or before OUTBOUND_ALLOW changed): written as it was stored.
    await writeNotificationSettings(
      t.ctx.db,
      t.ctx.config.secrets,
      1,
      peerSettings(smtp, http),
      Date.now(),
      'old',
    );
    const sms = await testSend(0, '13800000001');
    expect(sms.statusCode, sms.body).toBe(200);
    expect(envelopeOf(sms).data).toEqual({
      ok: false,
      error:
        '127.0.0.1 is a loopback address; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.',
    });
    const mail = await testSend(1, 'typed@store.test', withoutLanguage(bearer(admin)));
    expect(envelopeOf<{ ok: boolean; error: string }>(mail).data.error).toContain('127.0.0.1 是本机回环地址');
    expect(http.requests).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('fails an alert delivery to a refused destination at once, with the reason, sending nothing', async () => {
    const f = await insertNotificationFixture(t.ctx.db, peerSettings(smtp, http));
    // Noon on a weekday: inside any opening hours, outside the mute window.
    const noon = new Date(2026, 10, 24, 12, 0, 0).getTime();
    t.ctx.engine.notifier.clock = () => noon;
    const id = await openRecord(t.ctx.db, f, { at: noon });
    await t.ctx.engine.notifier.run();
    const deliveries = await deliveriesOf(t.ctx.db, id);
    expect(deliveries.map((d) => [d.channel, d.status, d.attempts]).sort()).toEqual([
      [0, 'failed', 1],
      [1, 'failed', 1],
      [2, 'failed', 1],
    ]);
    for (const d of deliveries) expect(d.last_error).toContain('127.0.0.1 is a loopback address');
    expect(http.requests).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('allows 10 test messages a minute per company, then answers 429 saying when to retry', async () => {
    while (counted < 10) expect((await testSend(0, '13800000002')).statusCode).toBe(200);
    const refused = await testSend(0, '13800000002');
    expect(refused.statusCode).toBe(429);
    const envelope = envelopeOf(refused);
    expect(envelope.code).toBe('TOO_MANY_ATTEMPTS');
    expect(envelope.message).toMatch(
      /^Too many test messages \(at most 10 a minute\); try again in \d+ seconds$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A typo is refused before it counts, and says so (400, not 429).
    const typo = await testSend(1, 'not-an-address');
    expect(typo.statusCode).toBe(400);
  });
});
