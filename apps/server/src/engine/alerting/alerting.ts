/**
 * Alert evaluation inside the transaction that stored the values (ingest) or the transitions (offline
 * sweep): `evaluateDevices` gets the devices' companies' rules from the cache, asks the caller for the
 * observations those rules watch, and opens and recovers records and starts and ends holds in the same
 * transaction — all or nothing with the values. `openDueHolds` is the sweep's periodic pass over holds
 * whose time passed with no value. Both return the records they opened and recovered, which the
 * caller hands out after commit. A batch whose companies have no rule for its items costs a Map lookup
 * per (device, item) and no query.
 */
import { randomUUID } from 'node:crypto';

import { AlertRecordStatus, OnlineStatus } from '@storefleet/contracts';
import type { DeviceLatestTable } from '../../db/tables/monitoring';
import type { Trx } from '../../db/trx';
import {
  type AlertContext,
  type AlertDevice,
  type AlertObservation,
  type AlertPlan,
  type CompanyRules,
  type OpenAlert,
  planAlerts,
  planDueHolds,
} from './alert-evaluation';
import {
  deleteHolds,
  insertAlerts,
  insertHolds,
  listAlertDevices,
  listDueHolds,
  listHolds,
  listOpenAlerts,
  listStoreLevels,
  recoverAlerts,
  refreshOpenAlertCounts,
} from './alert-records.repository';
import { holdUnderBoxes, ONLINE_ITEM } from './box-outage';
import type { AlertRulesCache } from './rules-cache';

export { ONLINE_ITEM };

/** An alert record a transaction opened. */
export interface OpenedAlert {
  recordId: number;
  ruleId: number;
  /** The rule's name and level when it fired. */
  name: string;
  severity: number;
  item: string;
  value: number;
  deviceId: number;
  shopId: number;
  companyId: number;
  /** Epoch ms of the value that fired it (or its hold's end). */
  at: number;
  /** The box's offline record it is held under (not notified), or null. */
  suppressedBy?: number | null;
}

/** An alert record a transaction recovered. */
export interface RecoveredAlert {
  recordId: number;
  ruleId: number;
  item: string;
  deviceId: number;
  shopId: number;
  companyId: number;
  /** Epoch ms of the recovery. */
  at: number;
}

export interface AlertOutcome {
  opened: OpenedAlert[];
  recovered: RecoveredAlert[];
}

const NO_ALERTS: AlertOutcome = { opened: [], recovered: [] };

/** Whether any company in `rules` has an enabled rule. */
export function hasAnyRule(rules: ReadonlyMap<number, CompanyRules>): boolean {
  for (const company of rules.values()) if (company.byId.size > 0) return true;
  return false;
}

/**
 * The observations of one ingest batch: the newest numeric value of each (device, item) some rule of
 * the device's company watches. The `online` item is the device's online status after the batch (a
 * value buffered during an outage does not flip the status, so it must not flip an alert either), at
 * the time of its newest online signal or transition.
 */
export function batchObservations(
  latest: Iterable<DeviceLatestTable>,
  devices: ReadonlyMap<number, AlertDevice>,
  rules: ReadonlyMap<number, CompanyRules>,
  onlineStatus: ReadonlyMap<number, { online_status: number }>,
  transitions: ReadonlyArray<{ deviceId: number; at: number }>,
): AlertObservation[] {
  const out: AlertObservation[] = [];
  const onlineAt = new Map<number, number>();
  for (const row of latest) {
    if (row.value_num === null) continue;
    const device = devices.get(row.device_id);
    const watched = device ? rules.get(device.company_id)?.byItem.has(row.item) : false;
    if (!watched) continue;
    if (row.item === ONLINE_ITEM) {
      onlineAt.set(row.device_id, row.clock);
      continue;
    }
    out.push({ deviceId: row.device_id, item: row.item, value: row.value_num, at: row.clock });
  }
  for (const change of transitions) {
    const device = devices.get(change.deviceId);
    if (!device || !rules.get(device.company_id)?.byItem.has(ONLINE_ITEM)) continue;
    onlineAt.set(change.deviceId, Math.max(onlineAt.get(change.deviceId) ?? change.at, change.at));
  }
  for (const [deviceId, at] of onlineAt) {
    const state = onlineStatus.get(deviceId);
    if (state) out.push({ deviceId, item: ONLINE_ITEM, value: state.online_status, at });
  }
  return out;
}

/**
 * The one evaluation sequence of ingest and the sweep: the rules of `devices`' companies (from the
 * cache, read in `trx` when missing), then the observations `observe` makes for those rules, then
 * `evaluateAlerts`. No rule in those companies: no observation is made and nothing is read.
 * `offline`: the devices offline after the batch (their reachability items raise nothing).
 */
export async function evaluateDevices(
  trx: Trx,
  rulesCache: AlertRulesCache,
  devices: ReadonlyMap<number, AlertDevice>,
  observe: (rules: ReadonlyMap<number, CompanyRules>) => readonly AlertObservation[],
  offline?: ReadonlySet<number>,
): Promise<AlertOutcome> {
  if (devices.size === 0) return NO_ALERTS;
  const rules = await rulesCache.rulesFor(
    trx,
    [...devices.values()].map((d) => d.company_id),
  );
  if (!hasAnyRule(rules)) return NO_ALERTS;
  return evaluateAlerts(trx, devices, rules, observe(rules), offline);
}

/** Opens and recovers the records (and starts and ends the holds) `observations` call for, in `trx`. */
export async function evaluateAlerts(
  trx: Trx,
  devices: ReadonlyMap<number, AlertDevice>,
  rules: ReadonlyMap<number, CompanyRules>,
  observations: readonly AlertObservation[],
  offline?: ReadonlySet<number>,
): Promise<AlertOutcome> {
  if (observations.length === 0) return NO_ALERTS;
  const deviceIds = [...new Set(observations.map((o) => o.deviceId))];
  const [open, holds, context] = await Promise.all([
    listOpenAlerts(trx, deviceIds),
    // No rule with a hold time in these companies: no hold to read (a rule write ends its own holds).
    [...rules.values()].some((r) => r.usesHolds) ? listHolds(trx, deviceIds) : Promise.resolve([]),
    contextFor(trx, devices, rules, deviceIds),
  ]);
  const plan = planAlerts(devices, (companyId) => rules.get(companyId), observations, open, {
    ...context,
    holds,
    ...(offline ? { offline } : {}),
  });
  return applyPlan(trx, devices, plan, open);
}

/** The stores' levels when a rule of the devices' companies is scoped to regions. */
async function contextFor(
  trx: Trx,
  devices: ReadonlyMap<number, AlertDevice>,
  rules: ReadonlyMap<number, CompanyRules>,
  deviceIds: readonly number[],
): Promise<AlertContext> {
  const shops: number[] = [];
  for (const id of deviceIds) {
    const device = devices.get(id);
    if (device && rules.get(device.company_id)?.usesAreas) shops.push(device.shop_id);
  }
  if (shops.length === 0) return {};
  const levels = await listStoreLevels(trx, shops);
  return { levelsOf: (shopId) => levels.get(shopId) };
}

/** Holds the sweep's due pass takes per transaction. */
export const DUE_HOLDS_CHUNK = 500;

/**
 * One transaction of the periodic pass: up to DUE_HOLDS_CHUNK holds due at `now` open their records
 * (at their due time) or end when their rule no longer applies. Returns what it opened and how many
 * holds it took (fewer than the chunk: the pass is done).
 */
export async function openDueHolds(
  trx: Trx,
  rulesCache: AlertRulesCache,
  now: number,
): Promise<AlertOutcome & { taken: number }> {
  const due = await listDueHolds(trx, now, DUE_HOLDS_CHUNK);
  if (due.length === 0) return { ...NO_ALERTS, taken: 0 };
  const rows = await listAlertDevices(
    trx,
    due.map((h) => h.device_id),
  );
  const devices = new Map<number, AlertDevice>(rows.map((d) => [d.id, d]));
  const offline = new Set(rows.filter((d) => d.online_status === OnlineStatus.OFFLINE).map((d) => d.id));
  const rules = await rulesCache.rulesFor(
    trx,
    rows.map((d) => d.company_id),
  );
  const context = await contextFor(trx, devices, rules, [...devices.keys()]);
  const plan = planDueHolds(devices, (companyId) => rules.get(companyId), due, { ...context, offline });
  return { ...(await applyPlan(trx, devices, plan, [])), taken: due.length };
}

/** Writes a plan in `trx`: records opened (held under their box when it is down) and recovered, holds started and ended. */
async function applyPlan(
  trx: Trx,
  devices: ReadonlyMap<number, AlertDevice>,
  plan: AlertPlan,
  open: readonly OpenAlert[],
): Promise<AlertOutcome> {
  await deleteHolds(trx, plan.endHolds);
  await insertHolds(
    trx,
    plan.startHolds.map(({ rule, device, value, since, due }) => ({
      company_id: device.company_id,
      rule_id: rule.id,
      device_id: device.id,
      item: rule.item,
      value,
      since,
      due,
    })),
  );
  const inserted = await insertAlerts(
    trx,
    plan.open.map(({ rule, device, value, at }) => ({
      uuid: randomUUID(),
      company_id: device.company_id,
      rule_id: rule.id,
      device_id: device.id,
      shop_id: device.shop_id,
      name: rule.name,
      severity: rule.level,
      item: rule.item,
      trigger_value: rule.threshold,
      value,
      alert_time: at,
      recovery_time: null,
      status: AlertRecordStatus.UNRESOLVED,
    })),
  );
  const insertedIds = new Map(inserted.map((row) => [`${row.rule_id}:${row.device_id}`, row.id]));
  const opened: OpenedAlert[] = [];
  for (const { rule, device, value, at } of plan.open) {
    const recordId = insertedIds.get(`${rule.id}:${device.id}`);
    // No id: a record of the same (rule, device) was opened meanwhile, and this one was skipped.
    if (recordId === undefined) continue;
    opened.push({
      recordId,
      ruleId: rule.id,
      name: rule.name,
      severity: rule.level,
      item: rule.item,
      value,
      deviceId: device.id,
      shopId: device.shop_id,
      companyId: device.company_id,
      at,
      suppressedBy: null,
    });
  }
  const heldBy = await holdUnderBoxes(
    trx,
    devices,
    opened.filter((o) => o.item === ONLINE_ITEM && o.value === 0),
  );
  for (const record of opened) record.suppressedBy = heldBy.get(record.recordId) ?? null;
  const openById = new Map(open.map((record) => [record.id, record]));
  const recovered: RecoveredAlert[] = [];
  const touched = inserted.map((row) => row.device_id);
  for (const { id, at } of await recoverAlerts(trx, plan.recover)) {
    const record = openById.get(id);
    if (record) touched.push(record.device_id);
    const device = record ? devices.get(record.device_id) : undefined;
    if (!record || !device) continue;
    recovered.push({
      recordId: id,
      ruleId: record.rule_id,
      item: record.item,
      deviceId: device.id,
      shopId: device.shop_id,
      companyId: device.company_id,
      at,
    });
  }
  // The devices' open-alert counts (problems-first order) change with the records, in the same transaction.
  await refreshOpenAlertCounts(trx, touched);
  return { opened, recovered };
}
