/** SQL behind listAlertsHistory: one device's alert records, newest first. */
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { AlertRecordsTable } from '../../db/tables/alerts';

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
