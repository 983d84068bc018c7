/**
 * Alert notifications. The alert records are the outbox: `open_notified_at` / `recovery_notified_at`
 * (null = not handled yet) and `last_notified_at` + `notified_repeats` (repeat notices) say what the
 * notifier has queued for them. `alert_deliveries` is the queue and the log: one row per message to one
 * recipient on one channel, never queued twice (unique `dedupe_key`). `notification_channels` keeps a
 * company's SMTP and HTTP-provider settings and hourly caps as one JSON document.
 * Records that exist before this migration count as handled, so an upgrade does not send old alerts.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  for (const column of ['open_notified_at', 'recovery_notified_at', 'last_notified_at']) {
    await db.schema.alterTable('alert_records').addColumn(column, at).execute();
  }
  await db.schema
    .alterTable('alert_records')
    .addColumn('notified_repeats', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update alert_records set open_notified_at = alert_time, last_notified_at = alert_time`.execute(
    db,
  );
  await sql`update alert_records set recovery_notified_at = recovery_time where status = 1`.execute(db);
  // What the notifier looks for on every run: records not handled yet.
  await db.schema
    .createIndex('alert_records_open_unnotified')
    .on('alert_records')
    .column('id')
    .where(sql<boolean>`open_notified_at is null`)
    .execute();
  await db.schema
    .createIndex('alert_records_recovery_unnotified')
    .on('alert_records')
    .column('id')
    .where(sql<boolean>`status = 1 and recovery_notified_at is null`)
    .execute();

  await tableWithId(db, dialect, 'alert_deliveries')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('repeat_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', at, (c) => c.notNull())
    .addColumn('lease_until', at)
    .addColumn('last_error', 'text')
    .addColumn('summary_id', 'integer')
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('sent_at', at)
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due')
    .on('alert_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('alert_deliveries_record').on('alert_deliveries').column('record_id').execute();
  await db.schema
    .createIndex('alert_deliveries_sender_time')
    .on('alert_deliveries')
    .columns(['sender_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_company_time')
    .on('alert_deliveries')
    .columns(['company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_channels')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .addColumn('update_by', 'text')
    .execute();
}
