/**
 * The owning repository of `device_usage_days` (issue 13, docs/decisions/usage.md): computing a day's
 * usage from the online transitions (set-based, one statement per batch of devices, both databases),
 * storing it (idempotent upsert), and the reads other modules need (the device list's latest rate).
 * It lives in the engine because the daily job (usage-daily.ts) writes the table and the engine never
 * imports modules; modules reach it through modules/usage/device-usage.repository.ts.
 *
 * Computation, per device and measured span [s, e) (s moved to the device's creation when later):
 * the status at s is that of the device's last transition at or before s in (at, id) order (offline
 * when it has none, i.e. never seen); every transition inside (s, e) starts a new piece; a piece lasts
 * until the next transition or e. online_ms = sum of the online pieces, base_ms = sum of all pieces.
 * SQL shape: `lead()` over the span's own transitions only (each piece's end), the piece before the
 * first transition from the carry-in status (one index seek per device and span) — no union of
 * carry-in rows into the window. Exact for any sequence (repeated statuses, ties, instants out of
 * insert order); usage-days.property.test.ts checks it against a written-out reference. The
 * window-free formula (Σ ±(e − t)) is exact only for alternating statuses, which the writers do not
 * guarantee (docs/decisions/usage.md).
 */
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import type { DeviceUsageDaysTable } from '../../db/tables/usage';
import type { UsageSpan } from './usage-days';

/** One computed (or stored) usage day; the stored row shape. */
export type DeviceUsageDay = DeviceUsageDaysTable;

/** Which devices of the company to compute: an id range (the job's batches) or a list (a page). */
export type UsageDevices = { afterId: number; uptoId: number } | { deviceIds: readonly number[] };

/** Every device of the company (ids are 32-bit integers on PostgreSQL, so the bound is int4's largest). */
export const ALL_DEVICES: UsageDevices = { afterId: 0, uptoId: 2_147_483_647 };

export interface UsageComputation {
  companyId: number;
  /** The day being computed, 'YYYY-MM-DD'. */
  date: string;
  /** Its measured spans (usage-days.ts measuredSpans / spansUntil); at least one. */
  spans: readonly UsageSpan[];
  devices: UsageDevices;
  /** computed_at of the rows. */
  now: number;
  /**
   * Several days in one statement (the job's catch-up, the demo seed): when given, these replace
   * `date` and `spans`.
   */
  days?: ReadonlyArray<{ date: string; spans: readonly UsageSpan[] }>;
}

function deviceRange(devices: UsageDevices): RawBuilder<unknown> {
  if ('deviceIds' in devices) {
    return devices.deviceIds.length === 0 ? sql`1 = 0` : sql`d.id in (${sql.join(devices.deviceIds)})`;
  }
  return sql`d.id > ${devices.afterId} and d.id <= ${devices.uptoId}`;
}

/**
 * SELECT of the usage rows (columns in DeviceUsageDay order) for `c`. Exported for the usage reads
 * (modules/usage/device-usage.repository.ts), which union today so far into one statement.
 */
export function usageRowsSelect(c: UsageComputation): RawBuilder<DeviceUsageDay> {
  const days = c.days ?? [{ date: c.date, spans: c.spans }];
  const spans = sql.join(
    days.flatMap(({ date, spans }) =>
      spans.map(
        (span) => sql`(cast(${date} as text), cast(${span.start} as bigint), cast(${span.end} as bigint))`,
      ),
    ),
  );
  return sql<DeviceUsageDay>`with seg (day, s, e) as (values ${spans}),
win as (
  select d.id as device_id, seg.day as day, seg.e as e,
    case when d.created_at > seg.s then d.created_at else seg.s end as s
  from devices d cross join seg
  where d.company_id = ${c.companyId} and ${deviceRange(c.devices)} and d.created_at < seg.e
),
inside as (
  select w.device_id, w.day, w.s, w.e, ev.at, ev.status,
    lead(ev.at, 1, w.e) over (partition by w.device_id, w.e order by ev.at, ev.id) as next_at
  from win w left join device_online_events ev
    on ev.device_id = w.device_id and ev.at > w.s and ev.at < w.e
),
spans as (
  select device_id, day, s, e, coalesce(min(at), e) as first_at,
    coalesce(sum(case when status = 1 then next_at - at else 0 end), 0) as inside_ms
  from inside group by device_id, day, s, e
),
totals as (
  select p.device_id, p.day,
    cast(sum(p.inside_ms + case when (select ev.status from device_online_events ev
      where ev.device_id = p.device_id and ev.at <= p.s order by ev.at desc, ev.id desc limit 1) = 1
      then p.first_at - p.s else 0 end) as bigint) as online_ms,
    cast(sum(p.e - p.s) as bigint) as base_ms
  from spans p group by p.device_id, p.day
)
select d.id as device_id, t.day as statistics_date, d.company_id, d.shop_id, d.product_id,
  d.device_category, d.device_class, t.online_ms, t.base_ms - t.online_ms as offline_ms, t.base_ms,
  cast((t.online_ms * 20000 + t.base_ms) / (2 * t.base_ms) as double precision) / 100 as usage_rate,
  cast(${c.now} as bigint) as computed_at
from totals t join devices d on d.id = t.device_id
where t.base_ms > 0`;
}

const COLUMNS = sql.raw(
  'device_id, statistics_date, company_id, shop_id, product_id, device_category, device_class, ' +
    'online_ms, offline_ms, base_ms, usage_rate, computed_at',
);
const ON_CONFLICT = sql.raw(
  'on conflict (device_id, statistics_date) do update set company_id = excluded.company_id, ' +
    'shop_id = excluded.shop_id, product_id = excluded.product_id, ' +
    'device_category = excluded.device_category, device_class = excluded.device_class, ' +
    'online_ms = excluded.online_ms, offline_ms = excluded.offline_ms, base_ms = excluded.base_ms, ' +
    'usage_rate = excluded.usage_rate, computed_at = excluded.computed_at',
);

/**
 * Computes and stores (insert or replace) the usage of the devices of `c`; returns rows written. On
 * PostgreSQL the statement runs in its own transaction with JIT off (JIT compiling this statement's
 * ~50 expressions cost 100–170 ms a statement, more than running it on 20,000 devices) and work_mem
 * raised so the window's sort and the aggregates stay in memory (4 MB spilled to disk).
 */
export async function upsertComputedUsageDays(
  db: Kysely<DB>,
  c: UsageComputation,
  dialect: DialectName = 'sqlite',
): Promise<number> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`set local jit = off`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      return upsertUsageStatement(trx, c);
    });
  }
  return upsertUsageStatement(db, c);
}

async function upsertUsageStatement(db: Kysely<DB>, c: UsageComputation): Promise<number> {
  // Starts with INSERT INTO so db/write-watch.ts sees the write (the device list's cached pages).
  const result =
    await sql`insert into device_usage_days (${COLUMNS}) ${usageRowsSelect(c)} ${ON_CONFLICT}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Computes usage rows without storing them: "today so far" (spans cut at now with spansUntil), or any
 * day on demand. Rows in device id order.
 */
export async function computeUsageDays(db: Kysely<DB>, c: UsageComputation): Promise<DeviceUsageDay[]> {
  const result = await sql<DeviceUsageDay>`${usageRowsSelect(c)} order by device_id`.execute(db);
  return result.rows.map(numericRow);
}

/** Stores given rows as they are (demo history, tests); insert or replace per (device, day). */
export async function upsertDeviceUsageDays(db: Kysely<DB>, rows: readonly DeviceUsageDay[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('device_usage_days')
      .values(rows.slice(i, i + 500))
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
}

/** PostgreSQL may hand back bigint/double columns of raw SQL as strings: make them numbers. */
function numericRow(row: DeviceUsageDay): DeviceUsageDay {
  return {
    ...row,
    device_id: Number(row.device_id),
    company_id: Number(row.company_id),
    shop_id: Number(row.shop_id),
    product_id: Number(row.product_id),
    online_ms: Number(row.online_ms),
    offline_ms: Number(row.offline_ms),
    base_ms: Number(row.base_ms),
    usage_rate: Number(row.usage_rate),
    computed_at: Number(row.computed_at),
  };
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
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('statistics_date', '>=', from)
    .where('statistics_date', '<=', to)
    .orderBy('statistics_date')
    .execute();
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

/** The companies with devices, and their id range, for the job's batches. */
export async function listCompaniesWithDevices(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('devices').select('company_id').distinct().orderBy('company_id').execute();
  return rows.map((row) => row.company_id);
}

/** Upper id of each batch of `size` devices of the company, in id order (batch i = (bound[i-1], bound[i]]). */
export async function listDeviceBatchBounds(
  db: Kysely<DB>,
  companyId: number,
  size: number,
): Promise<number[]> {
  const bounds: number[] = [];
  let after = 0;
  for (;;) {
    const row = await db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '>', after)
      .orderBy('id')
      .offset(size - 1)
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      const last = await db
        .selectFrom('devices')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('company_id', '=', companyId)
        .where('id', '>', after)
        .executeTakeFirst();
      if (last?.id != null) bounds.push(Number(last.id));
      return bounds;
    }
    bounds.push(row.id);
    after = row.id;
  }
}

/** The earliest transition or device creation, epoch ms (where a first run starts), or null. */
export async function earliestUsageInput(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/**
 * Opening hours of the companies that set them (a config item row for the open or close time): the
 * usage rate measures those hours; other companies measure whole days. Missing half = built-in default.
 */
export async function listSetOpeningHours(
  db: Kysely<DB>,
): Promise<Map<number, { start: string | null; end: string | null }>> {
  const rows = await db
    .selectFrom('config_items')
    .select(['company_id', 'code', 'value'])
    .where('code', 'in', ['store_open_time', 'store_close_time'])
    .execute();
  const hours = new Map<number, { start: string | null; end: string | null }>();
  for (const row of rows) {
    const entry = hours.get(row.company_id) ?? { start: null, end: null };
    if (row.code === 'store_open_time') entry.start = row.value;
    else entry.end = row.value;
    hours.set(row.company_id, entry);
  }
  return hours;
}
