// Alert rule calls as a user meets them: lookups, CRUD with validation messages, company isolation,
// permission refusals, fields the body may not set, the operation log, and what deleting does to records.
import type { AlertItem, AlertRule, AlertTypeItem, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type OrgFixture, openOrgFixture } from '../../testing/org-fixture';
import { bearer, envelopeOf, withoutLanguage } from '../../testing/test-app';

const ALERT = '/api/device-service/aibox/alert';
let f: OrgFixture;

beforeAll(async () => {
  f = await openOrgFixture();
});
afterAll(() => f.t.close());

// A Chinese console (the default language): names and messages below are checked in Chinese.
const get = (url: string, token = f.admin, companyId?: number) =>
  f.t.app.inject({
    method: 'GET',
    url: `${ALERT}/${url}`,
    headers: withoutLanguage(bearer(token, companyId)),
  });
const post = (url: string, payload: Record<string, unknown>, token = f.admin, companyId?: number) =>
  f.t.app.inject({
    method: 'POST',
    url: `${ALERT}/${url}`,
    headers: withoutLanguage(bearer(token, companyId)),
    payload,
  });

const body = (overrides: Record<string, unknown> = {}) => ({
  alertName: 'Printer offline',
  alertLevel: 4,
  alertType: 1,
  connectType: 3,
  productType: 5,
  triggerType: 1,
  triggerOperator: 'EQ',
  triggerValue: 0,
  deviceCategory: 'print',
  deviceClass: 'receipt-printer',
  ...overrides,
});

async function added(overrides: Record<string, unknown> = {}, token = f.admin, companyId?: number) {
  const res = await post('addAlertRule', body(overrides), token, companyId);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<AlertRule>(res).data;
}

const list = async (query: string, token = f.admin, companyId?: number) => {
  const res = await get(`listAlertRules?${query}`, token, companyId);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<PagedResult<AlertRule>>(res).data;
};

describe('lookups', () => {
  it('lists the two alert types', async () => {
    const res = await get('getAlertType');
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<AlertTypeItem[]>(res).data).toEqual([
      { code: 1, name: '仓库网络' },
      { code: 2, name: '仓库设备' },
    ]);
  });

  it('lists the trigger items of an alert type, and asks for the alert type', async () => {
    const device = envelopeOf<AlertItem[]>(await get('getAlertItems?alertTypeCode=2&productId=6')).data;
    expect(device.map((i) => i.triggerType)).toEqual([8, 9, 10, 11, 12]);
    expect(device[0]).toEqual({
      triggerType: 8,
      name: 'CPU 使用率',
      itemKey: 'cpu.load',
      unit: '%',
      alertType: 2,
    });
    expect(envelopeOf<AlertItem[]>(await get('getAlertItems?alertTypeCode=1')).data).toHaveLength(7);
    // alertTypeCode is required (spec §7): a 400 naming it, not every item.
    const missing = await get('getAlertItems');
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('alertTypeCode');
    const bad = await get('getAlertItems?alertTypeCode=3');
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toContain('alertTypeCode: 必须在 1 到 2 之间');
  });
});

describe('adding and changing rules', () => {
  it('adds an enabled rule to the caller’s company and answers it with its names', async () => {
    const rule = await added();
    expect(rule).toMatchObject({
      companyId: f.northwind,
      alertName: 'Printer offline',
      alertLevel: 4,
      alertLevelName: '严重',
      alertType: 1,
      alertTypeName: '仓库网络',
      connectType: 3,
      connectTypeName: 'Syslog',
      productType: 5,
      productTypeName: '打印机',
      triggerType: 1,
      triggerTypeName: '在线状态（1 在线，0 离线）',
      triggerId: 'online',
      triggerOperator: 'EQ',
      triggerValue: 0,
      unit: '',
      deviceCategory: 'print',
      deviceClass: 'receipt-printer',
      status: 1,
    });
    const page = await list(`id=${rule.id}`);
    expect(page.list).toEqual([rule]);
    const row = await f.t.ctx.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', rule.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ create_by: 'admin', update_by: 'admin', company_id: f.northwind });
  });

  it('updates a rule; an empty deviceClass means every class of the category', async () => {
    const rule = await added({ alertName: 'To change' });
    const res = await post(
      'updateAlertRule',
      body({
        id: rule.id,
        alertName: 'Changed',
        alertType: '2',
        triggerType: '8',
        triggerOperator: 'GT',
        triggerValue: '85.5',
        deviceClass: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<AlertRule>(res).data).toMatchObject({
      id: rule.id,
      alertName: 'Changed',
      alertType: 2,
      triggerType: 8,
      triggerId: 'cpu.load',
      unit: '%',
      triggerValue: 85.5,
      deviceClass: null,
    });
  });

  it.each([
    [{ alertType: 2, triggerType: 1 }, 'triggerType: 是告警类型 1'],
    [{ alertType: 1, triggerType: 9 }, 'triggerType: 是告警类型 2'],
    [{ deviceCategory: 'spaceship' }, 'deviceCategory: 必须是设备大类编码（CATEGORY_TYPE）'],
    [{ deviceClass: 'warp-drive' }, 'deviceClass: 必须是设备小类编码（SUBCLASS_TYPE）'],
    [{ deviceClass: 'pda' }, 'deviceClass: 必须是大类 print 下的小类'],
    [{ alertName: '  ' }, 'alertName: 必填'],
    [{ alertLevel: 6 }, 'alertLevel: 必须在 1 到 5 之间'],
    [{ triggerOperator: 'GE' }, 'triggerOperator: 必须是 EQ, LT 或 GT'],
    [{ triggerType: 99 }, 'triggerType: 不是已知的触发类型'],
    [{ triggerValue: 'lots' }, 'triggerValue: 必须是数字'],
    [{ connectType: 6 }, 'connectType: 必须在 1 到 5 之间'],
  ])('refuses %j with 400 naming the field', async (change, message) => {
    const res = await post('addAlertRule', body(change));
    expect(res.statusCode).toBe(400);
    const envelope = envelopeOf<{ fields: Array<{ field: string }> }>(res);
    expect(envelope.code).toBe('VALIDATION_FAILED');
    expect(envelope.message).toContain(message);
    expect(envelope.data.fields.map((p) => p.field)).toContain(message.split(':')[0]);
  });

  it('keeps the company, status and author whatever the body says', async () => {
    const res = await post(
      'addAlertRule',
      body({
        alertName: 'Mass assigned',
        companyId: f.harbor,
        company_id: f.harbor,
        status: 0,
        id: 424242,
        createBy: 'mallory',
        create_by: 'mallory',
      }),
    );
    expect(res.statusCode).toBe(200);
    const rule = envelopeOf<AlertRule>(res).data;
    const row = await f.t.ctx.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', rule.id)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(424242);
    expect(row).toMatchObject({ company_id: f.northwind, status: 1, create_by: 'admin' });
    const update = await post('updateAlertRule', body({ id: rule.id, companyId: f.harbor, status: 0 }));
    expect(update.statusCode).toBe(200);
    const after = await f.t.ctx.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', rule.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ company_id: f.northwind, status: 1 });
  });

  it('records each write in the operation log', async () => {
    const rule = await added({ alertName: 'Logged' });
    await get(`update/${rule.id}/status?status=0`);
    await f.t.app.operationLog.flush();
    const entries = await f.t.ctx.db
      .selectFrom('operation_logs')
      .select(['class_method', 'module_name', 'user_name', 'status'])
      .where('class_method', 'in', ['alert.addAlertRule', 'alert.updateAlertRuleStatus'])
      .execute();
    expect(entries).toEqual(
      expect.arrayContaining([
        { class_method: 'alert.addAlertRule', module_name: 'alert', user_name: 'admin', status: 200 },
        {
          class_method: 'alert.updateAlertRuleStatus',
          module_name: 'alert',
          user_name: 'admin',
          status: 200,
        },
      ]),
    );
  });
});

describe('listing', () => {
  it('filters by every field of the query', async () => {
    const rule = await added({
      alertName: 'Filter target 42%',
      alertLevel: 2,
      alertType: 2,
      connectType: 5,
      productType: 13,
      triggerType: 11,
      triggerOperator: 'LT',
      triggerValue: 10,
      deviceCategory: 'mobile',
      deviceClass: null,
    });
    for (const query of [
      `alertName=${encodeURIComponent('target 42%')}`,
      `alertName=${encodeURIComponent('FILTER TARGET')}`,
      `id=${rule.id}`,
      'alertLevel=2&alertType=2&connectType=5&productType=13&triggerType=11&alertName=Filter',
    ]) {
      const page = await list(query);
      expect(
        page.list.map((r) => r.id),
        query,
      ).toEqual([rule.id]);
    }
    expect((await list(`alertName=${encodeURIComponent('target 42_')}`)).list).toEqual([]);
    expect((await list('alertName=Filter&alertLevel=3')).list).toEqual([]);
  });

  it('pages newest first and counts the company’s rules (the demo seeds some)', async () => {
    const page = await list('pageNum=1&pageSize=5');
    expect(page.pageSize).toBe(5);
    expect(page.list).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const ids = page.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.list.every((r) => r.companyId === f.northwind)).toBe(true);
  });
});

describe('company isolation', () => {
  it('shows each company its own rules only, whatever companyId the query names', async () => {
    const harborRule = await added({ alertName: 'Harbor only rule' }, f.agent, f.harbor);
    expect(harborRule.companyId).toBe(f.harbor);
    const mine = await list(`companyId=${f.harbor}&pageSize=1000`);
    expect(mine.list.some((r) => r.id === harborRule.id)).toBe(false);
    expect(mine.list.every((r) => r.companyId === f.northwind)).toBe(true);
    const theirs = await list('pageSize=1000', f.agent, f.harbor);
    expect(theirs.list.some((r) => r.id === harborRule.id)).toBe(true);
    expect(theirs.list.every((r) => r.companyId === f.harbor)).toBe(true);
  });

  it('answers 404 when another company’s rule is changed, toggled or deleted, and changes nothing', async () => {
    const rule = await added({ alertName: 'Northwind private' });
    const asHarbor = [
      await post('updateAlertRule', body({ id: rule.id, alertName: 'Taken' }), f.agent, f.harbor),
      await get(`update/${rule.id}/status?status=0`, f.agent, f.harbor),
      await get(`delete/${rule.id}/alert`, f.agent, f.harbor),
      await get(`listAlertRules?id=${rule.id}`, f.agent, f.harbor),
    ];
    expect(asHarbor.slice(0, 3).map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(envelopeOf(asHarbor[0] ?? asHarbor[1]!).message).toBe('告警规则不存在');
    expect(envelopeOf<PagedResult<AlertRule>>(asHarbor[3]!).data.list).toEqual([]);
    expect((await list(`id=${rule.id}`)).list).toEqual([rule]);
  });

  it('answers 404 for a rule that does not exist', async () => {
    expect((await get('update/99999999/status?status=1')).statusCode).toBe(404);
    expect((await get('delete/99999999/alert')).statusCode).toBe(404);
    expect((await post('updateAlertRule', body({ id: 99999999 }))).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses the rule calls to a user without the alert rules page (the demo operator) and to platform users', async () => {
    for (const token of [f.operator, f.platform]) {
      expect((await get('listAlertRules', token)).statusCode).toBe(403);
      expect((await get('getAlertType', token)).statusCode).toBe(403);
      expect((await post('addAlertRule', body(), token)).statusCode).toBe(403);
    }
  });

  it('asks for a session', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: `${ALERT}/listAlertRules` });
    expect(res.statusCode).toBe(401);
  });
});

describe('status and deletion', () => {
  it('toggles a rule; the status must be 0 or 1', async () => {
    const rule = await added({ alertName: 'Toggle' });
    const off = await get(`update/${rule.id}/status?status=0`);
    expect(envelopeOf<AlertRule>(off).data.status).toBe(0);
    const on = await get(`update/${rule.id}/status?status=1`);
    expect(envelopeOf<AlertRule>(on).data.status).toBe(1);
    const bad = await get(`update/${rule.id}/status?status=2`);
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toContain('status: 必须是 0 或 1');
  });

  it('deletes a rule, recovering its open records and keeping its history', async () => {
    const rule = await added({ alertName: 'Doomed' });
    const device = await f.t.ctx.db
      .selectFrom('devices')
      .select(['id', 'shop_id'])
      .where('company_id', '=', f.northwind)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const record = (uuid: string, status: number) => ({
      uuid,
      company_id: f.northwind,
      rule_id: rule.id,
      device_id: device.id,
      shop_id: device.shop_id,
      name: 'Doomed',
      severity: 4,
      item: 'online',
      trigger_value: 0,
      value: 0,
      alert_time: Date.now() - 60_000,
      recovery_time: status === 1 ? Date.now() - 30_000 : null,
      status,
    });
    await f.t.ctx.db
      .insertInto('alert_records')
      .values([record(`doomed-old-${rule.id}`, 1), record(`doomed-open-${rule.id}`, 0)])
      .execute();
    const res = await get(`delete/${rule.id}/alert`);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toBeNull();
    expect((await list(`id=${rule.id}`)).list).toEqual([]);
    const records = await f.t.ctx.db
      .selectFrom('alert_records')
      .select(['status', 'recovery_time'])
      .where('rule_id', '=', rule.id)
      .execute();
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.status === 1 && r.recovery_time !== null)).toBe(true);
    expect((await get(`delete/${rule.id}/alert`)).statusCode).toBe(404);
  });
});
