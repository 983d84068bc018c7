/**
 * What alerting decides, without a database: which rules apply to a device, whether a value meets a
 * rule, and — given the newest values of a batch, the records already open and the holds pending —
 * which records to open and recover and which holds to start and end. One record per (rule, device)
 * is open at most. A value that meets the rule opens one at once, or — when the rule has a hold time —
 * starts a hold that opens the record once the condition has held that long (`planDueHolds` opens
 * the holds that passed with no value arriving). An open record recovers past the rule's recovery
 * threshold (hysteresis). While a device is offline its reachability items (loss, delay, jitter)
 * raise nothing: the offline record says it all. Ingest and the offline sweep both run through here.
 */

export type TriggerOperator = 'EQ' | 'LT' | 'GT';

/** Items that only say the device cannot be reached while it is offline: not raised separately then. */
export const REACHABILITY_ITEMS: ReadonlySet<string> = new Set(['icmp.loss', 'icmp.delay', 'icmp.jitter']);

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
  /** Hysteresis: GT recovers below it, LT above it; null: when the condition no longer holds. */
  recoveryThreshold: number | null;
  /** How long the condition must hold before a record opens (0: at once). */
  holdMs: number;
  /** null: any connect type. */
  connectType: number | null;
  /** Empty: every product type. */
  productTypes: readonly number[];
  /** Empty both: the whole company; else the device's store is one of shopIds or below one of areaIds. */
  shopIds: readonly number[];
  areaIds: readonly number[];
  /** null: any category. */
  deviceCategory: string | null;
  /** null: every class of the category. */
  deviceClass: string | null;
}

/** A company's enabled rules, by the item they watch and by id. */
export interface CompanyRules {
  byItem: ReadonlyMap<string, readonly ActiveRule[]>;
  byId: ReadonlyMap<number, ActiveRule>;
  /** Whether a rule is scoped to regions (evaluating it needs the stores' levels). */
  usesAreas: boolean;
  /** Whether a rule has a hold time (evaluating it needs the pending holds; a rule write ends its own). */
  usesHolds: boolean;
}

/** What the evaluator needs to know of a device (the devices columns, read by ALERT_DEVICE_COLUMNS). */
export interface AlertDevice {
  id: number;
  company_id: number;
  shop_id: number;
  /** The box the device is probed through (null for boxes): box outages hold its offline records. */
  parent_device_id: number | null;
  connect_type: number;
  /** Product type, category and class: which alert rules apply to the device. */
  product_id: number;
  device_category: string | null;
  device_class: string | null;
}

/** What rule matching reads of a device. */
export type RuleTarget = Pick<
  AlertDevice,
  'company_id' | 'shop_id' | 'connect_type' | 'product_id' | 'device_category' | 'device_class'
>;

/** The devices columns of an AlertDevice, for the queries that read devices to evaluate. */
export const ALERT_DEVICE_COLUMNS = [
  'id',
  'company_id',
  'shop_id',
  'parent_device_id',
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

/** A condition holding and waiting for its rule's hold time (alert_holds). */
export interface PendingHold {
  id: number;
  rule_id: number;
  device_id: number;
  item: string;
  value: number;
  since: number;
  due: number;
}

export interface AlertToOpen {
  rule: ActiveRule;
  device: AlertDevice;
  value: number;
  at: number;
}

export interface HoldToStart {
  rule: ActiveRule;
  device: AlertDevice;
  value: number;
  since: number;
  due: number;
}

export interface AlertPlan {
  open: AlertToOpen[];
  recover: Array<{ id: number; at: number }>;
  startHolds: HoldToStart[];
  /** Ids of alert_holds rows that end (opened, condition gone, rule no longer applies). */
  endHolds: number[];
}

/** What a plan also needs to know besides values and open records. */
export interface AlertContext {
  holds?: readonly PendingHold[];
  /** Devices offline (after the batch): their reachability items raise nothing. */
  offline?: ReadonlySet<number>;
  /** The level_configs ids (region, province, city) of a store, for rules scoped to regions. */
  levelsOf?: (shopId: number) => readonly number[] | undefined;
}

/** Groups enabled rules for the cache. */
export function groupRules(rules: readonly ActiveRule[]): CompanyRules {
  const byItem = new Map<string, ActiveRule[]>();
  const byId = new Map<number, ActiveRule>();
  let usesAreas = false;
  let usesHolds = false;
  for (const rule of rules) {
    if (rule.areaIds.length > 0) usesAreas = true;
    if (rule.holdMs > 0) usesHolds = true;
    byId.set(rule.id, rule);
    const list = byItem.get(rule.item);
    if (list) list.push(rule);
    else byItem.set(rule.item, [rule]);
  }
  return { byItem, byId, usesAreas, usesHolds };
}

/**
 * Whether `rule` applies to `device`: same company; one of its product types (any when none), its
 * connect type, category and class when set; the device's store among its stores or below one of its
 * regions (`levelsOf`), unless it names neither. The one definition: alerting evaluates with it and
 * the device page lists rules with it.
 */
export function ruleApplies(
  rule: ActiveRule,
  device: RuleTarget,
  levelsOf?: (shopId: number) => readonly number[] | undefined,
): boolean {
  if (rule.companyId !== device.company_id) return false;
  if (rule.productTypes.length > 0 && !rule.productTypes.includes(device.product_id)) return false;
  if (rule.connectType !== null && rule.connectType !== device.connect_type) return false;
  if (rule.deviceCategory !== null && rule.deviceCategory !== device.device_category) return false;
  if (rule.deviceClass !== null && rule.deviceClass !== device.device_class) return false;
  if (rule.shopIds.length === 0 && rule.areaIds.length === 0) return true;
  if (rule.shopIds.includes(device.shop_id)) return true;
  const levels = levelsOf?.(device.shop_id);
  return levels !== undefined && rule.areaIds.some((id) => levels.includes(id));
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

/** Whether an open record of `rule` recovers at `value`: past the recovery threshold, or when the condition no longer holds. */
export function recovers(rule: ActiveRule, value: number): boolean {
  const past = rule.recoveryThreshold;
  if (past === null || rule.operator === 'EQ') return !conditionHolds(rule.operator, value, rule.threshold);
  return rule.operator === 'GT' ? value < past : value > past;
}

/**
 * The records to open and recover and the holds to start and end for `observations` (at most one per
 * device and item), given the devices' open records and pending holds. Besides the values' own
 * verdicts, an open record or hold whose rule no longer applies to the device (rule deleted or
 * disabled meanwhile, device moved, rule's trigger changed) ends at the device's newest value time,
 * so nothing stays open for a rule that will never evaluate it again; so do the reachability holds of
 * an offline device. A value older than the open record's (or the hold's) start never ends it.
 */
export function planAlerts(
  devices: ReadonlyMap<number, AlertDevice>,
  rulesOf: (companyId: number) => CompanyRules | undefined,
  observations: readonly AlertObservation[],
  open: readonly OpenAlert[] = [],
  context: AlertContext = {},
): AlertPlan {
  const openByKey = new Map<string, OpenAlert>();
  for (const record of open) openByKey.set(`${record.rule_id}:${record.device_id}`, record);
  const holdByKey = new Map<string, PendingHold>();
  for (const hold of context.holds ?? []) holdByKey.set(`${hold.rule_id}:${hold.device_id}`, hold);
  const offline = context.offline;
  const newest = new Map<number, number>();
  const plan: AlertPlan = { open: [], recover: [], startHolds: [], endHolds: [] };

  for (const observation of observations) {
    const device = devices.get(observation.deviceId);
    if (!device) continue;
    const { value, at } = observation;
    newest.set(device.id, Math.max(newest.get(device.id) ?? at, at));
    const rules = rulesOf(device.company_id)?.byItem.get(observation.item);
    if (!rules) continue;
    const unreachable = REACHABILITY_ITEMS.has(observation.item) && offline?.has(device.id) === true;
    for (const rule of rules) {
      if (!ruleApplies(rule, device, context.levelsOf)) continue;
      const key = `${rule.id}:${device.id}`;
      const existing = openByKey.get(key);
      const hold = holdByKey.get(key);
      // Decided by its own value (kept, opened, recovered, held): not stale.
      openByKey.delete(key);
      holdByKey.delete(key);
      if (existing) {
        if (recovers(rule, value) && at >= existing.alert_time) plan.recover.push({ id: existing.id, at });
        if (hold) plan.endHolds.push(hold.id);
        continue;
      }
      const holds = !unreachable && conditionHolds(rule.operator, value, rule.threshold);
      if (!holds) {
        if (hold && (unreachable || at >= hold.since)) plan.endHolds.push(hold.id);
      } else if (rule.holdMs === 0) {
        plan.open.push({ rule, device, value, at });
      } else if (!hold) {
        plan.startHolds.push({ rule, device, value, since: at, due: at + rule.holdMs });
      } else if (at >= hold.due) {
        plan.open.push({ rule, device, value, at: hold.due });
        plan.endHolds.push(hold.id);
      }
    }
  }

  for (const record of openByKey.values()) {
    const device = devices.get(record.device_id);
    const at = newest.get(record.device_id);
    if (!device || at === undefined) continue;
    const rule = rulesOf(device.company_id)?.byId.get(record.rule_id);
    if (rule && ruleApplies(rule, device, context.levelsOf) && rule.item === record.item) continue;
    plan.recover.push({ id: record.id, at: Math.max(at, record.alert_time) });
  }
  for (const hold of holdByKey.values()) {
    const device = devices.get(hold.device_id);
    if (!device || !newest.has(hold.device_id)) continue;
    if (!holdStillApplies(hold, device, rulesOf, context)) plan.endHolds.push(hold.id);
  }
  return plan;
}

function holdStillApplies(
  hold: PendingHold,
  device: AlertDevice,
  rulesOf: (companyId: number) => CompanyRules | undefined,
  context: AlertContext,
): ActiveRule | undefined {
  const rule = rulesOf(device.company_id)?.byId.get(hold.rule_id);
  if (!rule || rule.item !== hold.item || !ruleApplies(rule, device, context.levelsOf)) return undefined;
  if (REACHABILITY_ITEMS.has(hold.item) && context.offline?.has(device.id)) return undefined;
  return rule;
}

/**
 * The holds whose time has come with no value ending them (the sweep's periodic pass): each opens its
 * record at its due time with the value that started it — unless its rule no longer applies (then it
 * just ends). A device whose values stopped arriving still opens "CPU above 90 for 5 minutes".
 */
export function planDueHolds(
  devices: ReadonlyMap<number, AlertDevice>,
  rulesOf: (companyId: number) => CompanyRules | undefined,
  due: readonly PendingHold[],
  context: AlertContext = {},
): AlertPlan {
  const plan: AlertPlan = { open: [], recover: [], startHolds: [], endHolds: [] };
  for (const hold of due) {
    plan.endHolds.push(hold.id);
    const device = devices.get(hold.device_id);
    const rule = device ? holdStillApplies(hold, device, rulesOf, context) : undefined;
    if (device && rule) plan.open.push({ rule, device, value: hold.value, at: hold.due });
  }
  return plan;
}
