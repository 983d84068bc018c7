/**
 * Alert evaluation inside the transaction that stored the values (ingest) or the transitions (offline
 * sweep): the caller gets the companies' rules from the cache, turns its newest values into
 * observations, and `evaluateAlerts` opens and recovers records in the same transaction — all or
 * nothing with the values. A batch whose companies have no rule for its items costs a Map lookup per
 * (device, item) and no query.
 */
import { randomUUID } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import type { DB } from '../../db/database';
import type { DeviceLatestTable } from '../../db/tables/monitoring';
import { type AlertDevice, type AlertObservation, type CompanyRules, planAlerts } from './alert-evaluation';
import { insertAlerts, listOpenAlerts, recoverAlerts } from './alert-records.repository';

type Trx = Kysely<DB> | Transaction<DB>;

export const ONLINE_ITEM = 'online';

export interface AlertOutcome {
  opened: number;
  recovered: number;
}

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

/** Opens and recovers the records `observations` call for, in `trx`. */
export async function evaluateAlerts(
  trx: Trx,
  devices: ReadonlyMap<number, AlertDevice>,
  rules: ReadonlyMap<number, CompanyRules>,
  observations: readonly AlertObservation[],
): Promise<AlertOutcome> {
  if (observations.length === 0) return { opened: 0, recovered: 0 };
  const deviceIds = [...new Set(observations.map((o) => o.deviceId))];
  const open = await listOpenAlerts(trx, deviceIds);
  const plan = planAlerts(devices, (companyId) => rules.get(companyId), observations, open);
  await insertAlerts(
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
      status: 0,
    })),
  );
  await recoverAlerts(trx, plan.recover);
  return { opened: plan.open.length, recovered: plan.recover.length };
}
