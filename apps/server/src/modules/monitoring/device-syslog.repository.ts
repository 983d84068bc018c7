/** SQL behind listDeviceLog: one device's syslog lines in a time range, newest first. */
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { DeviceSyslogsTable } from '../../db/tables/monitoring';

export interface SyslogRange {
  from: number | null;
  to: number | null;
}

/** One page of a device's syslog in `range` (inclusive), and the total. */
export async function listDeviceSyslogs(
  db: Kysely<DB>,
  deviceId: number,
  range: SyslogRange,
  window: { limit: number; offset: number },
): Promise<{ rows: Array<Selectable<DeviceSyslogsTable>>; total: number }> {
  let query = db.selectFrom('device_syslogs').where('device_id', '=', deviceId);
  if (range.from !== null) query = query.where('log_datetime', '>=', range.from);
  if (range.to !== null) query = query.where('log_datetime', '<=', range.to);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('log_datetime', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { rows, total: Number(count.total) };
}
