/** SQL of the periodic monitoring jobs: offline sweep, hourly roll-up, retention. */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/database';

const HOUR = 3_600_000;

/** Devices still marked online whose last sign of life is before `cutoff` (or that never had one). */
export async function listSilentOnlineDevices(
  db: Kysely<DB>,
  cutoff: number,
): Promise<Array<{ id: number; company_id: number; shop_id: number; last_seen_at: number | null }>> {
  return db
    .selectFrom('devices')
    .select(['id', 'company_id', 'shop_id', 'last_seen_at'])
    .where('online_status', '=', 1)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', cutoff)]))
    .execute();
}

/**
 * Marks one silent device offline at `at` with its transition, unless ingest saw it since the sweep
 * read it (same last_seen_at). Returns whether it changed.
 */
export async function markDeviceOffline(
  db: Kysely<DB>,
  device: { id: number; last_seen_at: number | null },
  at: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('devices')
      .set({ online_status: 0, latest_offline_time: at })
      .where('id', '=', device.id)
      .where('online_status', '=', 1)
      .where((eb) =>
        device.last_seen_at === null
          ? eb('last_seen_at', 'is', null)
          : eb('last_seen_at', '=', device.last_seen_at),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('device_online_events')
      .values({ device_id: device.id, status: 0, at, cause: 'sweep' })
      .execute();
    return true;
  });
}

/** Start of the newest hour already rolled up, if any. */
export async function latestRolledHour(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('device_metric_hourly')
    .select((eb) => eb.fn.max('hour').as('hour'))
    .executeTakeFirst();
  return row?.hour === null || row?.hour === undefined ? null : Number(row.hour);
}

/** Oldest raw sample time, if any. */
export async function oldestMetricClock(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('device_metrics')
    .select((eb) => eb.fn.min('clock').as('clock'))
    .executeTakeFirst();
  return row?.clock === null || row?.clock === undefined ? null : Number(row.clock);
}

/** (Re)computes hourly min/avg/max of numeric samples with clock in [from, to) — idempotent. */
export async function rollUpHours(db: Kysely<DB>, from: number, to: number): Promise<void> {
  const hour = sql<number>`(${sql.ref('clock')} / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}`;
  await db
    .insertInto('device_metric_hourly')
    .columns(['device_id', 'item', 'hour', 'min_value', 'avg_value', 'max_value', 'samples'])
    .expression(
      db
        .selectFrom('device_metrics')
        .select((eb) => [
          'device_id',
          'item',
          hour.as('hour'),
          eb.fn.min<number>('value_num').as('min_value'),
          eb.fn.avg<number>('value_num').as('avg_value'),
          eb.fn.max<number>('value_num').as('max_value'),
          eb.fn.countAll<number>().as('samples'),
        ])
        .where('clock', '>=', from)
        .where('clock', '<', to)
        .where('value_num', 'is not', null)
        .groupBy(['device_id', 'item', hour]),
    )
    .onConflict((oc) =>
      oc.columns(['device_id', 'item', 'hour']).doUpdateSet((eb) => ({
        min_value: eb.ref('excluded.min_value'),
        avg_value: eb.ref('excluded.avg_value'),
        max_value: eb.ref('excluded.max_value'),
        samples: eb.ref('excluded.samples'),
      })),
    )
    .execute();
}

/** Every company id (retention runs per company, with its own periods). */
export async function listCompanyIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('companies').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export interface RetentionCutoffs {
  metrics: number;
  hourly: number;
  syslogs: number;
}

/** Deletes one company's raw samples, roll-ups and syslog older than their cutoffs (epoch ms). */
export async function deleteExpiredHistory(
  db: Kysely<DB>,
  companyId: number,
  cutoffs: RetentionCutoffs,
): Promise<{ metrics: number; syslogs: number; hourly: number }> {
  const devicesOfCompany = db
    .selectFrom('devices')
    .select('devices.id')
    .where('devices.company_id', '=', companyId);
  const metrics = await db
    .deleteFrom('device_metrics')
    .where('clock', '<', cutoffs.metrics)
    .where('device_id', 'in', devicesOfCompany)
    .executeTakeFirst();
  const syslogs = await db
    .deleteFrom('device_syslogs')
    .where('log_datetime', '<', cutoffs.syslogs)
    .where('device_id', 'in', devicesOfCompany)
    .executeTakeFirst();
  const hourly = await db
    .deleteFrom('device_metric_hourly')
    .where('hour', '<', cutoffs.hourly)
    .where('device_id', 'in', devicesOfCompany)
    .executeTakeFirst();
  return {
    metrics: Number(metrics.numDeletedRows),
    syslogs: Number(syslogs.numDeletedRows),
    hourly: Number(hourly.numDeletedRows),
  };
}
