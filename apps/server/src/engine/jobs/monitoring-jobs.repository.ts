/** SQL of the periodic monitoring jobs: offline sweep, hourly roll-up (retention: history-retention.repository.ts). */
import { OnlineStatus } from '@storefleet/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import { ALERT_DEVICE_COLUMNS, type AlertDevice } from '../alerting/alert-evaluation';

const HOUR = 3_600_000;

/** A device the offline sweep looks at, with what alert rules match on. */
export interface SilentDevice extends AlertDevice {
  last_seen_at: number | null;
}

/** Devices still marked online whose last sign of life is before `cutoff` (or that never had one). */
export async function listSilentOnlineDevices(db: Kysely<DB>, cutoff: number): Promise<SilentDevice[]> {
  return db
    .selectFrom('devices')
    .select([...ALERT_DEVICE_COLUMNS, 'last_seen_at'])
    .where('online_status', '=', OnlineStatus.ONLINE)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', cutoff)]))
    .orderBy('id')
    .execute();
}

/**
 * Marks silent devices offline at `at`, each with its transition, in the caller's transaction —
 * except those ingest saw since the sweep read them (online no more, or another last_seen_at). The
 * rows are re-read locked (PostgreSQL; SQLite transactions are serial), so ingest cannot slip in
 * between the check and the update. Returns the devices it marked.
 */
export async function markDevicesOffline<D extends { id: number; last_seen_at: number | null }>(
  trx: Transaction<DB>,
  dialect: DialectName,
  devices: readonly D[],
  at: number,
): Promise<D[]> {
  if (devices.length === 0) return [];
  const current = await trx
    .selectFrom('devices')
    .select(['id', 'online_status', 'last_seen_at'])
    .where(
      'id',
      'in',
      devices.map((d) => d.id),
    )
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  const now = new Map(current.map((row) => [row.id, row]));
  const silent = devices.filter((device) => {
    const row = now.get(device.id);
    return (
      row !== undefined &&
      row.online_status === OnlineStatus.ONLINE &&
      row.last_seen_at === device.last_seen_at
    );
  });
  if (silent.length === 0) return [];
  await trx
    .updateTable('devices')
    .set({ online_status: OnlineStatus.OFFLINE, latest_offline_time: at })
    .where(
      'id',
      'in',
      silent.map((d) => d.id),
    )
    .execute();
  await trx
    .insertInto('device_online_events')
    .values(silent.map((d) => ({ device_id: d.id, status: OnlineStatus.OFFLINE, at, cause: 'sweep' })))
    .execute();
  return silent;
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
