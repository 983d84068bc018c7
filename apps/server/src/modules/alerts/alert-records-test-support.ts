/**
 * Fixtures of the alert overview tests: the demo's retail chain with one device in the East China
 * operator's region and one outside it, another company's device, and alert records and online
 * transitions written straight into the tables (the engine's opening and recovering are tested in
 * engine/alerting).
 */
import { randomUUID } from 'node:crypto';

import { readIdList } from '../../db/json';
import type { TestApp } from '../../testing/test-app';

export interface AlertPlaces {
  northwind: number;
  harbor: number;
  /** A Northwind store and device inside the operator's region, and outside it. */
  east: { shopId: number; deviceId: number; storeName: string; deviceName: string };
  west: { shopId: number; deviceId: number };
  other: { shopId: number; deviceId: number };
}

async function deviceOf(t: TestApp, where: { companyId: number; shopIn?: number[]; shopNotIn?: number[] }) {
  let query = t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select(['devices.id', 'devices.shop_id', 'devices.device_name', 'stores.store_name'])
    .where('devices.company_id', '=', where.companyId);
  if (where.shopIn) query = query.where('devices.shop_id', 'in', where.shopIn);
  if (where.shopNotIn) query = query.where('devices.shop_id', 'not in', where.shopNotIn);
  return query.orderBy('devices.id').executeTakeFirstOrThrow();
}

/** The places of the tests (demo seed). */
export async function alertPlaces(t: TestApp): Promise<AlertPlaces> {
  const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
  const northwind = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  const harbor = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
  const role = await t.ctx.db
    .selectFrom('roles')
    .select('area_ids')
    .where('company_id', '=', northwind)
    .where('name', '=', '华东运维')
    .executeTakeFirstOrThrow();
  const regions = readIdList(role.area_ids);
  const eastStores = (
    await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', northwind)
      .where('area_level', 'in', regions)
      .execute()
  ).map((s) => s.id);
  const east = await deviceOf(t, { companyId: northwind, shopIn: eastStores });
  const west = await deviceOf(t, { companyId: northwind, shopNotIn: eastStores });
  const other = await deviceOf(t, { companyId: harbor });
  return {
    northwind,
    harbor,
    east: {
      shopId: east.shop_id,
      deviceId: east.id,
      storeName: east.store_name,
      deviceName: east.device_name ?? '',
    },
    west: { shopId: west.shop_id, deviceId: west.id },
    other: { shopId: other.shop_id, deviceId: other.id },
  };
}

let ruleSeq = 900_000;

/** Writes an alert record of `device` (open unless `recoveredAt`); returns its id. */
export async function insertRecord(
  t: TestApp,
  device: { shopId: number; deviceId: number },
  companyId: number,
  record: { name: string; severity: number; at: number; recoveredAt?: number },
): Promise<number> {
  ruleSeq += 1;
  const row = await t.ctx.db
    .insertInto('alert_records')
    .values({
      uuid: randomUUID(),
      company_id: companyId,
      rule_id: ruleSeq,
      device_id: device.deviceId,
      shop_id: device.shopId,
      name: record.name,
      severity: record.severity,
      item: 'online',
      trigger_value: 0,
      value: 0,
      alert_time: record.at,
      recovery_time: record.recoveredAt ?? null,
      status: record.recoveredAt === undefined ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an online transition of `deviceId`. */
export async function insertTransition(t: TestApp, deviceId: number, status: 0 | 1, at: number) {
  await t.ctx.db
    .insertInto('device_online_events')
    .values({ device_id: deviceId, status, at, cause: 'sweep' })
    .execute();
}
