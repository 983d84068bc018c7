/**
 * SQL the ingest benchmark reads from the server's database: the box keys to give the simulator,
 * how many distinct agent values were stored (and whether any twice), and the stored rows themselves
 * for the raw-insert baseline.
 */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../apps/server/src/db/database';
import { openSecret } from '../../apps/server/src/secrets/secret-box';
import type { SecretKeyRing } from '../../apps/server/src/secrets/secret-keys';

/** The security keys of every enabled box (one simulated box each), opened with the servers' key. */
export async function listBoxKeys(db: Kysely<DB>, secrets: SecretKeyRing): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('security_key')
    .where('product_id', '=', 1)
    .where('state', '<>', 2)
    .where('security_key', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) =>
    row.security_key ? [openSecret(secrets, 'devices.security_key', row.security_key)] : [],
  );
}

export interface StoredValues {
  /** Distinct (reporter, device, seq) across raw history and syslog: one per stored agent value. */
  values: number;
  metricRows: number;
  syslogRows: number;
  /** Values stored more than once (same item of the same value twice, or one syslog value twice). */
  twice: number;
}

/** What ingest stored, counted by agent value. */
export async function countStoredValues(db: Kysely<DB>): Promise<StoredValues> {
  const one = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  const values = await one(sql<{ n: number }>`select count(*) as n from (
      select reporter_id, device_id, seq from device_metrics
      union select reporter_id, device_id, seq from device_syslogs) as stored`);
  const metricRows = await one(sql<{ n: number }>`select count(*) as n from device_metrics`);
  const syslogRows = await one(sql<{ n: number }>`select count(*) as n from device_syslogs`);
  const twiceMetrics = await one(sql<{ n: number }>`select count(*) as n from (
      select 1 as x from device_metrics group by reporter_id, device_id, seq, item having count(*) > 1) as d`);
  const twiceSyslogs = await one(sql<{ n: number }>`select count(*) as n from (
      select 1 as x from device_syslogs group by reporter_id, device_id, seq having count(*) > 1) as d`);
  return { values, metricRows, syslogRows, twice: twiceMetrics + twiceSyslogs };
}

/** A raw history row as stored, in column order of the baseline's insert. */
export type MetricTuple = [
  device_id: number,
  reporter_id: number,
  seq: number,
  item: string,
  clock: number,
  value_num: number | null,
  value_text: string | null,
];
/** A syslog row as stored, in column order of the baseline's insert. */
export type SyslogTuple = [
  device_id: number,
  reporter_id: number,
  seq: number,
  host_ip: string,
  log_level: string | null,
  log_priority: number | null,
  log_datetime: number,
  log_message: string,
  log_content: string,
  log_uuid: string,
  format: string,
  app: string | null,
  hostname: string | null,
];

export const METRIC_COLUMNS = [
  'device_id',
  'reporter_id',
  'seq',
  'item',
  'clock',
  'value_num',
  'value_text',
] as const;
export const SYSLOG_COLUMNS = [
  'device_id',
  'reporter_id',
  'seq',
  'host_ip',
  'log_level',
  'log_priority',
  'log_datetime',
  'log_message',
  'log_content',
  'log_uuid',
  'format',
  'app',
  'hostname',
] as const;

/** Every stored raw history row, per reporter in seq order (the order the box sent them). */
export async function readMetricRows(db: Kysely<DB>): Promise<MetricTuple[]> {
  const rows = await db
    .selectFrom('device_metrics')
    .select([...METRIC_COLUMNS])
    .orderBy('reporter_id')
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return rows.map((r) => [
    r.device_id,
    r.reporter_id,
    Number(r.seq),
    r.item,
    Number(r.clock),
    r.value_num,
    r.value_text,
  ]);
}

/** Every stored syslog row, per reporter in seq order. */
export async function readSyslogRows(db: Kysely<DB>): Promise<SyslogTuple[]> {
  const rows = await db
    .selectFrom('device_syslogs')
    .select([...SYSLOG_COLUMNS])
    .orderBy('reporter_id')
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return rows.map((r) => [
    r.device_id,
    r.reporter_id,
    Number(r.seq),
    r.host_ip,
    r.log_level,
    r.log_priority,
    Number(r.log_datetime),
    r.log_message,
    r.log_content,
    r.log_uuid,
    r.format,
    r.app,
    r.hostname,
  ]);
}
