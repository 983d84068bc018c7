import type { AlertRule, DictionaryItem } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { dictionaryItem } from '../dictionary-item.fixture';

import {
  ALL_PRODUCT_TYPES,
  type AlertRuleFormValues,
  categoryText,
  formFieldOf,
  formValuesOfRule,
  parseRuleForm,
  pickProductTypes,
  productTypesOfForm,
  serverFieldErrors,
  triggerName,
  triggerText,
} from './alert-rule-values';

const RULE: AlertRule = {
  id: 7,
  companyId: 1,
  alertLevel: 4,
  alertLevelName: '严重',
  alertName: 'CPU overload',
  alertType: 2,
  alertTypeName: '仓库设备',
  connectType: 1,
  connectTypeName: 'Agent',
  productType: 6,
  productTypeName: '电脑',
  productTypes: [6],
  shopIds: [],
  areaIds: [],
  holdSeconds: 0,
  recoveryValue: null,
  triggerOperator: 'GT',
  triggerType: 8,
  triggerTypeName: 'CPU 使用率',
  triggerId: 'cpu.load',
  triggerValue: 90,
  unit: '%',
  deviceCategory: 'terminal',
  deviceClass: 'pc',
  status: 1,
};

const VALID: AlertRuleFormValues = {
  alertName: '  CPU overload ',
  alertLevel: 4,
  alertType: 2,
  triggerType: 8,
  triggerOperator: 'GT',
  triggerValue: 90,
  connectType: 1,
  productTypes: [6],
  category: ['terminal', 'pc'],
};

const item = (code: string, name: string, nameEn: string | null, childLevel: DictionaryItem[] = []) =>
  dictionaryItem({ code, name, nameEn, childLevel });

describe('trigger descriptions', () => {
  it('read as a sentence in the console language', () => {
    expect(triggerText(RULE, true)).toBe('CPU load above 90 %');
    expect(triggerText(RULE, false)).toBe('CPU 使用率高于 90%');
    expect(triggerText({ ...RULE, triggerOperator: 'LT', triggerType: 2, triggerValue: 12.5 }, true)).toBe(
      'Network delay below 12.5 ms',
    );
  });

  it('say an offline rule with its hold time as an operator would', () => {
    const offline = {
      ...RULE,
      triggerType: 1,
      triggerOperator: 'EQ' as const,
      triggerValue: 0,
      holdSeconds: 180,
    };
    expect(triggerText(offline, true)).toBe('offline for 3 minutes');
    expect(triggerText(offline, false)).toBe('离线持续 3 分钟');
  });

  it('say the hold time and the recovery value', () => {
    const cpu = { ...RULE, holdSeconds: 300, recoveryValue: 80 };
    expect(triggerText(cpu, true)).toBe('CPU load above 90 % for 5 minutes, recovers below 80 %');
    expect(triggerText(cpu, false)).toBe('CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复');
  });

  it("use the server's name and unit for a trigger type this console does not know", () => {
    const unknown = {
      ...RULE,
      triggerType: 99,
      triggerTypeName: 'Fan speed',
      unit: 'rpm',
      triggerValue: 3000,
    };
    expect(triggerText(unknown, true)).toBe('Fan speed > 3000 rpm');
    expect(triggerName(99, true)).toBe('#99');
  });

  it('print float noise away', () => {
    expect(triggerText({ ...RULE, triggerValue: 0.1 + 0.2 }, true)).toBe('CPU load above 0.3 %');
  });
});

describe('category text', () => {
  const tree = [item('terminal', '终端设备', 'Terminals', [item('pc', '电脑', 'PC')])];

  it('names category and class in the console language', () => {
    expect(categoryText(tree, 'terminal', 'pc', true)).toBe('Terminals / PC');
    expect(categoryText(tree, 'terminal', 'pc', false)).toBe('终端设备 / 电脑');
    expect(categoryText(tree, 'terminal', null, true)).toBe('Terminals');
  });

  it('falls back to the codes when the tree does not know them', () => {
    expect(categoryText([], 'terminal', 'pc', true)).toBe('terminal / pc');
  });
});

describe('alert rule form values', () => {
  it('turn a saved rule into form values and back into the same body', () => {
    const values = formValuesOfRule(RULE);
    expect(values.category).toEqual(['terminal', 'pc']);
    const parsed = parseRuleForm(values);
    expect(parsed).toEqual({
      ok: true,
      body: {
        alertName: 'CPU overload',
        alertLevel: 4,
        alertType: 2,
        connectType: 1,
        productType: null,
        productTypes: [6],
        shopIds: [],
        areaIds: [],
        holdSeconds: 0,
        recoveryValue: null,
        triggerOperator: 'GT',
        triggerType: 8,
        triggerValue: 90,
        deviceCategory: 'terminal',
        deviceClass: 'pc',
      },
    });
  });

  it('send "all product types" as an empty list, hold minutes as seconds, and a region scope as ids', () => {
    const parsed = parseRuleForm({
      ...VALID,
      productTypes: [ALL_PRODUCT_TYPES],
      holdMinutes: 3,
      recoveryValue: 80,
      areaIds: ['12'],
      shopIds: [5],
      connectType: null,
      category: [],
    });
    expect(parsed.ok && parsed.body).toMatchObject({
      productTypes: [],
      holdSeconds: 180,
      recoveryValue: 80,
      areaIds: [12],
      shopIds: [5],
      connectType: null,
      deviceCategory: null,
    });
    expect(productTypesOfForm([4, 6])).toEqual([4, 6]);
    expect(productTypesOfForm(undefined)).toEqual([]);
  });

  it('trim the name and send a category without class as deviceClass null', () => {
    const parsed = parseRuleForm({ ...VALID, category: ['terminal'] });
    expect(parsed.ok && parsed.body.alertName).toBe('CPU overload');
    expect(parsed.ok && parsed.body.deviceClass).toBeNull();
  });

  it('refuse what the contract refuses, on the field the user sees', () => {
    const parsed = parseRuleForm({
      ...VALID,
      alertName: '   ',
      alertLevel: 9,
      triggerValue: null,
      recoveryValue: 95,
    });
    expect(parsed.ok).toBe(false);
    const fields = parsed.ok ? [] : parsed.errors.map((e) => e.name);
    expect(fields.sort()).toEqual(['alertLevel', 'alertName', 'triggerValue']);
  });

  it('refuse an item of the other alert type, as the server does', () => {
    const parsed = parseRuleForm({ ...VALID, alertType: 1 });
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.name)).toEqual(['triggerType']);
  });

  it("word every refusal in the console language, none in zod's generic English", () => {
    // A name that is not text at all (no rule of the schema words that case itself).
    const values = { ...VALID, alertName: 42 as unknown as string, alertLevel: 9, triggerValue: null };
    for (const lang of ['zh', 'en'] as const) {
      const parsed = parseRuleForm(values, lang);
      const messages = parsed.ok ? [] : parsed.errors.flatMap((e) => e.errors);
      expect(messages.length).toBeGreaterThanOrEqual(3);
      expect(messages.join(' | ')).not.toMatch(/Invalid input|Too big|Too small|expected/);
      if (lang === 'zh')
        expect(
          messages.every((m) => /[\u4e00-\u9fff]/.test(m)),
          messages.join(' | '),
        ).toBe(true);
    }
  });

  it('refuse a name over 64 characters and an unknown trigger type', () => {
    const parsed = parseRuleForm({ ...VALID, alertName: 'x'.repeat(65), triggerType: 99 });
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.name).sort()).toEqual(['alertName', 'triggerType']);
  });
});

describe('server field errors', () => {
  it('map a 400 field list onto form fields, category pair onto the cascader', () => {
    const error = {
      status: 400,
      data: {
        fields: [
          { field: 'alertName', message: 'is already taken' },
          { field: 'deviceClass', message: 'is not a class of the category' },
          { field: 'companyId', message: 'ignored: no such field in the form' },
        ],
      },
    };
    expect(serverFieldErrors(error)).toEqual([
      { name: 'alertName', errors: ['is already taken'] },
      { name: 'category', errors: ['is not a class of the category'] },
    ]);
  });

  it('give nothing for other failures', () => {
    expect(
      serverFieldErrors({ status: 409, data: { fields: [{ field: 'alertName', message: 'x' }] } }),
    ).toEqual([]);
    expect(serverFieldErrors({ status: 400, data: null })).toEqual([]);
    expect(serverFieldErrors(new Error('network'))).toEqual([]);
    expect(serverFieldErrors(undefined)).toEqual([]);
  });

  it('read body-prefixed and nested paths', () => {
    expect(formFieldOf('body.triggerValue')).toBe('triggerValue');
    expect(formFieldOf('deviceCategory')).toBe('category');
    expect(formFieldOf('body')).toBeNull();
  });
});

describe('product type picks', () => {
  it('keeps only "all" when "all" is picked last, and drops "all" when a single type is', () => {
    expect(pickProductTypes([3, 5, ALL_PRODUCT_TYPES])).toEqual([ALL_PRODUCT_TYPES]);
    expect(pickProductTypes([ALL_PRODUCT_TYPES, 3])).toEqual([3]);
    expect(pickProductTypes([3, 5])).toEqual([3, 5]);
    expect(pickProductTypes([])).toEqual([]);
  });
});
