/**
 * SQL of pending devices: monitored, enabled devices in scope with no open task that need one (offline
 * too long, faulty or idle inventory record, not inventoried). Reads devices, stores, inventory records,
 * alert records and tasks with their targets; owns no table.
 */
import {
  AlertRecordStatus,
  DeviceState,
  MonitoredFlag,
  OnlineStatus,
  OPEN_TASK_STAGES,
  type PendingReason,
  PropertyStatus,
} from '@storefleet/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import { storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';
import type { Trx } from '../../db/trx';

const OPEN = [...OPEN_TASK_STAGES];
const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

export interface PendingCriteria {
  reason?: PendingReason;
  shopId?: number;
  areaId?: number;
  keyword?: string;
  /** Devices offline since before this instant count as offline too long. */
  offlineBefore: number;
}

export interface PendingRow {
  device_id: number;
  device_name: string;
  product_id: number;
  shop_id: number;
  store_name: string;
  reason: PendingReason;
  online_status: number;
  latest_offline_time: number | null;
  open_record_id: number | null;
}

function reasonExpr(offlineBefore: number) {
  return sql<PendingReason | null>`case
    when devices.online_status = ${OnlineStatus.OFFLINE} and devices.latest_offline_time is not null
      and devices.latest_offline_time <= ${offlineBefore} then 'offline'
    when exists (select 1 from inventory_records ir where ir.bound_device_id = devices.id and ir.status = ${PropertyStatus.FAULTY}) then 'faulty'
    when exists (select 1 from inventory_records ir where ir.bound_device_id = devices.id and ir.status = ${PropertyStatus.IDLE}) then 'idle'
    when not exists (select 1 from inventory_records ir where ir.bound_device_id = devices.id) then 'notInventoried'
    else null end`;
}

function pendingQuery(db: Trx, scope: Scope, c: PendingCriteria) {
  const reason = reasonExpr(c.offlineBefore);
  return db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .where((eb) => storeInScope(eb, scope))
    .where('devices.monitored', '=', MonitoredFlag.MONITORED)
    .where('devices.state', '<>', DeviceState.DISABLED)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('task_targets as tt')
            .innerJoin('tasks', 'tasks.id', 'tt.task_id')
            .select(sql`1`.as('one'))
            .whereRef('tt.device_id', '=', 'devices.id')
            .where('tasks.stage', 'in', OPEN),
        ),
      ),
    )
    .where((eb) => {
      const parts: Expression<SqlBool>[] = [
        c.reason ? sql<SqlBool>`${reason} = ${c.reason}` : sql<SqlBool>`${reason} is not null`,
      ];
      if (c.shopId !== undefined) parts.push(eb('devices.shop_id', '=', c.shopId));
      if (c.areaId !== undefined)
        parts.push(
          eb.or([
            eb('stores.area_level', '=', c.areaId),
            eb('stores.province_level', '=', c.areaId),
            eb('stores.city_level', '=', c.areaId),
          ]),
        );
      if (c.keyword) parts.push(containsText('devices.device_name', c.keyword));
      return eb.and(parts);
    });
}

/** One page of pending devices (offline ones first, then by store and name) and the total. */
export async function listPendingRows(
  db: Trx,
  scope: Scope,
  c: PendingCriteria,
  window: { limit: number; offset: number },
): Promise<{ rows: PendingRow[]; total: number }> {
  const reason = reasonExpr(c.offlineBefore);
  const [rows, count] = await Promise.all([
    pendingQuery(db, scope, c)
      .select([
        'devices.id as device_id',
        'devices.device_name',
        'devices.product_id',
        'devices.shop_id',
        'stores.store_name',
        reason.as('reason'),
        'devices.online_status',
        'devices.latest_offline_time',
        sql<
          number | null
        >`(select max(ar.id) from alert_records ar where ar.device_id = devices.id and ar.status = ${AlertRecordStatus.UNRESOLVED})`.as(
          'open_record_id',
        ),
      ])
      .orderBy(sql`case when ${reason} = 'offline' then 0 when ${reason} = 'faulty' then 1 else 2 end`)
      .orderBy('devices.shop_id')
      .orderBy('devices.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    pendingQuery(db, scope, c)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      device_id: Number(r.device_id),
      device_name: r.device_name,
      product_id: Number(r.product_id),
      shop_id: Number(r.shop_id),
      store_name: r.store_name,
      reason: r.reason as PendingReason,
      online_status: Number(r.online_status),
      latest_offline_time: numberOrNull(r.latest_offline_time),
      open_record_id: numberOrNull(r.open_record_id),
    })),
    total: Number(count.n),
  };
}

/** Of `deviceIds`, the pending ones (in scope, no open task) with their reason. */
export async function pendingReasonsOf(
  db: Trx,
  scope: Scope,
  deviceIds: readonly number[],
  offlineBefore: number,
): Promise<Map<number, { reason: PendingReason; shopId: number; deviceName: string }>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await pendingQuery(db, scope, { offlineBefore })
    .where('devices.id', 'in', [...deviceIds])
    .select(['devices.id', 'devices.shop_id', 'devices.device_name', reasonExpr(offlineBefore).as('reason')])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { reason: r.reason as PendingReason, shopId: Number(r.shop_id), deviceName: r.device_name },
    ]),
  );
}
