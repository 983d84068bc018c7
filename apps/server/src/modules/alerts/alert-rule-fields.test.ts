// The rule fields issue 11 added, as a user meets them on addAlertRule / updateAlertRule: several
// product types, store and region scope, hold time, recovery value — stored, answered, and refused
// with a 400 naming the field when they cannot mean anything.
import { AlertEndpoints, type AlertRule } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type OrgFixture, openOrgFixture } from '../../testing/org-fixture';
import { envelopeOf } from '../../testing/test-app';

let f: OrgFixture;
let ownStore: number;
let ownLevel: number;
let foreignStore: number;
let foreignLevel: number;

beforeAll(async () => {
  f = await openOrgFixture();
  const stores = await f.t.ctx.db
    .selectFrom('stores')
    .select(['id', 'company_id', 'area_level'])
    .orderBy('id')
    .execute();
  const own = stores.find((s) => s.company_id === f.northwind);
  const foreign = stores.find((s) => s.company_id === f.harbor);
  ownStore = own?.id ?? 0;
  ownLevel = own?.area_level ?? 0;
  foreignStore = foreign?.id ?? 0;
  foreignLevel = foreign?.area_level ?? 0;
});
afterAll(() => f.t.close());

/** Writes a rule as the Chinese console (no Accept-Language): the messages below are its. */
const post = (endpoint: 'addAlertRule' | 'updateAlertRule', body: Record<string, unknown>) =>
  f.t.send(AlertEndpoints[endpoint], { body }, { token: f.admin, language: null });

const body = (overrides: Record<string, unknown> = {}) => ({
  alertName: 'CPU overload',
  alertLevel: 3,
  alertType: 2,
  triggerType: 8,
  triggerOperator: 'GT',
  triggerValue: 90,
  ...overrides,
});

describe('rules an operator would write', () => {
  it('stores several product types, a scope, a hold time and a recovery value, and answers them', async () => {
    const res = await post(
      'addAlertRule',
      body({
        productTypes: [6, 4, 4],
        shopIds: [ownStore],
        areaIds: [ownLevel],
        holdSeconds: 300,
        recoveryValue: 80,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rule = envelopeOf<AlertRule>(res).data;
    expect(rule).toMatchObject({
      productTypes: [4, 6],
      productType: null,
      productTypeName: 'POS、电脑',
      connectType: null,
      connectTypeName: '不限',
      deviceCategory: null,
      shopIds: [ownStore],
      areaIds: [ownLevel],
      holdSeconds: 300,
      recoveryValue: 80,
    });
    const changed = await post('updateAlertRule', body({ id: rule.id, productTypes: [], holdSeconds: '' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(envelopeOf<AlertRule>(changed).data).toMatchObject({
      productTypes: [],
      productTypeName: '全部',
      holdSeconds: 0,
      recoveryValue: null,
      shopIds: [],
    });
  });

  it('lists a rule for all product types under any product type filter', async () => {
    const all = envelopeOf<AlertRule>(await post('addAlertRule', body({ alertName: 'All kinds' }))).data;
    const res = await f.t.send(
      AlertEndpoints.listAlertRules,
      { query: { productType: 9, pageSize: 100 } },
      f.admin,
    );
    const ids = envelopeOf<{ list: AlertRule[] }>(res).data.list.map((r) => r.id);
    expect(ids).toContain(all.id);
  });

  it.each([
    [{ productType: 5, productTypes: [4, 6] }, 'productType: 必须是 productTypes 中的一个'],
    [{ recoveryValue: 95 }, 'recoveryValue: 必须不大于触发值 90'],
    [{ triggerOperator: 'LT', triggerValue: 15, recoveryValue: 10 }, 'recoveryValue: 必须不小于触发值 15'],
    [
      { triggerType: 1, alertType: 1, triggerOperator: 'EQ', triggerValue: 0, recoveryValue: 1 },
      'recoveryValue: 等于（EQ）规则没有恢复值',
    ],
    [{ holdSeconds: -1 }, 'holdSeconds: 必须在 0 到 86400 之间'],
    [{ productTypes: [14] }, 'productTypes[0]: 必须在 1 到 13 之间'],
    [{ deviceClass: 'pos' }, 'deviceClass: 需要同时选择设备大类（deviceCategory）'],
  ])('refuses %j with 400 naming the field', async (change, message) => {
    const res = await post('addAlertRule', body(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(envelopeOf(res).message).toContain(message);
  });

  it('refuses stores and regions of another company, naming them', async () => {
    const res = await post('addAlertRule', body({ shopIds: [foreignStore], areaIds: [foreignLevel] }));
    expect(res.statusCode).toBe(400);
    const message = envelopeOf(res).message;
    expect(message).toContain(`shopIds: 不是本公司的门店：${foreignStore}`);
    expect(message).toContain(`areaIds: 不是本公司的区域：${foreignLevel}`);
  });
});
