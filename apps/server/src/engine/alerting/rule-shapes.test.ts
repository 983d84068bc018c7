// Issue 11 in the evaluator, without a database: rules for several product types (or all) and
// scoped to stores or regions, hold times, hysteresis, and no reachability alerts while offline.
import { describe, expect, it } from 'vitest';

import {
  type ActiveRule,
  type AlertDevice,
  type CompanyRules,
  groupRules,
  type OpenAlert,
  type PendingHold,
  planAlerts,
  planDueHolds,
  recovers,
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
  connectType: null,
  productTypes: [],
  shopIds: [],
  areaIds: [],
  deviceCategory: null,
  deviceClass: null,
  ...overrides,
});

const pos: AlertDevice = {
  id: 100,
  company_id: 7,
  shop_id: 3,
  parent_device_id: 1,
  connect_type: 5,
  product_id: 4,
  device_category: 'terminal',
  device_class: null,
};
const devices = new Map([[pos.id, pos]]);
const rulesOf =
  (...rules: ActiveRule[]) =>
  (companyId: number): CompanyRules | undefined =>
    companyId === 7 ? groupRules(rules) : undefined;
const cpu = (value: number, at: number) => ({ deviceId: pos.id, item: 'cpu.load', value, at });

describe('rules an operator would write', () => {
  it('applies a rule naming several product types to each of them, and one naming none to all', () => {
    expect(ruleApplies(rule({ productTypes: [2, 4, 6] }), pos)).toBe(true);
    expect(ruleApplies(rule({ productTypes: [2, 6] }), pos)).toBe(false);
    expect(ruleApplies(rule(), pos)).toBe(true);
    expect(ruleApplies(rule(), { ...pos, product_id: 13, connect_type: 1 })).toBe(true);
  });

  it('limits a rule to its stores or the stores below its regions', () => {
    const levels = (shopId: number) => (shopId === 3 ? [11, 21, 31] : [12, 22, 32]);
    expect(ruleApplies(rule({ shopIds: [3] }), pos, levels)).toBe(true);
    expect(ruleApplies(rule({ shopIds: [4] }), pos, levels)).toBe(false);
    expect(ruleApplies(rule({ areaIds: [21] }), pos, levels)).toBe(true);
    expect(ruleApplies(rule({ areaIds: [22] }), pos, levels)).toBe(false);
    expect(ruleApplies(rule({ shopIds: [4], areaIds: [31] }), pos, levels)).toBe(true);
  });
});

describe('hold time', () => {
  const held = rule({ holdMs: 300_000 });
  const hold = (overrides: Partial<PendingHold> = {}): PendingHold => ({
    id: 9,
    rule_id: 1,
    device_id: pos.id,
    item: 'cpu.load',
    value: 95,
    since: 1_000,
    due: 301_000,
    ...overrides,
  });

  it('starts a hold instead of opening, and opens once a value arrives after the hold passed', () => {
    const first = planAlerts(devices, rulesOf(held), [cpu(95, 1_000)]);
    expect(first.open).toEqual([]);
    expect(first.startHolds).toMatchObject([{ since: 1_000, due: 301_000, value: 95 }]);
    const before = planAlerts(devices, rulesOf(held), [cpu(96, 300_000)], [], { holds: [hold()] });
    expect(before.open).toEqual([]);
    expect(before.endHolds).toEqual([]);
    const after = planAlerts(devices, rulesOf(held), [cpu(97, 301_000)], [], { holds: [hold()] });
    expect(after.open).toMatchObject([{ at: 301_000, value: 97 }]);
    expect(after.endHolds).toEqual([9]);
  });

  it('ends the hold when the condition stops holding before it passed', () => {
    const plan = planAlerts(devices, rulesOf(held), [cpu(50, 200_000)], [], { holds: [hold()] });
    expect(plan.endHolds).toEqual([9]);
    expect(plan.open).toEqual([]);
  });

  it('opens a due hold with no value arriving, at its due time, unless its rule no longer applies', () => {
    expect(planDueHolds(devices, rulesOf(held), [hold()]).open).toMatchObject([{ at: 301_000, value: 95 }]);
    const gone = planDueHolds(devices, rulesOf(), [hold()]);
    expect(gone.open).toEqual([]);
    expect(gone.endHolds).toEqual([9]);
  });
});

describe('hysteresis', () => {
  const cpuRule = rule({ recoveryThreshold: 80 });
  const record: OpenAlert = { id: 55, rule_id: 1, device_id: pos.id, item: 'cpu.load', alert_time: 1_000 };

  it('keeps the record open between the recovery and trigger values, recovers below the recovery value', () => {
    expect(recovers(cpuRule, 85)).toBe(false);
    expect(recovers(cpuRule, 80)).toBe(false);
    expect(recovers(cpuRule, 79.9)).toBe(true);
    expect(recovers(rule({ operator: 'LT', threshold: 15, recoveryThreshold: 20 }), 18)).toBe(false);
    expect(recovers(rule({ operator: 'LT', threshold: 15, recoveryThreshold: 20 }), 21)).toBe(true);
    // Without a recovery value: recovers as soon as the condition no longer holds.
    expect(recovers(rule(), 90)).toBe(true);
  });

  it('does not flap for values going up and down around the trigger value', () => {
    let open: OpenAlert[] = [];
    let opened = 0;
    let recovered = 0;
    let at = 1_000;
    for (const value of [91, 89, 92, 88, 91, 85, 93]) {
      at += 30_000;
      const plan = planAlerts(devices, rulesOf(cpuRule), [cpu(value, at)], open);
      opened += plan.open.length;
      recovered += plan.recover.length;
      if (plan.open.length > 0) open = [{ ...record, alert_time: at }];
      if (plan.recover.length > 0) open = [];
    }
    expect({ opened, recovered }).toEqual({ opened: 1, recovered: 0 });
  });
});

describe('while a device is offline', () => {
  const loss = rule({ id: 2, triggerType: 3, item: 'icmp.loss', threshold: 50, holdMs: 60_000 });

  it('raises no loss alert and ends a pending loss hold', () => {
    const observation = { deviceId: pos.id, item: 'icmp.loss', value: 100, at: 5_000 };
    const offline = new Set([pos.id]);
    const plan = planAlerts(devices, rulesOf({ ...loss, holdMs: 0 }), [observation], [], { offline });
    expect(plan.open).toEqual([]);
    const holds: PendingHold[] = [
      { id: 3, rule_id: 2, device_id: pos.id, item: 'icmp.loss', value: 100, since: 1_000, due: 61_000 },
    ];
    expect(planAlerts(devices, rulesOf(loss), [observation], [], { offline, holds }).endHolds).toEqual([3]);
    expect(planDueHolds(devices, rulesOf(loss), holds, { offline }).open).toEqual([]);
  });
});
