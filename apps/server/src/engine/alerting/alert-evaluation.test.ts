// The evaluator's decisions without a database: conditions, which rules apply, and the plan of records
// to open and recover for a batch's newest values.
import { describe, expect, it } from 'vitest';

import {
  type ActiveRule,
  type AlertDevice,
  type CompanyRules,
  conditionHolds,
  groupRules,
  type OpenAlert,
  planAlerts,
  ruleApplies,
} from './alert-evaluation';

const rule = (overrides: Partial<ActiveRule> = {}): ActiveRule => ({
  id: 1,
  companyId: 7,
  name: 'CPU overload',
  level: 3,
  triggerType: 8,
  item: 'cpu.load',
  operator: 'GT',
  threshold: 90,
  recoveryThreshold: null,
  holdMs: 0,
  connectType: 1,
  productTypes: [6],
  shopIds: [],
  areaIds: [],
  deviceCategory: 'terminal',
  deviceClass: null,
  ...overrides,
});

const pc: AlertDevice = {
  id: 100,
  company_id: 7,
  shop_id: 3,
  parent_device_id: 1,
  connect_type: 1,
  product_id: 6,
  device_category: 'terminal',
  device_class: 'pc',
};

const devices = new Map([[pc.id, pc]]);
const rulesFor =
  (...rules: ActiveRule[]) =>
  (companyId: number): CompanyRules | undefined =>
    companyId === 7 ? groupRules(rules) : undefined;
const open = (overrides: Partial<OpenAlert> = {}): OpenAlert => ({
  id: 55,
  rule_id: 1,
  device_id: pc.id,
  item: 'cpu.load',
  alert_time: 1_000,
  ...overrides,
});

describe('conditions', () => {
  it('compares with GT, LT and EQ (EQ tolerates float rounding)', () => {
    expect(conditionHolds('GT', 90.5, 90)).toBe(true);
    expect(conditionHolds('GT', 90, 90)).toBe(false);
    expect(conditionHolds('LT', 14.99, 15)).toBe(true);
    expect(conditionHolds('LT', 15, 15)).toBe(false);
    expect(conditionHolds('EQ', 0, 0)).toBe(true);
    expect(conditionHolds('EQ', 0.1 + 0.2, 0.3)).toBe(true);
    expect(conditionHolds('EQ', 1, 0)).toBe(false);
  });
});

describe('which rules apply to a device', () => {
  it('needs the same company, connect type, product type and category', () => {
    expect(ruleApplies(rule(), pc)).toBe(true);
    expect(ruleApplies(rule({ companyId: 8 }), pc)).toBe(false);
    expect(ruleApplies(rule({ connectType: 5 }), pc)).toBe(false);
    expect(ruleApplies(rule({ productTypes: [4] }), pc)).toBe(false);
    expect(ruleApplies(rule({ deviceCategory: 'mobile' }), pc)).toBe(false);
  });

  it('matches every class when the rule names none, only its own class when it does', () => {
    expect(ruleApplies(rule({ deviceClass: 'pc' }), pc)).toBe(true);
    expect(ruleApplies(rule({ deviceClass: 'pos' }), pc)).toBe(false);
    expect(ruleApplies(rule(), { ...pc, device_class: null })).toBe(true);
  });
});

describe('planAlerts', () => {
  it('opens a record when the value meets the rule and none is open', () => {
    const plan = planAlerts(devices, rulesFor(rule()), [
      { deviceId: pc.id, item: 'cpu.load', value: 95, at: 2_000 },
    ]);
    expect(plan.recover).toEqual([]);
    expect(plan.open).toEqual([expect.objectContaining({ value: 95, at: 2_000, device: pc })]);
    expect(plan.open[0]?.rule.id).toBe(1);
  });

  it('leaves an open record alone while the value still meets the rule', () => {
    const plan = planAlerts(
      devices,
      rulesFor(rule()),
      [{ deviceId: pc.id, item: 'cpu.load', value: 97, at: 3_000 }],
      [open()],
    );
    expect(plan).toEqual({ open: [], recover: [], startHolds: [], endHolds: [] });
  });

  it('recovers the open record at the value time once the value no longer meets the rule', () => {
    const plan = planAlerts(
      devices,
      rulesFor(rule()),
      [{ deviceId: pc.id, item: 'cpu.load', value: 40, at: 3_000 }],
      [open()],
    );
    expect(plan).toEqual({ open: [], recover: [{ id: 55, at: 3_000 }], startHolds: [], endHolds: [] });
  });

  it('does not let a value older than the open record recover it', () => {
    const plan = planAlerts(
      devices,
      rulesFor(rule()),
      [{ deviceId: pc.id, item: 'cpu.load', value: 40, at: 500 }],
      [open()],
    );
    expect(plan).toEqual({ open: [], recover: [], startHolds: [], endHolds: [] });
  });

  it('ignores items no rule watches and devices of companies without rules', () => {
    const other = { ...pc, id: 101, company_id: 9 };
    const plan = planAlerts(new Map([...devices, [other.id, other]]), rulesFor(rule()), [
      { deviceId: pc.id, item: 'memory.used', value: 99, at: 2_000 },
      { deviceId: other.id, item: 'cpu.load', value: 99, at: 2_000 },
    ]);
    expect(plan).toEqual({ open: [], recover: [], startHolds: [], endHolds: [] });
  });

  it('evaluates every rule of the item that applies, each on its own', () => {
    const warn = rule({ id: 2, threshold: 70, level: 2 });
    const plan = planAlerts(
      devices,
      rulesFor(rule(), warn),
      [{ deviceId: pc.id, item: 'cpu.load', value: 80, at: 2_000 }],
      [open()],
    );
    expect(plan.open.map((o) => o.rule.id)).toEqual([2]);
    expect(plan.recover).toEqual([{ id: 55, at: 2_000 }]);
  });

  it('recovers an open record whose rule is gone or no longer applies, at the device’s newest value', () => {
    const observations = [{ deviceId: pc.id, item: 'memory.used', value: 50, at: 4_000 }];
    expect(planAlerts(devices, rulesFor(), observations, [open()]).recover).toEqual([{ id: 55, at: 4_000 }]);
    expect(
      planAlerts(devices, rulesFor(rule({ deviceCategory: 'mobile' })), observations, [open()]).recover,
    ).toEqual([{ id: 55, at: 4_000 }]);
    // The rule now watches another item: the record of the old item ends.
    expect(
      planAlerts(devices, rulesFor(rule({ item: 'disk.used' })), observations, [open()]).recover,
    ).toEqual([{ id: 55, at: 4_000 }]);
    // Still applies, and this batch had no value of its item: kept.
    expect(planAlerts(devices, rulesFor(rule()), observations, [open()]).recover).toEqual([]);
  });
});
