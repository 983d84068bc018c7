/**
 * Problems first (issue 10): the device lists open with offline devices, then alerting ones, then the
 * rest. Two columns on `devices`:
 * - `open_alerts`: how many open alert records (status 0) the device has. Alerting owns it: it is
 *   recomputed in the transaction that opens or recovers records (engine/alerting, and the alert-rules
 *   module when a rule is disabled or deleted). Backfilled here from alert_records.
 * - `problem_rank`: 2 offline (monitored, not disabled, online_status 0), 1 alerting (monitored, not
 *   disabled, open_alerts > 0), 0 the rest. Generated from the row, so every writer of online_status,
 *   monitored, state or open_alerts keeps it right without knowing it exists (SQLite: virtual, indexed;
 *   PostgreSQL: stored).
 * The default list order is `problem_rank desc, id desc` inside the company: (company_id, problem_rank,
 * id) gives the page's ids straight off the index from either end.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';

// Frozen values (contracts): DeviceState.DISABLED = 2, OnlineStatus.OFFLINE = 0, AlertRecordStatus.UNRESOLVED = 0.
const PROBLEM_RANK = sql`case when monitored = 1 and state <> 2 and online_status = 0 then 2 when monitored = 1 and state <> 2 and open_alerts > 0 then 1 else 0 end`;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('open_alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update devices set open_alerts = (select count(*) from alert_records where alert_records.device_id = devices.id and alert_records.status = 0)`.execute(
    db,
  );
  await db.schema
    .alterTable('devices')
    .addColumn('problem_rank', 'integer', (c) => {
      const generated = c.generatedAlwaysAs(PROBLEM_RANK);
      return dialect === 'postgres' ? generated.stored() : generated;
    })
    .execute();
  await db.schema
    .createIndex('devices_company_problems')
    .on('devices')
    .columns(['company_id', 'problem_rank', 'id'])
    .execute();
}
