/**
 * SQL of `tasks`, owned here: the list, stage counts and lookup of tasks, their creation, edit and stage
 * moves. A task is in the caller's data scope when it is of the caller's company and one of its stores
 * is in the scope (db/scope.ts); a common user's calls add "assigned to me" (`assigneeId`). A task's
 * targets and stage changes are written through their owners (task-targets.repository.ts,
 * task-stage-changes.repository.ts) in the caller's transaction.
 */
import type { TaskStage } from '@storefleet/contracts';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';
import type { Trx } from '../../db/trx';
import { insertStageChange } from './task-stage-changes.repository';
import { insertTaskTargets, replaceTaskTargets, type TaskTarget } from './task-targets.repository';

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
  await insertTaskTargets(trx, id, task.company_id, targets);
  await insertStageChange(trx, {
    task_id: id,
    from_stage: null,
    to_stage: 'created',
    by_user_id: task.created_by_id,
    by_name: task.created_by,
    at: now,
    note,
    photos: '[]',
  });
  return id;
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
  await replaceTaskTargets(trx, id, companyId, targets);
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
  await insertStageChange(trx, {
    task_id: id,
    from_stage: change.from,
    to_stage: change.to,
    by_user_id: change.byUserId,
    by_name: change.byName,
    at: now,
    note: change.note,
    photos: JSON.stringify(change.photos),
  });
  return true;
}
