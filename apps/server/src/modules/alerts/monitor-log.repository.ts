/**
 * SQL of the dynamic monitor log: devices going offline/online (the engine's transitions,
 * `device_online_events`) and alert records opening and ending (`alert_records`), merged into one
 * time line by UNION ALL, newest first, in the caller's scope. Reads only; the rows are written by
 * the engine (ingest, offline sweep) and by the alert overview's close.
 */
import type { MonitorLogKind } from '@storefleet/contracts';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { type StoreColumns, storeInScope } from '../../db/scope';

/** What the log is narrowed to (times in epoch ms, both ends included; kinds: null = every kind). */
export interface MonitorLogCriteria {
  from: number | null;
  to: number | null;
  areaLevelListStr?: number[];
  provinceLevelListStr?: number[];
  cityLevelListStr?: number[];
  shopIdStr?: number[];
  shopId?: number;
  deviceId?: number;
  kinds: ReadonlySet<MonitorLogKind> | null;
}

export interface MonitorLogRow {
  kind: MonitorLogKind;
  source_id: number;
  at: number;
  device_id: number;
  device_name: string | null;
  shop_id: number;
  store_name: string;
  record_id: number | null;
  name: string | null;
  severity: number | null;
}

const levels = (table: string, companyId: string, storeId: string): StoreColumns => ({
  companyId,
  storeId,
  area: `${table}.area_level`,
  province: `${table}.province_level`,
  city: `${table}.city_level`,
});

/** The place and device conditions shared by both sources, on the given shop/device/time columns. */
function placeConditions(
  eb: ExpressionBuilder<DB, keyof DB>,
  scope: Scope,
  c: MonitorLogCriteria,
  columns: { company: string; shop: string; device: string; at: string },
): Expression<SqlBool> {
  const ref = (column: string) => sql.ref(column);
  const parts: Expression<SqlBool>[] = [
    storeInScope(eb, scope, levels('stores', columns.company, columns.shop)),
  ];
  const inList = (column: string, ids: readonly number[] | undefined) => {
    if (ids?.length) parts.push(sql<SqlBool>`${ref(column)} in (${sql.join(ids)})`);
  };
  inList(columns.shop, c.shopIdStr);
  inList('stores.area_level', c.areaLevelListStr);
  inList('stores.province_level', c.provinceLevelListStr);
  inList('stores.city_level', c.cityLevelListStr);
  if (c.shopId !== undefined) parts.push(sql<SqlBool>`${ref(columns.shop)} = ${c.shopId}`);
  if (c.deviceId !== undefined) parts.push(sql<SqlBool>`${ref(columns.device)} = ${c.deviceId}`);
  if (c.from !== null) parts.push(sql<SqlBool>`${ref(columns.at)} >= ${c.from}`);
  if (c.to !== null) parts.push(sql<SqlBool>`${ref(columns.at)} <= ${c.to}`);
  return eb.and(parts);
}

/** One source's rows as the union selects them (numbers may come back as text from PostgreSQL bigint). */
type LogQuery = SelectQueryBuilder<DB, keyof DB, MonitorLogRow>;

const NULL_INT = sql<number | null>`cast(null as integer)`;
const NULL_TEXT = sql<string | null>`cast(null as varchar)`;
const kindText = (kind: MonitorLogKind) => sql<MonitorLogKind>`cast(${sql.lit(kind)} as varchar)`;

/** The union of the selected sources, or null when no kind is selected. */
function logSources(db: Kysely<DB>, scope: Scope, c: MonitorLogCriteria): LogQuery | null {
  const wants = (kind: MonitorLogKind) => c.kinds === null || c.kinds.has(kind);
  const parts: LogQuery[] = [];
  const add = (query: unknown) => parts.push(query as LogQuery);
  const statuses = [wants('online') ? 1 : null, wants('offline') ? 0 : null].filter((s) => s !== null);
  if (statuses.length > 0) {
    add(
      db
        .selectFrom('device_online_events as e')
        .innerJoin('devices', 'devices.id', 'e.device_id')
        .innerJoin('stores', 'stores.id', 'devices.shop_id')
        .where('e.status', 'in', statuses)
        .where((eb) =>
          placeConditions(eb as never, scope, c, {
            company: 'devices.company_id',
            shop: 'devices.shop_id',
            device: 'e.device_id',
            at: 'e.at',
          }),
        )
        .select([
          sql<MonitorLogKind>`case when e.status = 1 then cast('online' as varchar) else cast('offline' as varchar) end`.as(
            'kind',
          ),
          'e.id as source_id',
          'e.at as at',
          'devices.id as device_id',
          'devices.device_name as device_name',
          'devices.shop_id as shop_id',
          'stores.store_name as store_name',
          NULL_INT.as('record_id'),
          NULL_TEXT.as('name'),
          NULL_INT.as('severity'),
        ]),
    );
  }
  const records = (kind: MonitorLogKind, at: 'alert_time' | 'recovery_time' | 'closed_at') =>
    db
      .selectFrom('alert_records')
      .innerJoin('stores', 'stores.id', 'alert_records.shop_id')
      .leftJoin('devices', 'devices.id', 'alert_records.device_id')
      .where((eb) =>
        placeConditions(eb as never, scope, c, {
          company: 'alert_records.company_id',
          shop: 'alert_records.shop_id',
          device: 'alert_records.device_id',
          at: `alert_records.${at}`,
        }),
      )
      .select([
        kindText(kind).as('kind'),
        'alert_records.id as source_id',
        sql<number>`${sql.ref(`alert_records.${at}`)}`.as('at'),
        'alert_records.device_id as device_id',
        'devices.device_name as device_name',
        'alert_records.shop_id as shop_id',
        'stores.store_name as store_name',
        'alert_records.id as record_id',
        'alert_records.name as name',
        'alert_records.severity as severity',
      ]);
  if (wants('alertOpened')) add(records('alertOpened', 'alert_time'));
  if (wants('alertRecovered'))
    add(
      records('alertRecovered', 'recovery_time')
        .where('alert_records.status', '=', 1)
        .where('alert_records.closed_by', 'is', null),
    );
  if (wants('alertClosed'))
    add(records('alertClosed', 'closed_at').where('alert_records.closed_by', 'is not', null));
  const [first, ...rest] = parts;
  if (!first) return null;
  return rest.reduce((union, part) => union.unionAll(part), first);
}

/** One page of the merged log, newest first, and its total. */
export async function listMonitorLogRows(
  db: Kysely<DB>,
  scope: Scope,
  criteria: MonitorLogCriteria,
  window: { limit: number; offset: number },
): Promise<{ rows: MonitorLogRow[]; total: number }> {
  const union = logSources(db, scope, criteria);
  if (!union) return { rows: [], total: 0 };
  const log = () => db.selectFrom(union.as('log'));
  const [rows, count] = await Promise.all([
    log()
      .selectAll()
      .orderBy('log.at', 'desc')
      .orderBy('log.kind', 'asc')
      .orderBy('log.source_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    log()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...(r as unknown as MonitorLogRow),
      source_id: Number(r.source_id),
      at: Number(r.at),
      device_id: Number(r.device_id),
      shop_id: Number(r.shop_id),
      record_id: r.record_id === null ? null : Number(r.record_id),
      severity: r.severity === null ? null : Number(r.severity),
    })),
    total: Number(count.total),
  };
}
