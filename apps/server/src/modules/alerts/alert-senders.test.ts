// Alert recipients as an operator meets them: add, list, change and delete recipients (users and
// outside contacts), the messages a wrong field gets, a common user's scope, another company's ids,
// and which recipients an alert on a store reaches (by store, by region — also a store added later —
// and by level).
import type { AlertSender, AlertSenderAccount, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type LevelChain, levelChain, type OrgFixture, openOrgFixture } from '../../testing/org-fixture';
import { insertRole } from '../../testing/role-rows';
import { bearer, envelopeOf } from '../../testing/test-app';
import { listRecipientsFor } from './alert-senders.repository';

const SEND = '/api/user-service/alertSend';
let f: OrgFixture;
let east: LevelChain;
let north: LevelChain;
let eastStore = 0;
let northStore = 0;
let harborStore = 0;
let adminUserId = 0;
let eastKeeper = '';

const get = (url: string, token = f.admin) =>
  f.t.app.inject({ method: 'GET', url: `${SEND}/${url}`, headers: bearer(token) });
const post = (url: string, payload: Record<string, unknown>, token = f.admin) =>
  f.t.app.inject({ method: 'POST', url: `${SEND}/${url}`, headers: bearer(token), payload });
const del = (id: number, token = f.admin) =>
  f.t.app.inject({ method: 'DELETE', url: `${SEND}/deleteSender?id=${id}`, headers: bearer(token) });

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: '外部值班 Zhang',
  email: 'duty@example.com',
  phone: '13800138000',
  sendType: [1, 0],
  shopId: [String(eastStore)],
  minLevel: 3,
  ...overrides,
});

async function added(payload: Record<string, unknown>, token = f.admin): Promise<AlertSender> {
  const res = await post('addSender', payload, token);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<AlertSender>(res).data;
}

async function listed(query: string, token = f.admin): Promise<PagedResult<AlertSender>> {
  const res = await get(`querySender?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<PagedResult<AlertSender>>(res).data;
}

function fieldsOf(res: { statusCode: number; body: string }): string[] {
  expect(res.statusCode, res.body).toBe(400);
  const fields = (JSON.parse(res.body) as { data?: { fields?: { field: string }[] } }).data?.fields ?? [];
  return fields.map((p) => p.field);
}

async function storeIn(companyId: number, level: number): Promise<number> {
  const row = await f.t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('area_level', '=', level), eb('city_level', '=', level)]))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  f = await openOrgFixture();
  east = await levelChain(f.t, f.northwind, '华东大区');
  north = await levelChain(f.t, f.northwind, '华北大区');
  eastStore = await storeIn(f.northwind, east.region);
  northStore = await storeIn(f.northwind, north.region);
  harborStore = (
    await f.t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', f.harbor)
      .executeTakeFirstOrThrow()
  ).id;
  adminUserId = (
    await f.t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  // A common user of the east region holding the recipients page and its button.
  const roleId = await insertRole(f.t.ctx.db, {
    companyId: f.northwind,
    name: 'East recipients keeper',
    authorities: ['system-settings', 'alert-setting-view'],
    buttons: ['alert-sender:edit'],
    areaIds: [east.region],
  });
  const res = await f.t.app.inject({
    method: 'PUT',
    url: '/api/user-service/user',
    headers: bearer(f.admin),
    payload: {
      name: '华东接收人管理员',
      userName: 'east.recipients',
      password: 'Secret#2026',
      status: 'ACTIVE',
      roleId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  eastKeeper = await f.t.signIn('east.recipients', 'Secret#2026');
});
afterAll(() => f.t.close());

describe('recipients CRUD', () => {
  it('adds an outside contact and lists it with its stores, send types and level', async () => {
    const sender = await added(contact({ phone: '138 0013-8000' }));
    expect(sender).toMatchObject({
      accountId: null,
      name: '外部值班 Zhang',
      email: 'duty@example.com',
      phone: '13800138000',
      sendType: [0, 1],
      minLevel: 3,
      shopId: [String(eastStore)],
      areaCodes: [],
    });
    expect(sender.shops[0]?.shopName).toBeTruthy();
    const page = await listed(`email=duty@example&sendType=1`);
    expect(page.list.map((s) => s.id)).toContain(sender.id);
    expect((await listed('sendType=2')).list.map((s) => s.id)).not.toContain(sender.id);
  });

  it('adds a user as recipient whose email and phone come from the user, then changes and deletes it', async () => {
    await f.t.ctx.db
      .updateTable('users')
      .set({ email: 'admin@northwind.example', cellphone: '13900139000' })
      .where('id', '=', adminUserId)
      .execute();
    const sender = await added({
      accountId: adminUserId,
      sendType: [1, 2],
      areaCodes: [String(north.region)],
    });
    expect(sender).toMatchObject({
      accountId: adminUserId,
      accountName: 'admin',
      email: null,
      userEmail: 'admin@northwind.example',
      userPhone: '13900139000',
      areaCodes: [String(north.region)],
      minLevel: 1,
    });
    expect(sender.areas[0]?.areaName).toBe('华北大区');
    expect((await listed(`accountId=${adminUserId}`)).list.map((s) => s.id)).toEqual([sender.id]);

    const again = await post('addSender', {
      accountId: adminUserId,
      sendType: [1],
      shopId: [String(eastStore)],
    });
    expect(again.statusCode, again.body).toBe(409);

    const changed = await post('updateSender', {
      id: sender.id,
      accountId: adminUserId,
      email: 'oncall@northwind.example',
      sendType: [1],
      shopId: [String(eastStore)],
      minLevel: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(envelopeOf<AlertSender>(changed).data).toMatchObject({
      email: 'oncall@northwind.example',
      sendType: [1],
      shopId: [String(eastStore)],
      areaCodes: [],
      minLevel: 5,
    });

    const gone = await del(sender.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await listed(`accountId=${adminUserId}`)).list).toEqual([]);
    expect((await del(sender.id)).statusCode).toBe(404);
  });

  it('offers the company users as recipients, with their email and phone', async () => {
    const res = await get('listAccounts');
    expect(res.statusCode, res.body).toBe(200);
    const accounts = envelopeOf<AlertSenderAccount[]>(res).data;
    expect(accounts.map((a) => a.accountName)).toEqual(expect.arrayContaining(['admin', 'operator']));
    expect(accounts.map((a) => a.accountName)).not.toContain('platform');
  });
});

describe('validation names the field', () => {
  it('refuses a malformed email and phone', async () => {
    expect(fieldsOf(await post('addSender', contact({ email: 'not-an-email' })))).toEqual(['email']);
    expect(fieldsOf(await post('addSender', contact({ phone: '12345' })))).toEqual(['phone']);
    expect(fieldsOf(await post('addSender', contact({ phone: '+86' })))).toEqual(['phone']);
    await added(contact({ phone: '+85291234567', name: 'HK contact' }));
  });

  it('needs an email to send by email and a phone to send by SMS or phone call', async () => {
    expect(fieldsOf(await post('addSender', contact({ email: '', sendType: [1] })))).toEqual(['email']);
    expect(fieldsOf(await post('addSender', contact({ phone: null, sendType: [2] })))).toEqual(['phone']);
    const res = await post('addSender', contact({ phone: '', sendType: [0] }));
    expect(res.body).toContain('phone');
  });

  it('needs a name for an outside contact, a store or region, and known send types', async () => {
    expect(fieldsOf(await post('addSender', contact({ name: '' })))).toEqual(['name']);
    expect(fieldsOf(await post('addSender', contact({ shopId: [] })))).toEqual(['shopId']);
    expect(fieldsOf(await post('addSender', contact({ sendType: [] })))).toEqual(['sendType']);
    expect(fieldsOf(await post('addSender', contact({ sendType: [3] })))[0]).toMatch(/^sendType/);
    expect(fieldsOf(await post('addSender', contact({ minLevel: 6 })))).toEqual(['minLevel']);
  });

  it('answers in Chinese by default', async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: `${SEND}/addSender`,
      headers: { authorization: bearer(f.admin).authorization ?? '' },
      payload: contact({ email: '', sendType: [1] }),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toContain('选择邮件通知时必须填写');
  });
});

describe('scope and companies', () => {
  it("does not let one company see, name or change the other company's stores, users and recipients", async () => {
    expect(fieldsOf(await post('addSender', contact({ shopId: [String(harborStore)] })))).toEqual(['shopId']);
    const { id: _id, ...operator } = await f.t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('account_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    const harborUser = await f.t.ctx.db
      .insertInto('users')
      .values({ ...operator, company_id: f.harbor, account_name: 'harbor.duty' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(fieldsOf(await post('addSender', contact({ accountId: harborUser.id })))).toEqual(['accountId']);
    const harborSender = await f.t.ctx.db
      .insertInto('alert_senders')
      .values({
        company_id: f.harbor,
        account_id: null,
        name: 'Harbor duty',
        email: 'harbor@example.com',
        phone: null,
        send_types: 2,
        created_at: Date.now(),
        updated_at: Date.now(),
        create_by: 'test',
        update_by: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await listed('pageSize=1000')).list.map((s) => s.id)).not.toContain(harborSender.id);
    expect((await post('updateSender', { ...contact(), id: harborSender.id })).statusCode).toBe(404);
    expect((await del(harborSender.id)).statusCode).toBe(404);
  });

  it('lets a common user manage only recipients inside its region', async () => {
    const eastOnly = await added(
      contact({ name: 'East only', shopId: [], areaCodes: [String(east.province)] }),
    );
    const both = await added(
      contact({ name: 'East and north', shopId: [String(eastStore), String(northStore)] }),
    );
    const northRegion = await added(
      contact({ name: 'North region', shopId: [], areaCodes: [String(north.region)] }),
    );

    const seen = (await listed('pageSize=1000', eastKeeper)).list.map((s) => s.id);
    expect(seen).toContain(eastOnly.id);
    expect(seen).not.toContain(both.id);
    expect(seen).not.toContain(northRegion.id);

    expect((await post('updateSender', { ...contact(), id: both.id }, eastKeeper)).statusCode).toBe(404);
    expect((await del(northRegion.id, eastKeeper)).statusCode).toBe(404);
    expect(fieldsOf(await post('addSender', contact({ shopId: [String(northStore)] }), eastKeeper))).toEqual([
      'shopId',
    ]);
    expect(
      fieldsOf(
        await post('addSender', contact({ shopId: [], areaCodes: [String(north.region)] }), eastKeeper),
      ),
    ).toEqual(['areaCodes']);

    const mine = await added(contact({ name: 'Keeper added', areaCodes: [String(east.city)] }), eastKeeper);
    expect(
      (await post('updateSender', { ...contact({ minLevel: 4 }), id: mine.id }, eastKeeper)).statusCode,
    ).toBe(200);
    expect((await del(mine.id, eastKeeper)).statusCode).toBe(200);
  });
});

describe('who an alert reaches', () => {
  it('finds a region recipient for a store added to the region later, by level', async () => {
    const regional = await added(
      contact({
        name: 'North duty',
        shopId: [],
        areaCodes: [String(north.region)],
        minLevel: 3,
        sendType: [1],
      }),
    );
    const store = await f.t.app.inject({
      method: 'PUT',
      url: '/api/user-service/store',
      headers: bearer(f.admin),
      payload: {
        storeNo: 'NEW-NORTH-1',
        storeName: '新开北方门店',
        areaLevel: String(north.region),
        provinceLevel: String(north.province),
        cityLevel: String(north.city),
      },
    });
    expect(store.statusCode, store.body).toBe(200);
    const newStore = envelopeOf<{ id: number }>(store).data.id;

    const at = (severity: number, shopId = newStore) =>
      listRecipientsFor(f.t.ctx.db, { companyId: f.northwind, shopId, severity });
    const warn = await at(3);
    expect(warn.map((r) => r.senderId)).toContain(regional.id);
    expect(warn.find((r) => r.senderId === regional.id)).toEqual({
      senderId: regional.id,
      name: 'North duty',
      email: 'duty@example.com',
      phone: '13800138000',
      sendTypes: [1],
      language: 'zh-CN',
    });
    expect((await at(2)).map((r) => r.senderId)).not.toContain(regional.id);
    expect((await at(5, eastStore)).map((r) => r.senderId)).not.toContain(regional.id);
    expect(
      (await listRecipientsFor(f.t.ctx.db, { companyId: f.harbor, shopId: newStore, severity: 5 })).map(
        (r) => r.senderId,
      ),
    ).not.toContain(regional.id);
    expect((await listed(`shopId=${newStore}`)).list.map((s) => s.id)).toContain(regional.id);
  });

  it("reaches a user recipient at the user's address, and not once the user is disabled", async () => {
    const operator = await f.t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    await f.t.ctx.db
      .updateTable('users')
      .set({ email: 'operator@northwind.example' })
      .where('id', '=', operator.id)
      .execute();
    const sender = await added({ accountId: operator.id, sendType: [1], shopId: [String(eastStore)] });
    const found = await listRecipientsFor(f.t.ctx.db, {
      companyId: f.northwind,
      shopId: eastStore,
      severity: 1,
    });
    expect(found.find((r) => r.senderId === sender.id)).toMatchObject({
      name: '华东运维员',
      email: 'operator@northwind.example',
    });
    await f.t.ctx.db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', operator.id).execute();
    const after = await listRecipientsFor(f.t.ctx.db, {
      companyId: f.northwind,
      shopId: eastStore,
      severity: 1,
    });
    expect(after.map((r) => r.senderId)).not.toContain(sender.id);
    await f.t.ctx.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', operator.id).execute();
  });
});
