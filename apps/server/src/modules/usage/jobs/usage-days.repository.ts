/**
 * The owning repository of `device_usage_days` (issue 13, docs/decisions/usage.md): storing computed
 * usage rows (usage-days-compute.repository.ts) and given ones, with their run columns and their sums
 * per city (usage-days-cities.repository.ts) in the same transaction, and the reads other modules need
 * (the device list's latest rate). It lives in the engine because the daily job (usage-daily.ts) writes
 * the table and the engine never imports modules; modules reach it through
 * modules/usage/device-usage.repository.ts.
 *
 * Two ways to write, both exact:
 * - appending a day (the daily job, every night): no stored row of the batch's devices on or after the
 *   day. Each row's run columns come from the device's row of the day before (a primary-key seek), the
 *   rows go in with a plain INSERT, and their sums are added — three statements over the batch, kept
 *   in a temporary table (`usage_batch`) so the computation runs once.
 * - replacing rows anywhere (a re-run, a catch-up of several days per statement, rows given by the demo
 *   or a test, a day removed): the sums of the devices' rows from the first day on are taken away, the
 *   rows written, the run columns of those rows worked out again from the device's row before them
 *   (usage-days-runs.repository.ts), and the sums added back.
 */
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB, DialectName } from '../../../db/database';
import { addDays } from './usage-days';
import { addCityDays, dropEmptyCityDays } from './usage-days-cities.repository';
import {
  computedDays,
  type DeviceUsageDay,
  deviceRange,
  type UsageComputation,
  usageRowsSelect,
} from './usage-days-compute.repository';
import { listDeviceBatchBounds } from './usage-days-inputs.repository';
import { rechainUsageDays } from './usage-days-runs.repository';

/** The largest device id (ids are 32-bit integers on PostgreSQL). */
const ALL_DEVICES_UPTO = 2_147_483_647;

/** The columns of a stored usage row as modules read it (its run columns left out). */
export const USAGE_DAY_COLUMNS = [
  'device_id',
  'statistics_date',
  'company_id',
  'shop_id',
  'product_id',
  'device_category',
  'device_class',
  'online_ms',
  'offline_ms',
  'base_ms',
  'usage_rate',
  'computed_at',
] as const;

export {
  ALL_DEVICES,
  computeUsageDays,
  type DeviceUsageDay,
  type UsageComputation,
  type UsageDevices,
  usageRowsSelect,
} from './usage-days-compute.repository';

const COLUMNS = sql.raw(
  'device_id, statistics_date, company_id, shop_id, product_id, device_category, device_class, ' +
    'online_ms, offline_ms, base_ms, usage_rate, computed_at',
);
const REPLACE = sql.raw(
  'on conflict (device_id, statistics_date) do update set company_id = excluded.company_id, ' +
    'shop_id = excluded.shop_id, product_id = excluded.product_id, ' +
    'device_category = excluded.device_category, device_class = excluded.device_class, ' +
    'online_ms = excluded.online_ms, offline_ms = excluded.offline_ms, base_ms = excluded.base_ms, ' +
    'usage_rate = excluded.usage_rate, computed_at = excluded.computed_at',
);

/**
 * PostgreSQL settings of a write transaction: JIT off (compiling the computation's ~50 expressions cost
 * 100–170 ms a statement, more than running it on 20,000 devices), work_mem raised so the window's sort
 * and the aggregates stay in memory (4 MB spilled to disk), no wait for the WAL flush at commit
 * (synchronous_commit off: a crash may lose the last batches, which the job computes again — see
 * usage-daily.ts).
 */
async function settings(db: Kysely<DB>, dialect: DialectName | null): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`set local jit = off`.execute(db);
  await sql`set local work_mem = '64MB'`.execute(db);
  await sql`set local synchronous_commit = off`.execute(db);
}

/**
 * Runs `work` in a transaction of its own with the job's settings, or in the caller's transaction as it
 * is (the demo seed writes its history in one: see analyzeUsageInputs). Exported for bench/usage.ts,
 * whose floor writes under the job's settings.
 */
export async function inUsageTransaction<T>(
  db: Kysely<DB>,
  dialect: DialectName | null,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  if (dialect === 'sqlite') {
    // The job's commits do not wait for the disk (synchronous NORMAL, for this transaction only: the
    // one connection is held until the setting is back): a power loss may take the last batches,
    // which the job computes again (usage-daily.ts marks a day done once every batch is in). BEGIN
    // IMMEDIATE: the transaction reads before it writes, and another process's commit in between would
    // fail the write (SQLITE_BUSY, which no busy timeout waits out).
    return db.connection().execute(async (conn) => {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(conn);
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        await sql`begin immediate`.execute(conn);
        try {
          const result = await work(conn);
          await sql`commit`.execute(conn);
          return result;
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw error;
        }
      } finally {
        await sql.raw(`pragma synchronous = ${Number(rows[0]?.synchronous ?? 2)}`).execute(conn);
      }
    });
  }
  return db.transaction().execute(async (trx) => {
    await settings(trx, dialect);
    return work(trx);
  });
}

/** The job's batch, computed once per statement group: a temporary table (per connection) emptied first. */
async function emptyBatchTable(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  const real = dialect === 'sqlite' ? sql.raw('real') : sql.raw('double precision');
  const end = dialect === 'sqlite' ? sql`` : sql`on commit delete rows`;
  await sql`create temp table if not exists usage_batch (device_id integer not null,
    statistics_date text not null, company_id integer not null, shop_id integer not null,
    product_id integer not null, device_category text, device_class text, online_ms bigint not null,
    offline_ms bigint not null, base_ms bigint not null, usage_rate ${real} not null,
    computed_at bigint not null, run_start integer not null, used_since text not null) ${end}`.execute(db);
  if (dialect === 'sqlite') await sql`delete from usage_batch`.execute(db);
}

const SAME_RUN = sql`p.shop_id = c.shop_id and coalesce(p.device_category, '') = coalesce(c.device_category, '')
  and coalesce(p.device_class, '') = coalesce(c.device_class, '')`;

/**
 * Appends the computed rows of one day (`c`, one day, a batch of devices) when none of its devices has
 * a stored row on or after that day (the daily job's usual run); returns rows written. Run columns from
 * the device's row of the day before; the rows and their sums per city in one transaction.
 */
export async function appendComputedUsageDays(db: Kysely<DB>, c: UsageComputation): Promise<number> {
  const day = c.date;
  return inUsageTransaction(db, c.dialect, async (trx) => {
    await emptyBatchTable(trx, c.dialect);
    await sql`insert into usage_batch (${COLUMNS}, run_start, used_since)
      select c.device_id, c.statistics_date, c.company_id, c.shop_id, c.product_id, c.device_category,
        c.device_class, c.online_ms, c.offline_ms, c.base_ms, c.usage_rate, c.computed_at,
        case when p.device_id is null then (case when exists (select 1 from device_usage_days q
            where q.device_id = c.device_id and q.statistics_date < ${day}) then 2 else 1 end)
          when ${SAME_RUN} then 0 else 2 end,
        case when p.device_id is not null and ${SAME_RUN}
          then (case when p.online_ms > 0 then p.statistics_date else p.used_since end) else '' end
      from (${usageRowsSelect(c)}) c
      left join device_usage_days p on p.device_id = c.device_id and p.statistics_date = ${addDays(day, -1)}`.execute(
      trx,
    );
    // Starts with INSERT INTO so db/write-watch.ts sees the write (the device list's and reports' caches).
    const written = await sql`insert into device_usage_days (${COLUMNS}, run_start, used_since)
      select ${COLUMNS}, run_start, used_since from usage_batch`.execute(trx);
    await addCityDays(trx, 1, sql`usage_batch`);
    return Number(written.numAffectedRows ?? 0);
  });
}

/**
 * The rows of the devices of `devices` (a FROM-able list of `device_id`s) from `from` on, with their
 * run columns and sums kept: takes their sums away, runs `write`, works their run columns out again and
 * adds their sums back, in one transaction.
 */
async function replaceUsageRows(
  db: Kysely<DB>,
  dialect: DialectName | null,
  scope: { companyId: number | null; devices: RawBuilder<unknown>; from: string },
  write: (trx: Kysely<DB>) => Promise<number>,
): Promise<number> {
  const rows = sql`(select u.* from (${scope.devices}) x
    join device_usage_days u on u.device_id = x.device_id and u.statistics_date >= ${scope.from})`;
  return inUsageTransaction(db, dialect, async (trx) => {
    await addCityDays(trx, -1, rows);
    const written = await write(trx);
    await rechainUsageDays(trx, scope.devices, scope.from);
    await addCityDays(trx, 1, rows);
    await dropEmptyCityDays(trx, scope.companyId, scope.from);
    return written;
  });
}

/**
 * Computes and stores (insert or replace) the usage of the devices of `c`, any days; returns rows
 * written. For days that may already be stored or be followed by stored days (a re-run, a catch-up of
 * several days in one statement); appendComputedUsageDays is the cheaper way for a new day.
 */
export async function replaceComputedUsageDays(db: Kysely<DB>, c: UsageComputation): Promise<number> {
  const from = computedDays(c).reduce((first, day) => (day.date < first ? day.date : first), c.date);
  const devices = sql`select d.id as device_id from devices d
    where d.company_id = ${c.companyId} and ${deviceRange(c.devices, 'd.id')}`;
  return replaceUsageRows(db, c.dialect, { companyId: c.companyId, devices, from }, async (trx) => {
    const result =
      await sql`insert into device_usage_days (${COLUMNS}) ${usageRowsSelect(c)} ${REPLACE}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

const ROWS_PER_STATEMENT = 500;
const DEVICES_PER_TRANSACTION = 2000;

/** Stores given rows as they are (demo history, tests); insert or replace per (device, day). */
export async function upsertDeviceUsageDays(db: Kysely<DB>, rows: readonly DeviceUsageDay[]): Promise<void> {
  const byDevice = new Map<number, DeviceUsageDay[]>();
  for (const row of rows) byDevice.set(row.device_id, [...(byDevice.get(row.device_id) ?? []), row]);
  const ids = [...byDevice.keys()];
  for (let i = 0; i < ids.length; i += DEVICES_PER_TRANSACTION) {
    const group = ids.slice(i, i + DEVICES_PER_TRANSACTION);
    const mine = group.flatMap((id) => byDevice.get(id) ?? []);
    const from = mine.reduce(
      (first, row) => (row.statistics_date < first ? row.statistics_date : first),
      '9999',
    );
    const devices = sql`select v.column1 as device_id from (values ${sql.join(
      group.map((id) => sql`(cast(${id} as integer))`),
    )}) v`;
    // Small writes: the database's own settings (null), whichever it is.
    await replaceUsageRows(db, null, { companyId: null, devices, from }, async (trx) => {
      for (let j = 0; j < mine.length; j += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('device_usage_days')
          .values(mine.slice(j, j + ROWS_PER_STATEMENT))
          .onConflict((oc) =>
            oc.columns(['device_id', 'statistics_date']).doUpdateSet((eb) => ({
              company_id: eb.ref('excluded.company_id'),
              shop_id: eb.ref('excluded.shop_id'),
              product_id: eb.ref('excluded.product_id'),
              device_category: eb.ref('excluded.device_category'),
              device_class: eb.ref('excluded.device_class'),
              online_ms: eb.ref('excluded.online_ms'),
              offline_ms: eb.ref('excluded.offline_ms'),
              base_ms: eb.ref('excluded.base_ms'),
              usage_rate: eb.ref('excluded.usage_rate'),
              computed_at: eb.ref('excluded.computed_at'),
            })),
          )
          .execute();
      }
      return mine.length;
    });
  }
}

/**
 * Removes the stored rows of `companyId` on `day` (the usage benchmark starts each timed run of the
 * job from an empty day); their sums go with them, and a later row of the same devices starts its run
 * again. In transactions of `batchSize` devices (all at once by default), yielding between them as the
 * job does. Returns rows removed.
 */
export async function deleteUsageDay(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  day: string,
  batchSize?: number,
): Promise<number> {
  // The company's device batches, the last one open-ended (rows of devices deleted since).
  const bounds = batchSize ? await listDeviceBatchBounds(db, companyId, batchSize) : [];
  let removed = 0;
  let after = 0;
  for (const upto of [...bounds, ALL_DEVICES_UPTO]) {
    if (upto <= after) continue;
    // Before the delete: the devices with rows from that day on; after it, those with rows after it.
    const devices = sql`select distinct u.device_id from device_usage_days u
      where u.company_id = ${companyId} and u.statistics_date >= ${day}
        and u.device_id > ${after} and u.device_id <= ${upto}`;
    const from = after;
    removed += await replaceUsageRows(db, dialect, { companyId, devices, from: day }, async (trx) => {
      const result = await trx
        .deleteFrom('device_usage_days')
        .where('company_id', '=', companyId)
        .where('statistics_date', '=', day)
        .where('device_id', '>', from)
        .where('device_id', '<=', upto)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
    after = upto;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return removed;
}

/** The stored rows of one device, oldest first (tests, the device's own history). */
export async function listDeviceUsageDays(
  db: Kysely<DB>,
  deviceId: number,
  from: string,
  to: string,
): Promise<DeviceUsageDay[]> {
  return db
    .selectFrom('device_usage_days')
    .select(USAGE_DAY_COLUMNS)
    .where('device_id', '=', deviceId)
    .where('statistics_date', '>=', from)
    .where('statistics_date', '<=', to)
    .orderBy('statistics_date')
    .execute();
}

/**
 * Works out the run columns and the city sums of every stored row of `companyId` again, in one
 * transaction: for rows written around this repository (a bulk load: bench/usage-reports.ts).
 */
export async function rebuildCompanyUsageRuns(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
): Promise<void> {
  const devices = sql`select distinct u.device_id from device_usage_days u where u.company_id = ${companyId}`;
  await inUsageTransaction(db, dialect, async (trx) => {
    await trx.deleteFrom('usage_city_days').where('company_id', '=', companyId).execute();
    await rechainUsageDays(trx, devices, '');
    await addCityDays(trx, 1, sql`device_usage_days`, sql`u.company_id = ${companyId}`);
  });
}

/** The latest day stored for a device of `companyId`, or null. */
export async function latestCompanyUsageDate(db: Kysely<DB>, companyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('device_usage_days')
    .select((eb) => eb.fn.max('statistics_date').as('day'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.day ?? null;
}

/** The latest day stored for any device, or null. */
export async function latestUsageDate(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('device_usage_days')
    .select((eb) => eb.fn.max('statistics_date').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}

/**
 * The device's latest stored usage rate of a day before `today` (yesterday's once the daily job ran),
 * as a column of a `devices` query: a primary-key seek per row, for the device list's `usageRate`.
 */
export function latestUsageRate(eb: ExpressionBuilder<DB, 'devices'>, today: string) {
  return eb
    .selectFrom('device_usage_days as u')
    .select('u.usage_rate')
    .whereRef('u.device_id', '=', 'devices.id')
    .where('u.statistics_date', '<', today)
    .orderBy('u.statistics_date', 'desc')
    .limit(1);
}
