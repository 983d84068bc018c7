/**
 * SQL behind the device page's alert calls: the devices in scope carrying a hostid (listAlertsRule)
 * and one device's alert records, newest first (listAlertsHistory).
 */
import type { Kysely, Selectable } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type { AlertRecordsTable } from '../../db/tables/alerts';

/** Ids of the devices inside `scope` whose hostid is `hostid` (a hostid is not unique), lowest first. */
export async function listDeviceIdsByHostid(db: Kysely<DB>, scope: Scope, hostid: string): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select('devices.id')
    .where('devices.hostid', '=', hostid)
    .where((eb) => storeInScope(eb, scope))
    .orderBy('devices.id')
    .limit(2)
    .execute();
  return rows.map((row) => row.id);
}

/** One page of the device's alert records (newest first) and the total. */
export async function listDeviceAlertRecords(
  db: Kysely<DB>,
  deviceId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: Array<Selectable<AlertRecordsTable>>; total: number }> {
  const query = db.selectFrom('alert_records').where('device_id', '=', deviceId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('alert_time', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
