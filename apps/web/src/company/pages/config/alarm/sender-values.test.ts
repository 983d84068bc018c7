import type { AlertSender, RegionLevelTreeNode } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import {
  contactOf,
  formFieldOf,
  formValuesOfSender,
  levelIdsOfPaths,
  parseSenderForm,
  pathsOfLevels,
  serverFieldErrors,
} from './sender-values';

const node = (id: number, name: string, childLevel: RegionLevelTreeNode[] = []): RegionLevelTreeNode =>
  ({
    id,
    name,
    ename: null,
    pid: null,
    parentFlag: childLevel.length > 0 ? 1 : 0,
    childLevel,
  }) as unknown as RegionLevelTreeNode;

const TREE = [node(1, '华东大区', [node(11, '江苏', [node(111, '南京')])]), node(2, '华北大区')];

const SENDER: AlertSender = {
  id: 5,
  companyId: 1,
  accountId: 9,
  accountName: 'li',
  name: '李四',
  email: null,
  phone: '13800138000',
  userEmail: 'li@example.com',
  userPhone: null,
  sendType: [0, 1],
  minLevel: 3,
  language: 'en-US',
  shopId: ['4'],
  shops: [{ shopId: '4', shopName: '南京一店' }],
  areaCodes: ['11', '2'],
  areas: [
    { areaCode: '11', areaName: '江苏' },
    { areaCode: '2', areaName: '华北大区' },
  ],
  createBy: 'admin',
  createTime: '2026-11-24 10:00:00',
  updateBy: 'admin',
  updateTime: '2026-11-24 10:00:00',
};

describe('recipient contact', () => {
  it("shows its own address first, else the user's marked as such, else nothing", () => {
    expect(contactOf('a@x.com', 'b@x.com')).toEqual({ text: 'a@x.com', fromUser: false });
    expect(contactOf(null, 'b@x.com')).toEqual({ text: 'b@x.com', fromUser: true });
    expect(contactOf(null, null)).toBeNull();
  });
});

describe('region paths', () => {
  it('covers the level each cascader path ends at', () => {
    expect(levelIdsOfPaths([['1'], ['1', '11', '111'], ['1']])).toEqual(['1', '111']);
  });

  it('finds the path of saved levels at any depth, leaving out unknown ones', () => {
    expect(pathsOfLevels(TREE, ['11', '2', '99'])).toEqual([['1', '11'], ['2']]);
  });

  it('turns a saved recipient back into form values', () => {
    expect(formValuesOfSender(SENDER, TREE)).toEqual({
      accountId: 9,
      name: '',
      email: '',
      phone: '13800138000',
      sendType: [0, 1],
      minLevel: 3,
      language: 'en-US',
      stores: ['4'],
      regions: [['1', '11'], ['2']],
    });
  });
});

describe('parseSenderForm', () => {
  it('builds the body with level ids from the cascader and cleaned phone numbers', () => {
    const parsed = parseSenderForm(
      {
        name: 'Duty',
        phone: '138 0013 8000',
        sendType: [0],
        minLevel: 2,
        language: 'en-US',
        stores: [],
        regions: [['1', '11']],
      },
      null,
      'en',
    );
    expect(parsed).toEqual({
      ok: true,
      body: {
        accountId: null,
        name: 'Duty',
        email: null,
        phone: '13800138000',
        sendType: [0],
        shopId: [],
        areaCodes: [11],
        minLevel: 2,
        language: 'en-US',
      },
    });
  });

  it("lets a user's own email stand in when the form leaves it empty", () => {
    const parsed = parseSenderForm(
      { accountId: 9, sendType: [1], stores: ['4'] },
      { email: 'li@example.com', cellphone: null },
    );
    expect(parsed.ok).toBe(true);
    // A form that says no language sends Chinese, the default.
    expect(parsed.ok && parsed.body.language).toBe('zh-CN');
  });

  it('puts each problem on its field, in the console language', () => {
    const parsed = parseSenderForm({ sendType: [1, 2], email: 'nope', stores: [], regions: [] }, null, 'zh');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byField = Object.fromEntries(parsed.errors.map((e) => [e.name, e.errors]));
    expect(Object.keys(byField).sort()).toEqual(['email', 'name', 'phone', 'stores']);
    expect(byField.email).toContain('必须是电子邮箱地址');
    expect(byField.stores).toEqual(['至少选择一个门店或区域']);
  });

  it('refuses a phone number that is neither a mainland mobile nor international', () => {
    const parsed = parseSenderForm(
      { name: 'X', phone: '0251234567', sendType: [0], stores: ['1'] },
      null,
      'en',
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[0]?.name).toBe('phone');
    expect(parsed.errors[0]?.errors[0]).toMatch(/mobile number/);
  });
});

describe('server refusals', () => {
  it('land on the store and region pickers', () => {
    expect(formFieldOf('body.shopId')).toBe('stores');
    expect(formFieldOf('areaCodes.0')).toBe('regions');
    expect(formFieldOf('id')).toBeNull();
    const error = { status: 400, data: { fields: [{ field: 'shopId', message: 'holds stores …' }] } };
    expect(serverFieldErrors(error)).toEqual([{ name: 'stores', errors: ['holds stores …'] }]);
  });
});
