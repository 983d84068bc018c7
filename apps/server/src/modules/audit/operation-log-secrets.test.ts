/**
 * SNMP credentials sent to the device calls (issue 9) and the notification channels' SMTP password and
 * HTTP providers' secret headers (issue 11) never reach the operation log in clear.
 */
import { defaultNotificationSettings, NotificationEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { demoStore, post, printerBody } from '../devices/device-test-support';
import { MASK, maskSecrets } from './mask';

const COMMUNITY = 'nw-ro-7f3c9a';

interface Entry {
  reqUrl: string;
  reqData: string;
  status: number;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

async function logEntries(url: string): Promise<Entry[]> {
  const platform = await t.signIn('platform');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user-service/callLog/queryByPage',
    headers: bearer(platform),
    payload: { pageSize: 1000 },
  });
  return envelopeOf<{ list: Entry[] }>(res).data.list.filter((e) => e.reqUrl === url);
}

describe('SNMP secrets in the operation log', () => {
  it('masks the community of a device add and keeps the rest of the request readable', async () => {
    const store = await demoStore(t, 'NW001', '华东大区');
    const added = await post(
      t,
      admin,
      'add',
      printerBody(store, { connectType: 2, community: COMMUNITY, deviceName: 'SNMP printer' }),
    );
    expect(added.status).toBe(200);

    const [entry] = await logEntries('/api/device-service/aibox/device/add');
    expect(entry?.status).toBe(200);
    expect(entry?.reqData).not.toContain(COMMUNITY);
    const logged = JSON.parse(entry?.reqData ?? '{}') as { body: Record<string, unknown> };
    expect(logged.body).toMatchObject({ community: MASK, deviceName: 'SNMP printer', connectType: 2 });
  });

  it('masks SNMPv3 keys and pass phrases wherever they sit in a request', () => {
    const masked = maskSecrets({
      snmpV3: {
        user: 'monitor',
        authKey: 'auth-key-1',
        privKey: 'priv-key-2',
        authPassword: 'auth-pass-3',
        privPassword: 'priv-pass-4',
        privPassphrase: 'priv-phrase-5',
      },
      devices: [{ snmpCommunity: 'public-6' }],
    });
    expect(masked).toEqual({
      snmpV3: {
        user: 'monitor',
        authKey: MASK,
        privKey: MASK,
        authPassword: MASK,
        privPassword: MASK,
        privPassphrase: MASK,
      },
      devices: [{ snmpCommunity: MASK }],
    });
  });

  it('masks secret query parameters and passwords of URLs, and leaves other text alone', () => {
    const masked = maskSecrets({
      url: 'https://sms.example.com/send?appKey=k1&to=138&access_token=t2',
      login: 'http://user:pw-3@127.0.0.1/x',
      note: 'the key is ?apikey=plain text, not a URL',
      plain: 'https://example.com/a?b=c',
    }) as Record<string, string>;
    const url = new URL(masked.url ?? '');
    expect(url.searchParams.get('appKey')).toBe(MASK);
    expect(url.searchParams.get('access_token')).toBe(MASK);
    expect(url.searchParams.get('to')).toBe('138');
    expect(masked.login).not.toContain('pw-3');
    expect(masked.note).toBe('the key is ?apikey=plain text, not a URL');
    expect(masked.plain).toBe('https://example.com/a?b=c');
  });
});

describe('notification channel secrets in the operation log', () => {
  const SMTP_PASSWORD = 'smtp-pw-Q8v2LmX';
  const SMS_KEY = 'sms-key-9d1e77b0';
  const PHONE_TOKEN = 'phone-bearer-4c2a';
  const URL_KEY = 'url-key-77aa01';
  const settings = () => {
    const base = defaultNotificationSettings();
    return {
      ...base,
      email: {
        ...base.email,
        enabled: true,
        host: '127.0.0.1',
        port: 2525,
        tls: 'none' as const,
        user: 'alerts',
        password: SMTP_PASSWORD,
        from: 'alerts@example.com',
      },
      sms: {
        ...base.sms,
        enabled: true,
        url: `http://127.0.0.1:9/sms?apikey=${URL_KEY}&to={{phone}}`,
        secretHeaders: [{ name: 'X-Api-Key', value: SMS_KEY }],
      },
      phone: {
        ...base.phone,
        enabled: true,
        url: 'http://127.0.0.1:9/call',
        secretHeaders: [{ name: 'Authorization', value: `Bearer ${PHONE_TOKEN}` }],
      },
    };
  };
  const save = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: NotificationEndpoints.saveNotificationSettings.path,
      headers: bearer(admin),
      payload,
    });

  it("masks the SMTP password and the providers' secret headers of a saved setting, and keeps the rest readable", async () => {
    const res = await save(settings());
    expect(res.statusCode, res.body).toBe(200);

    const entries = (await logEntries(NotificationEndpoints.saveNotificationSettings.path)).filter(
      (e) => e.status === 200,
    );
    expect(entries).toHaveLength(1);
    const reqData = entries[0]?.reqData ?? '';
    for (const secret of [SMTP_PASSWORD, SMS_KEY, PHONE_TOKEN, URL_KEY])
      expect(reqData).not.toContain(secret);
    const logged = JSON.parse(reqData) as {
      body: { email: Record<string, unknown>; sms: Record<string, unknown>; phone: Record<string, unknown> };
    };
    expect(logged.body.email).toMatchObject({
      password: MASK,
      host: '127.0.0.1',
      port: 2525,
      user: 'alerts',
    });
    expect(logged.body.sms).toMatchObject({ secretHeaders: MASK });
    // A key in the provider's URL is masked too; the rest of the URL stays readable.
    const smsUrl = new URL(String(logged.body.sms.url));
    expect(smsUrl.searchParams.get('apikey')).toBe(MASK);
    expect(smsUrl.searchParams.get('to')).toBe('{{phone}}');
    expect(smsUrl.pathname).toBe('/sms');
    expect(logged.body.phone).toMatchObject({ secretHeaders: MASK, url: 'http://127.0.0.1:9/call' });
  });

  it('masks them in a refused save too', async () => {
    const bad = settings();
    const res = await save({ ...bad, email: { ...bad.email, port: 0 } });
    expect(res.statusCode).toBe(400);
    const entries = (await logEntries(NotificationEndpoints.saveNotificationSettings.path)).filter(
      (e) => e.status !== 200,
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries)
      for (const secret of [SMTP_PASSWORD, SMS_KEY, PHONE_TOKEN]) expect(entry.reqData).not.toContain(secret);
  });
});
