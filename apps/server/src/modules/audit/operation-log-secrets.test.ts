/** SNMP credentials sent to the device calls never reach the operation log in clear (issue 9). */
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
});
