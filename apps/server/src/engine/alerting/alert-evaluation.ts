/**
 * What alerting decides, without a database: which rules apply to a device, whether a value meets a
 * rule, and — given the newest values of a batch and the records already open — which records to open
 * and which to recover. One record per (rule, device) is open at most; a value that meets the rule
 * opens one when none is open, a value that no longer meets it recovers the open one at the value's
 * time. Ingest and the offline sweep both run their values through `planAlerts`.
 */

export type TriggerOperator = 'EQ' | 'LT' | 'GT';

/** An enabled rule as the evaluator keeps it (rules cache). */
export interface ActiveRule {
  id: number;
  companyId: number;
  name: string;
  level: number;
  /** The trigger type (spec §9 code) and the metric item key it watches. */
  triggerType: number;
  item: string;
  operator: TriggerOperator;
  threshold: number;
  connectType: number;
  productType: number;
  deviceCategory: string;
  /** null: every class of the category. */
  deviceClass: string | null;
}

/** A company's enabled rules, by the item they watch and by id. */
export interface CompanyRules {
  byItem: ReadonlyMap<string, readonly ActiveRule[]>;
  byId: ReadonlyMap<number, ActiveRule>;
}

/** What the evaluator needs to know of a device (the devices columns, read by ALERT_DEVICE_COLUMNS). */
export interface AlertDevice {
  id: number;
  company_id: number;
  shop_id: number;
  connect_type: number;
  /** Product type, category and class: which alert rules apply to the device. */
  product_id: number;
  device_category: string | null;
  device_class: string | null;
}

/** The devices columns of an AlertDevice, for the queries that read devices to evaluate. */
export const ALERT_DEVICE_COLUMNS = [
  'id',
  'company_id',
  'shop_id',
  'connect_type',
  'product_id',
  'device_category',
  'device_class',
] as const satisfies ReadonlyArray<keyof AlertDevice>;

/** The newest numeric value of one item of one device in a batch. */
export interface AlertObservation {
  deviceId: number;
  item: string;
  value: number;
  /** Epoch ms the value was measured. */
  at: number;
}

/** An alert record that is open (status 0). */
export interface OpenAlert {
  id: number;
  rule_id: number;
  device_id: number;
  item: string;
  alert_time: number;
}

export interface AlertToOpen {
  rule: ActiveRule;
  device: AlertDevice;
  value: number;
  at: number;
}

export interface AlertPlan {
  open: AlertToOpen[];
  recover: Array<{ id: number; at: number }>;
}

/** Groups enabled rules for the cache. */
export function groupRules(rules: readonly ActiveRule[]): CompanyRules {
  const byItem = new Map<string, ActiveRule[]>();
  const byId = new Map<number, ActiveRule>();
  for (const rule of rules) {
    byId.set(rule.id, rule);
    const list = byItem.get(rule.item);
    if (list) list.push(rule);
    else byItem.set(rule.item, [rule]);
  }
  return { byItem, byId };
}

/**
 * Whether `rule` applies to `device`: same company, connect type, product type, category, and class
 * when set. The one definition: alerting evaluates with it and the device page lists rules with it.
 */
export function ruleApplies(rule: ActiveRule, device: AlertDevice): boolean {
  return (
    rule.companyId === device.company_id &&
    rule.connectType === device.connect_type &&
    rule.productType === device.product_id &&
    rule.deviceCategory === device.device_category &&
    (rule.deviceClass === null || rule.deviceClass === device.device_class)
  );
}

/** Whether `value` compares true with the rule's threshold. EQ allows for float rounding (1e-9). */
export function conditionHolds(operator: TriggerOperator, value: number, threshold: number): boolean {
  switch (operator) {
    case 'EQ':
      return Math.abs(value - threshold) <= 1e-9;
    case 'LT':
      return value < threshold;
    case 'GT':
      return value > threshold;
  }
}

/**
 * The records to open and recover for `observations` (at most one per device and item), given the
 * devices' records open now. Besides the values' own verdicts, an open record whose rule no longer
 * applies to the device (rule deleted or disabled meanwhile, device moved to another category, rule's
 * trigger changed) is recovered at the device's newest value time, so no record stays open for a
 * rule that will never evaluate it again. A value older than the open record's start never recovers it.
 */
export function planAlerts(
  devices: ReadonlyMap<number, AlertDevice>,
  rulesOf: (companyId: number) => CompanyRules | undefined,
  observations: readonly AlertObservation[],
  open: readonly OpenAlert[] = [],
): AlertPlan {
  const openByKey = new Map<string, OpenAlert>();
  for (const record of open) openByKey.set(`${record.rule_id}:${record.device_id}`, record);
  const newest = new Map<number, number>();
  const plan: AlertPlan = { open: [], recover: [] };

  for (const observation of observations) {
    const device = devices.get(observation.deviceId);
    if (!device) continue;
    newest.set(device.id, Math.max(newest.get(device.id) ?? observation.at, observation.at));
    const rules = rulesOf(device.company_id)?.byItem.get(observation.item);
    if (!rules) continue;
    for (const rule of rules) {
      if (!ruleApplies(rule, device)) continue;
      const key = `${rule.id}:${device.id}`;
      const existing = openByKey.get(key);
      const holds = conditionHolds(rule.operator, observation.value, rule.threshold);
      if (holds && !existing) {
        plan.open.push({ rule, device, value: observation.value, at: observation.at });
      } else if (!holds && existing && observation.at >= existing.alert_time) {
        plan.recover.push({ id: existing.id, at: observation.at });
      }
      // Decided by its own value (kept open, opened or recovered): not a stale record.
      openByKey.delete(key);
    }
  }

  for (const record of openByKey.values()) {
    const device = devices.get(record.device_id);
    const at = newest.get(record.device_id);
    if (!device || at === undefined) continue;
    const rule = rulesOf(device.company_id)?.byId.get(record.rule_id);
    if (rule && ruleApplies(rule, device) && rule.item === record.item) continue;
    plan.recover.push({ id: record.id, at: Math.max(at, record.alert_time) });
  }
  return plan;
}
