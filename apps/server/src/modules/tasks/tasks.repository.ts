/**
 * SQL of task dispatch: `tasks`, `task_targets` and `task_stage_changes` are owned here. A task is in
 * the caller's data scope when it is of the caller's company and one of its stores is in the scope
 * (db/scope.ts); a common user's calls add "assigned to me" (`assigneeId`). Reads of devices, stores,
 * users, inventory records and alert records join those tables; nothing else of theirs is written here.
 */
import {
  AlertRecordStatus,
  DeviceState,
  MonitoredFlag,
  OnlineStatus,
  OPEN_TASK_STAGES,
  type PendingReason,
  PropertyStatus,
  type TaskStage,
  UserType,
} from '@storefleet/contracts';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';

type Trx = Kysely<DB> | Transaction<DB>;

/** Which tasks a call may see: the scope, and for a common user only those assigned to it. */
export interface TaskAudience {
  scope: Scope;
  assigneeId: number | null;
}

/** The list's narrowing (times epoch ms). */
export interface TaskCriteria {
  stages?: readonly TaskStage[];
  type?: string;
  priority?: string;
  assigneeId?: number;
  shopId?: number;
  areaId?: number;
  dueFrom?: number;
  dueTo?: number;
  overdue?: 0 | 1;
  keyword?: string;
  now: number;
}

export interface TaskRow {
  id: number;
  company_id: number;
  title: string;
  description: string;
  type: string;
  priority: string;
  stage: string;
  due_at: number | null;
  assignee_id: number | null;
  assignee_name: string | null;
  alert_record_id: number | null;
  created_by_id: number | null;
  created_by: string | null;
  created_at: number;
  stage_at: number;
  updated_at: number;
}

export interface TaskTargetRow {
  task_id: number;
  shop_id: number;
  store_name: string | null;
  device_id: number | null;
  device_name: string | null;
  online_status: number | null;
  open_alerts: number | null;
}

export interface StageChangeRow {
  id: number;
  task_id: number;
  from_stage: string | null;
  to_stage: string;
  by_user_id: number | null;
  by_name: string | null;
  at: number;
  note: string;
  photos: string;
}

const OPEN = [...OPEN_TASK_STAGES];
/** Stages in which a due task counts as overdue (not advanced to completed). */
const OVERDUE_STAGES = ['created', 'dispatched', 'inProgress'];

type TaskEb = ExpressionBuilder<DB, 'tasks'>;

/** Some store of the task inside the scope. */
function hasTargetInScope(eb: TaskEb, scope: Scope): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('task_targets as tt')
      .innerJoin('stores', 'stores.id', 'tt.shop_id')
      .select(sql`1`.as('one'))
      .whereRef('tt.task_id', '=', 'tasks.id')
      .where((inner) => storeInScope(inner, scope)),
  );
}

function audienceConditions(eb: TaskEb, audience: TaskAudience): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (audience.scope.companyId !== null) parts.push(eb('tasks.company_id', '=', audience.scope.companyId));
  if (audience.scope.storeIds !== null || audience.scope.levelIds !== null)
    parts.push(hasTargetInScope(eb, audience.scope));
  if (audience.assigneeId !== null) parts.push(eb('tasks.assignee_id', '=', audience.assigneeId));
  return eb.and(parts);
}

function overdueExpr(now: number) {
  return sql<SqlBool>`(tasks.due_at is not null and tasks.due_at < ${now} and tasks.stage in (${sql.join(OVERDUE_STAGES)}))`;
}

function criteriaConditions(eb: TaskEb, c: TaskCriteria): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (c.stages?.length) parts.push(eb('tasks.stage', 'in', [...c.stages]));
  if (c.type) parts.push(eb('tasks.type', '=', c.type));
  if (c.priority) parts.push(eb('tasks.priority', '=', c.priority));
  if (c.assigneeId !== undefined) parts.push(eb('tasks.assignee_id', '=', c.assigneeId));
  if (c.dueFrom !== undefined) parts.push(eb('tasks.due_at', '>=', c.dueFrom));
  if (c.dueTo !== undefined) parts.push(eb('tasks.due_at', '<=', c.dueTo));
  if (c.keyword) parts.push(containsText('tasks.title', c.keyword));
  if (c.overdue === 1) parts.push(overdueExpr(c.now));
  if (c.overdue === 0) parts.push(sql<SqlBool>`not ${overdueExpr(c.now)}`);
  if (c.shopId !== undefined || c.areaId !== undefined) {
    parts.push(
      eb.exists(
        eb
          .selectFrom('task_targets as tt')
          .innerJoin('stores', 'stores.id', 'tt.shop_id')
          .select(sql`1`.as('one'))
          .whereRef('tt.task_id', '=', 'tasks.id')
          .where((inner) => {
            const own: Expression<SqlBool>[] = [];
            if (c.shopId !== undefined) own.push(inner('tt.shop_id', '=', c.shopId));
            if (c.areaId !== undefined)
              own.push(
                inner.or([
                  inner('stores.area_level', '=', c.areaId),
                  inner('stores.province_level', '=', c.areaId),
                  inner('stores.city_level', '=', c.areaId),
                ]),
              );
            return inner.and(own);
          }),
      ),
    );
  }
  return eb.and(parts);
}

function tasksWithNames(db: Trx) {
  return db
    .selectFrom('tasks')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assignee_id')
    .select([
      'tasks.id',
      'tasks.company_id',
      'tasks.title',
      'tasks.description',
      'tasks.type',
      'tasks.priority',
      'tasks.stage',
      'tasks.due_at',
      'tasks.assignee_id',
      'assignee.name as assignee_name',
      'tasks.alert_record_id',
      'tasks.created_by_id',
      'tasks.created_by',
      'tasks.created_at',
      'tasks.stage_at',
      'tasks.updated_at',
    ]);
}

const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

function toTaskRow(r: TaskRow): TaskRow {
  return {
    ...r,
    due_at: numberOrNull(r.due_at),
    created_at: Number(r.created_at),
    stage_at: Number(r.stage_at),
    updated_at: Number(r.updated_at),
  };
}

/** One page of the audience's tasks matching `c`, newest first, and the total. */
export async function listTaskRows(
  db: Kysely<DB>,
  audience: TaskAudience,
  c: TaskCriteria,
  window: { limit: number; offset: number },
): Promise<{ rows: TaskRow[]; total: number }> {
  const base = () =>
    db
      .selectFrom('tasks')
      .where((eb) => audienceConditions(eb, audience))
      .where((eb) => criteriaConditions(eb, c));
  const [rows, count] = await Promise.all([
    tasksWithNames(db)
      .where((eb) => audienceConditions(eb as never, audience))
      .where((eb) => criteriaConditions(eb as never, c))
      .orderBy('tasks.created_at', 'desc')
      .orderBy('tasks.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: (rows as TaskRow[]).map(toTaskRow), total: Number(count.n) };
}

/** Per stage: how many of the audience's tasks matching `c`, and how many of them are overdue. */
export async function countTasksByStage(
  db: Kysely<DB>,
  audience: TaskAudience,
  c: TaskCriteria,
): Promise<Array<{ stage: string; count: number; overdue: number }>> {
  const rows = await db
    .selectFrom('tasks')
    .where((eb) => audienceConditions(eb, audience))
    .where((eb) => criteriaConditions(eb, c))
    .select((eb) => [
      'tasks.stage',
      eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when ${overdueExpr(c.now)} then 1 else 0 end)`.as('late'),
    ])
    .groupBy('tasks.stage')
    .execute();
  return rows.map((r) => ({ stage: r.stage, count: Number(r.n), overdue: Number(r.late ?? 0) }));
}

/** Task `id` when the audience may see it. */
export async function findTaskRow(db: Trx, audience: TaskAudience, id: number): Promise<TaskRow | undefined> {
  const row = await tasksWithNames(db)
    .where('tasks.id', '=', id)
    .where((eb) => audienceConditions(eb as never, audience))
    .executeTakeFirst();
  return row ? toTaskRow(row as TaskRow) : undefined;
}

/** The devices and stores of the tasks `ids`, with names and the devices' current state. */
export async function listTaskTargets(db: Trx, ids: readonly number[]): Promise<TaskTargetRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('task_targets as tt')
    .leftJoin('stores', 'stores.id', 'tt.shop_id')
    .leftJoin('devices', 'devices.id', 'tt.device_id')
    .select([
      'tt.task_id',
      'tt.shop_id',
      'stores.store_name',
      'tt.device_id',
      'devices.device_name',
      'devices.online_status',
      'devices.open_alerts',
    ])
    .where('tt.task_id', 'in', [...ids])
    .orderBy('tt.id')
    .execute();
  return rows.map((r) => ({
    task_id: Number(r.task_id),
    shop_id: Number(r.shop_id),
    store_name: r.store_name,
    device_id: numberOrNull(r.device_id),
    device_name: r.device_name,
    online_status: numberOrNull(r.online_status),
    open_alerts: numberOrNull(r.open_alerts),
  }));
}

/** The stage changes of task `id`, oldest first. */
export async function listStageChanges(db: Trx, taskId: number): Promise<StageChangeRow[]> {
  const rows = await db
    .selectFrom('task_stage_changes')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, at: Number(r.at) }));
}

export interface NewTask {
  company_id: number;
  title: string;
  description: string;
  type: string;
  priority: string;
  due_at: number | null;
  assignee_id: number | null;
  alert_record_id: number | null;
  created_by_id: number | null;
  created_by: string | null;
}

export interface TaskTarget {
  shopId: number;
  deviceId: number | null;
}

/** Inserts a task (stage created), its targets and its first stage change; returns its id. */
export async function insertTask(
  trx: Trx,
  task: NewTask,
  targets: readonly TaskTarget[],
  note: string,
  now: number,
): Promise<number> {
  const inserted = await trx
    .insertInto('tasks')
    .values({ ...task, stage: 'created', created_at: now, stage_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await insertTargets(trx, id, task.company_id, targets);
  await trx
    .insertInto('task_stage_changes')
    .values({
      task_id: id,
      from_stage: null,
      to_stage: 'created',
      by_user_id: task.created_by_id,
      by_name: task.created_by,
      at: now,
      note,
      photos: '[]',
    })
    .execute();
  return id;
}

async function insertTargets(trx: Trx, taskId: number, companyId: number, targets: readonly TaskTarget[]) {
  if (targets.length === 0) return;
  await trx
    .insertInto('task_targets')
    .values(
      targets.map((t) => ({
        task_id: taskId,
        company_id: companyId,
        shop_id: t.shopId,
        device_id: t.deviceId,
      })),
    )
    .execute();
}

/** Replaces task `id`'s editable fields and targets. */
export async function updateTask(
  trx: Trx,
  id: number,
  fields: Pick<NewTask, 'title' | 'description' | 'type' | 'priority' | 'due_at' | 'assignee_id'>,
  targets: readonly TaskTarget[],
  companyId: number,
  now: number,
): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('task_targets').where('task_id', '=', id).execute();
  await insertTargets(trx, id, companyId, targets);
}

/**
 * Moves task `id` from `from` to `to` and records the change; false when the task was no longer in
 * `from` (another change won).
 */
export async function changeTaskStage(
  trx: Trx,
  id: number,
  change: { from: string; to: string; byUserId: number; byName: string; note: string; photos: string[] },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('tasks')
    .set({ stage: change.to, stage_at: now, updated_at: now })
    .where('id', '=', id)
    .where('stage', '=', change.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('task_stage_changes')
    .values({
      task_id: id,
      from_stage: change.from,
      to_stage: change.to,
      by_user_id: change.byUserId,
      by_name: change.byName,
      at: now,
      note: change.note,
      photos: JSON.stringify(change.photos),
    })
    .execute();
  return true;
}

/** Of `deviceIds`, those with an open task. */
export async function devicesWithOpenTask(trx: Trx, deviceIds: readonly number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('task_targets as tt')
    .innerJoin('tasks', 'tasks.id', 'tt.task_id')
    .select('tt.device_id')
    .where('tt.device_id', 'in', [...deviceIds])
    .where('tasks.stage', 'in', OPEN)
    .execute();
  return new Set(rows.map((r) => Number(r.device_id)));
}

/** Devices `ids` of the company whose stores are in scope, with their store. */
export async function devicesInScope(
  trx: Trx,
  scope: Scope,
  ids: readonly number[],
): Promise<Array<{ id: number; shop_id: number; device_name: string }>> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select(['devices.id', 'devices.shop_id', 'devices.device_name'])
    .where('devices.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), shop_id: Number(r.shop_id), device_name: r.device_name }));
}

/** Stores `ids` in scope. */
export async function storesInScope(trx: Trx, scope: Scope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('stores')
    .select('stores.id')
    .where('stores.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => Number(r.id));
}

/** User `id` when it is an active common user (type 3) of the company. */
export async function findActiveCommonUser(
  trx: Trx,
  companyId: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('user_type', '=', UserType.CUSTOMER_COMMON_USER)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------
// Pending devices: monitored, enabled devices in scope with no open task that need one.
// ---------------------------------------------------------------------------------------------------

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
