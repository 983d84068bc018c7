/**
 * The alert overview (issue 11 "Pages"): who acknowledged an alert record, when and with what note,
 * and who closed it by hand and when (a closed record is ended: status 1 with recovery_time = the
 * close time, `closed_by`/`closed_at` telling it from a recovery). Indexes for the company-wide lists:
 * records by company, status and time (open first, newest first); online transitions by time (the
 * monitor log reads them company-wide, not per device).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await db.schema.alterTable('alert_records').addColumn('acknowledged_by', 'text').execute();
  await db.schema.alterTable('alert_records').addColumn('acknowledged_at', at).execute();
  await db.schema.alterTable('alert_records').addColumn('ack_note', 'text').execute();
  await db.schema.alterTable('alert_records').addColumn('closed_by', 'text').execute();
  await db.schema.alterTable('alert_records').addColumn('closed_at', at).execute();
  await db.schema
    .createIndex('alert_records_company_status_time')
    .on('alert_records')
    .columns(['company_id', 'status', 'alert_time'])
    .execute();
  await db.schema.createIndex('device_online_events_at').on('device_online_events').column('at').execute();
}
