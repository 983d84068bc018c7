/**
 * SQL of one ingest transaction: dedupe marks, raw rows, last values, syslog rows and the online
 * bookkeeping of the devices row. Every function takes the transaction (`trx`) the caller opened.
 */
import { CompiledQuery, sql } from 'kysely';

import { bulkInsert, insertText, sqliteStatementSizes } from '../../db/bulk-insert';
import type { DialectName } from '../../db/database';
import type { DeviceLatestTable, DeviceSyslogsTable } from '../../db/tables/monitoring';
import type { Trx } from '../../db/trx';
import { ALERT_DEVICE_COLUMNS, type AlertDevice } from '../alerting/alert-evaluation';
import type { MetricItemKey } from './metric-items';

type NewSyslog = Omit<DeviceSyslogsTable, 'id'>;

/** The columns ingest needs of a device the values are about (alert rules match on the first ones). */
export interface IngestDevice extends AlertDevice {
  online_status: number;
  device_online_time: number | null;
  first_online_time: number | null;
  latest_offline_time: number | null;
  last_seen_at: number | null;
}

/** The online columns ingest (and the sweep) write. */
export type OnlineState = Pick<
  IngestDevice,
  'id' | 'online_status' | 'device_online_time' | 'first_online_time' | 'latest_offline_time' | 'last_seen_at'
>;

/** The online columns of a device row (besides its id) that ingest and the sweep write. */
export const ONLINE_COLUMNS = [
  'online_status',
  'device_online_time',
  'first_online_time',
  'latest_offline_time',
  'last_seen_at',
] as const satisfies ReadonlyArray<keyof OnlineState>;

const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Devices by id, locked for the transaction on PostgreSQL (SQLite transactions are serial anyway). */
export async function lockIngestDevices(
  trx: Trx,
  dialect: DialectName,
  ids: readonly number[],
): Promise<IngestDevice[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('devices')
    .select([...ALERT_DEVICE_COLUMNS, ...ONLINE_COLUMNS])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
}

/**
 * The highest committed seq per device of `reporterId`, with the mark rows locked: two links of one
 * box (the replaced one still committing) cannot both store the same value.
 */
export async function lockSeqMarks(
  trx: Trx,
  dialect: DialectName,
  reporterId: number,
  deviceIds: readonly number[],
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  await trx
    .insertInto('device_seq')
    .values(deviceIds.map((device_id) => ({ reporter_id: reporterId, device_id, seq: 0 })))
    .onConflict((oc) => oc.columns(['reporter_id', 'device_id']).doNothing())
    .execute();
  const rows = await trx
    .selectFrom('device_seq')
    .select(['device_id', 'seq'])
    .where('reporter_id', '=', reporterId)
    .where('device_id', 'in', [...deviceIds])
    .orderBy('device_id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  return new Map(rows.map((row) => [row.device_id, Number(row.seq)]));
}

/**
 * Raises the marks to the highest seq stored in this transaction. PostgreSQL: one statement for the
 * whole batch (a round trip per device made a box's minute of values a dozen more statements, and at
 * 10,000 stores those round trips, not the work, bounded what one node committed); SQLite: a statement
 * per device (local calls, kept prepared).
 */
export async function saveSeqMarks(
  trx: Trx,
  dialect: DialectName,
  reporterId: number,
  marks: ReadonlyMap<number, number>,
): Promise<void> {
  if (marks.size === 0) return;
  if (dialect === 'postgres') {
    const ids = [...marks.keys()];
    const seqs = [...marks.values()];
    await trx
      .updateTable('device_seq')
      .from(
        sql<{
          device_id: number;
          seq: number;
        }>`(select unnest(${ids}::integer[]) as device_id, unnest(${seqs}::bigint[]) as seq)`.as('raised'),
      )
      .set((eb) => ({ seq: eb.ref('raised.seq') }))
      .where('device_seq.reporter_id', '=', reporterId)
      .whereRef('device_seq.device_id', '=', 'raised.device_id')
      .whereRef('device_seq.seq', '<', 'raised.seq')
      .execute();
    return;
  }
  for (const [deviceId, seq] of marks) {
    await trx
      .updateTable('device_seq')
      .set({ seq })
      .where('reporter_id', '=', reporterId)
      .where('device_id', '=', deviceId)
      .where('seq', '<', seq)
      .execute();
  }
}

const METRIC_COLUMNS = [
  'device_id',
  'reporter_id',
  'seq',
  'item',
  'clock',
  'value_num',
  'value_text',
] as const;
const SYSLOG_COLUMNS = [
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
const LATEST_COLUMNS = ['device_id', 'item', 'clock', 'value_num', 'value_text'] as const;

/**
 * Raw history rows of one batch, column by column: a store's batch of 1000 values makes ~6000 rows, and
 * building an object per row (then reading it back per column) was a tenth of ingest's JavaScript time.
 */
export class MetricRows {
  readonly deviceId: number[] = [];
  readonly reporterId: number[] = [];
  readonly seq: number[] = [];
  readonly item: string[] = [];
  readonly clock: number[] = [];
  readonly valueNum: Array<number | null> = [];
  readonly valueText: Array<string | null> = [];

  get length(): number {
    return this.deviceId.length;
  }

  push(
    deviceId: number,
    reporterId: number,
    seq: number,
    item: string,
    clock: number,
    valueNum: number | null,
    valueText: string | null,
  ): void {
    this.deviceId.push(deviceId);
    this.reporterId.push(reporterId);
    this.seq.push(seq);
    this.item.push(item);
    this.clock.push(clock);
    this.valueNum.push(valueNum);
    this.valueText.push(valueText);
  }
}

/**
 * Appends raw history rows, many per statement. On PostgreSQL the rows travel as one array per column
 * read by unnest: 7 parameters instead of 7 per row, so the driver builds no 40,000-parameter message
 * (half the client CPU, and far less garbage: the server stayed under 400 MB in bench/ingest.ts).
 */
export async function insertMetrics(trx: Trx, dialect: DialectName, rows: MetricRows): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    await sql`insert into device_metrics (device_id, reporter_id, seq, item, clock, value_num, value_text)
      select * from unnest(${rows.deviceId}::integer[], ${rows.reporterId}::integer[],
        ${rows.seq}::bigint[], ${rows.item}::text[], ${rows.clock}::bigint[],
        ${rows.valueNum}::double precision[], ${rows.valueText}::text[])`.execute(trx);
    return;
  }
  let start = 0;
  for (const size of sqliteStatementSizes(rows.length)) {
    const params: unknown[] = new Array(size * METRIC_COLUMNS.length);
    let p = 0;
    for (let r = start; r < start + size; r++) {
      params[p++] = rows.deviceId[r];
      params[p++] = rows.reporterId[r];
      params[p++] = rows.seq[r];
      params[p++] = rows.item[r];
      params[p++] = rows.clock[r];
      params[p++] = rows.valueNum[r];
      params[p++] = rows.valueText[r];
    }
    start += size;
    await trx.executeQuery(
      CompiledQuery.raw(insertText(dialect, 'device_metrics', METRIC_COLUMNS, size, ''), params),
    );
  }
}

/** Appends syslog rows, many per statement. */
export async function insertSyslogs(
  trx: Trx,
  dialect: DialectName,
  rows: readonly NewSyslog[],
): Promise<void> {
  await bulkInsert(trx, dialect, 'device_syslogs', SYSLOG_COLUMNS, rows);
}

/** Sets the last value of each (device, item); rows must be unique per (device, item). */
export async function upsertLatest(
  trx: Trx,
  dialect: DialectName,
  rows: readonly DeviceLatestTable[],
): Promise<void> {
  await bulkInsert(
    trx,
    dialect,
    'device_latest',
    LATEST_COLUMNS,
    rows,
    ' on conflict ("device_id","item") do update set "clock" = excluded."clock", "value_num" = excluded."value_num", "value_text" = excluded."value_text"',
  );
}

/**
 * Writes the online columns of changed devices: all of them for the devices in `transitioned`, only
 * last_seen_at for the others (so a batch that changes no status leaves the columns the device list
 * counts by untouched, and their cached counts valid: db/write-watch.ts). PostgreSQL: one statement
 * for each of the two kinds (see saveSeqMarks); SQLite: a statement per device.
 */
export async function saveOnlineStates(
  trx: Trx,
  dialect: DialectName,
  states: readonly OnlineState[],
  transitioned: ReadonlySet<number>,
): Promise<void> {
  if (dialect !== 'postgres') {
    for (const { id, ...columns } of states) {
      const changes = transitioned.has(id) ? columns : { last_seen_at: columns.last_seen_at };
      await trx.updateTable('devices').set(changes).where('id', '=', id).execute();
    }
    return;
  }
  const seen = states.filter((s) => !transitioned.has(s.id));
  if (seen.length > 0) {
    await trx
      .updateTable('devices')
      .from(
        sql<{
          id: number;
          last_seen_at: number | null;
        }>`(select unnest(${seen.map((s) => s.id)}::integer[]) as id, unnest(${seen.map((s) => s.last_seen_at)}::bigint[]) as last_seen_at)`.as(
          'seen',
        ),
      )
      .set((eb) => ({ last_seen_at: eb.ref('seen.last_seen_at') }))
      .whereRef('devices.id', '=', 'seen.id')
      .execute();
  }
  const changed = states.filter((s) => transitioned.has(s.id));
  if (changed.length > 0) {
    const column = (pick: (s: OnlineState) => number | null) => changed.map(pick);
    await trx
      .updateTable('devices')
      .from(
        sql<OnlineState>`(select unnest(${column((s) => s.id)}::integer[]) as id, unnest(${column((s) => s.online_status)}::integer[]) as online_status, unnest(${column((s) => s.device_online_time)}::bigint[]) as device_online_time, unnest(${column((s) => s.first_online_time)}::bigint[]) as first_online_time, unnest(${column((s) => s.latest_offline_time)}::bigint[]) as latest_offline_time, unnest(${column((s) => s.last_seen_at)}::bigint[]) as last_seen_at)`.as(
          'changed',
        ),
      )
      .set((eb) => ({
        online_status: eb.ref('changed.online_status'),
        device_online_time: eb.ref('changed.device_online_time'),
        first_online_time: eb.ref('changed.first_online_time'),
        latest_offline_time: eb.ref('changed.latest_offline_time'),
        last_seen_at: eb.ref('changed.last_seen_at'),
      }))
      .whereRef('devices.id', '=', 'changed.id')
      .execute();
  }
}

/**
 * Adds `count` to the reporter's total of values set aside (set-aside.ts): its last value, and a history
 * point with the new total. Server-made, so the history row has seq 0 (no agent value has it). Returns
 * the new total.
 */
export async function addSetAsideCount(
  trx: Trx,
  reporterId: number,
  count: number,
  at: number,
): Promise<number> {
  const item: MetricItemKey = 'ingest.setAside';
  const row = await trx
    .insertInto('device_latest')
    .values({ device_id: reporterId, item, clock: at, value_num: count, value_text: null })
    .onConflict((oc) =>
      oc.columns(['device_id', 'item']).doUpdateSet({
        clock: at,
        value_num: sql<number>`coalesce(${sql.ref('device_latest.value_num')}, 0) + ${count}`,
      }),
    )
    .returning('value_num')
    .executeTakeFirstOrThrow();
  const total = Number(row.value_num);
  await trx
    .insertInto('device_metrics')
    .values({
      device_id: reporterId,
      reporter_id: reporterId,
      seq: 0,
      item,
      clock: at,
      value_num: total,
      value_text: null,
    })
    .execute();
  return total;
}

/** Records online/offline transitions. */
export async function insertOnlineEvents(
  trx: Trx,
  events: ReadonlyArray<{ device_id: number; status: number; at: number; cause: string }>,
): Promise<void> {
  for (const chunk of chunks(events)) await trx.insertInto('device_online_events').values(chunk).execute();
}
