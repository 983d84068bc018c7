/**
 * The monitoring pipeline's tables: raw history, hourly roll-ups, online transitions, device syslog,
 * dedupe marks and last values. Device ids are not foreign keys on the high-volume tables on purpose:
 * a deleted device's history is removed by retention, and ingest stays one insert per row.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  // seq starts at unix ms × 1000 (~1.7e15): beyond 32 bits everywhere.
  const big = instant(dialect);
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  await tableWithId(db, dialect, 'device_metrics')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('seq', big, (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('clock', at, (c) => c.notNull())
    .addColumn('value_num', real)
    .addColumn('value_text', 'text')
    .execute();
  await db.schema
    .createIndex('device_metrics_device_item_clock')
    .on('device_metrics')
    .columns(['device_id', 'item', 'clock'])
    .execute();
  await db.schema.createIndex('device_metrics_clock').on('device_metrics').column('clock').execute();

  await db.schema
    .createTable('device_metric_hourly')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('hour', at, (c) => c.notNull())
    .addColumn('min_value', real, (c) => c.notNull())
    .addColumn('avg_value', real, (c) => c.notNull())
    .addColumn('max_value', real, (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_metric_hourly_pk', ['device_id', 'item', 'hour'])
    .execute();
  await db.schema
    .createIndex('device_metric_hourly_hour')
    .on('device_metric_hourly')
    .column('hour')
    .execute();

  await tableWithId(db, dialect, 'device_online_events')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('at', at, (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_online_events_device_at')
    .on('device_online_events')
    .columns(['device_id', 'at'])
    .execute();

  await tableWithId(db, dialect, 'device_syslogs')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('seq', big, (c) => c.notNull())
    .addColumn('host_ip', 'text', (c) => c.notNull())
    .addColumn('log_level', 'text')
    .addColumn('log_priority', 'integer')
    .addColumn('log_datetime', at, (c) => c.notNull())
    .addColumn('log_message', 'text', (c) => c.notNull())
    .addColumn('log_content', 'text', (c) => c.notNull())
    .addColumn('log_uuid', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('app', 'text')
    .addColumn('hostname', 'text')
    .execute();
  await db.schema
    .createIndex('device_syslogs_device_datetime')
    .on('device_syslogs')
    .columns(['device_id', 'log_datetime'])
    .execute();
  await db.schema
    .createIndex('device_syslogs_datetime')
    .on('device_syslogs')
    .column('log_datetime')
    .execute();

  await db.schema
    .createTable('device_seq')
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('seq', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('device_seq_pk', ['reporter_id', 'device_id'])
    .execute();

  await db.schema
    .createTable('device_latest')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('clock', at, (c) => c.notNull())
    .addColumn('value_num', real)
    .addColumn('value_text', 'text')
    .addPrimaryKeyConstraint('device_latest_pk', ['device_id', 'item'])
    .execute();
}
