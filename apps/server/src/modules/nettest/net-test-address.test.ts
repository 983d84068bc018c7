import { isHostOrIp, type NetTestAddress, NetTestAddressEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoAccount } from '../../demo/demo-data';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
let operator: string;
let platform: string;
let northwind: number;
let harbor: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  platform = await t.signIn('platform');
  const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
  northwind = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  harbor = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
});
afterAll(() => t.close());

const A = NetTestAddressEndpoints;
const save = (token: string, body: object) => t.send(A.addOrUpdateAddress, { body }, token);
const remove = (token: string, id = 0) => t.send(A.deleteAddress, { params: { id } }, token);
const list = async (token: string, query: { companyId?: number } = {}) => {
  const res = await t.send(A.listAddress, { query }, token);
  return { res, data: envelopeOf<NetTestAddress[]>(res).data };
};

describe('pingUrl syntax', () => {
  it('accepts host names and IPv4/IPv6 addresses', () => {
    for (const ok of [
      'localhost',
      'probe.example.com',
      '127.0.0.1',
      '::1',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
      '::ffff:127.0.0.1',
    ]) {
      expect(isHostOrIp(ok), ok).toBe(true);
    }
  });

  it('rejects URLs, ports, malformed addresses and odd characters', () => {
    for (const bad of [
      'http://example.com',
      'example.com:80',
      '256.1.1.1',
      '1.2.3',
      '-bad.example',
      'a b',
      'x/y',
      '1::2::3',
      '',
    ]) {
      expect(isHostOrIp(bad), bad).toBe(false);
    }
  });
});

describe('net-test addresses', () => {
  it('lets a platform user add shared and per-company addresses, and companies see theirs and the shared ones', async () => {
    // The demo seeds shared addresses of its own (its local speed-test endpoint); they come first.
    const seeded = (await list(platform)).data.map((a) => a.pingUrlName);
    expect(seeded.length).toBeGreaterThan(0);
    const shared = await save(platform, {
      pingUrl: 'localhost',
      pingUrlName: 'Loopback',
      uploadUrl: 'http://127.0.0.1:9/up',
    });
    expect(shared.statusCode).toBe(200);
    expect(envelopeOf<NetTestAddress>(shared).data).toMatchObject({
      companyId: null,
      pingUrl: 'localhost',
      pingUrlName: 'Loopback',
      uploadUrl: 'http://127.0.0.1:9/up',
      downloadUrl: null,
      createBy: demoAccount('platform').name,
    });
    await save(platform, { pingUrl: '127.0.0.1', pingUrlName: 'Northwind probe', companyId: northwind });
    await save(platform, { pingUrl: '::1', pingUrlName: 'Harbor probe', companyId: harbor });
    expect((await list(admin)).data.map((a) => a.pingUrlName)).toEqual([
      ...seeded,
      'Loopback',
      'Northwind probe',
    ]);
    expect((await list(operator)).res.statusCode).toBe(403);
    expect((await list(platform)).data).toHaveLength(seeded.length + 3);
    expect((await list(platform, { companyId: harbor })).data.map((a) => a.pingUrlName)).toEqual([
      ...seeded,
      'Loopback',
      'Harbor probe',
    ]);
    expect((await list(admin, { companyId: harbor })).res.statusCode).toBe(404);
  });

  it('updates and deletes an address', async () => {
    const created = envelopeOf<NetTestAddress>(
      await save(platform, { pingUrl: 'probe.local', pingUrlName: 'Temp' }),
    ).data;
    const updated = await save(platform, {
      id: created.id,
      pingUrl: 'probe2.local',
      pingUrlName: 'Temp 2',
      companyId: harbor,
    });
    expect(envelopeOf<NetTestAddress>(updated).data).toMatchObject({
      id: created.id,
      pingUrl: 'probe2.local',
      companyId: harbor,
    });
    const del = await remove(platform, created.id);
    expect(del.statusCode).toBe(200);
    const again = await remove(platform, created.id);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a pingUrl that is not a host or IP, missing names and unknown companies, writing nothing', async () => {
    const before = (await list(platform)).data.length;
    const url = await save(platform, { pingUrl: 'http://example.com/x', pingUrlName: 'Bad' });
    expect(url.statusCode).toBe(400);
    expect(envelopeOf(url).message).toContain('pingUrl');
    const name = await save(platform, { pingUrl: 'localhost' });
    expect(envelopeOf(name).message).toContain('pingUrlName');
    const upload = await save(platform, { pingUrl: 'localhost', pingUrlName: 'x', uploadUrl: 'ftp://x' });
    expect(envelopeOf(upload).message).toContain('uploadUrl');
    const company = await save(platform, { pingUrl: 'localhost', pingUrlName: 'x', companyId: 999999 });
    expect(company.statusCode).toBe(400);
    expect(envelopeOf(company).message).toContain('companyId');
    expect((await list(platform)).data.length).toBe(before);
  });

  it('refuses company users the edits', async () => {
    const [first] = (await list(admin)).data;
    expect((await save(admin, { pingUrl: 'localhost', pingUrlName: 'mine' })).statusCode).toBe(403);
    const del = await remove(admin, first?.id);
    expect(del.statusCode).toBe(403);
    expect((await list(admin)).data[0]).toEqual(first);
  });
});

describe('net-test addresses and the outbound policy', () => {
  it('refuses addresses the boxes should not reach unless OUTBOUND_ALLOW holds them, saying why', async () => {
    const strict = await createTestApp({ demo: true, config: { outboundAllow: [] } });
    try {
      const token = await strict.signIn('platform');
      const saveTo = (payload: object) => strict.send(A.addOrUpdateAddress, { body: payload }, token);
      const metadata = await saveTo({
        pingUrl: 'speed.example.com',
        pingUrlName: 'Metadata',
        downloadUrl: 'http://169.254.169.254/latest/meta-data/',
        uploadUrl: 'http://[::1]:6379/',
      });
      expect(metadata.statusCode).toBe(400);
      expect(envelopeOf(metadata).message).toBe(
        'uploadUrl: ::1 is a loopback address; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.; ' +
          'downloadUrl: 169.254.169.254 is a link-local address; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.',
      );
      const ping = await saveTo({ pingUrl: '10.0.0.5', pingUrlName: 'LAN' });
      expect(envelopeOf(ping).message).toContain('pingUrl: 10.0.0.5 is a private network address');
      const local = await saveTo({ pingUrl: 'localhost', pingUrlName: 'Local' });
      expect(envelopeOf(local).message).toContain(
        'pingUrl: localhost resolves to 127.0.0.1, which is a loopback address',
      );
      const hex = await saveTo({
        pingUrl: 'speed.example.com',
        pingUrlName: 'Hex',
        downloadUrl: 'http://0x7f.1:5432/',
      });
      expect(envelopeOf(hex).message).toContain('downloadUrl: 127.0.0.1 is a loopback address');
      // A host name passes: the box resolves it in its own network.
      const named = await saveTo({
        pingUrl: 'speed.example.com',
        pingUrlName: 'Public',
        downloadUrl: 'https://speed.example.com/10MB.bin',
      });
      expect(named.statusCode, named.body).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
