/**
 * SQL of the task overdue job: which tasks passed their due time without a notice (reads `tasks`,
 * `task_targets`, `stores`, `users`), and `task_overdue_notices` (owned here: one row per task, so a
 * task is told about once, whatever the number of passes or nodes).
 */
import { sql } from 'kysely';

import type { Trx } from '../../db/trx';

/** Stages in which a due task counts as overdue (contracts: not yet advanced to completed). */
const OVERDUE_STAGES = ['created', 'dispatched', 'inProgress'];

export interface OverdueTask {
  id: number;
  companyId: number;
  title: string;
  priority: string;
  stage: string;
  dueAt: number;
  assigneeName: string | null;
  shopIds: number[];
  storeNames: string[];
}

async function withPlaces(
  db: Trx,
  rows: Array<{
    id: number;
    company_id: number;
    title: string;
    priority: string;
    stage: string;
    due_at: number | null;
    assignee_name: string | null;
  }>,
): Promise<OverdueTask[]> {
  if (rows.length === 0) return [];
  const places = await db
    .selectFrom('task_targets as tt')
    .leftJoin('stores', 'stores.id', 'tt.shop_id')
    .select(['tt.task_id', 'tt.shop_id', 'stores.store_name'])
    .where(
      'tt.task_id',
      'in',
      rows.map((r) => Number(r.id)),
    )
    .orderBy('tt.id')
    .execute();
  return rows.map((r) => {
    const own = places.filter((p) => Number(p.task_id) === Number(r.id));
    return {
      id: Number(r.id),
      companyId: Number(r.company_id),
      title: r.title,
      priority: r.priority,
      stage: r.stage,
      dueAt: Number(r.due_at),
      assigneeName: r.assignee_name,
      shopIds: [...new Set(own.map((p) => Number(p.shop_id)))],
      storeNames: [...new Set(own.map((p) => p.store_name ?? ''))],
    };
  });
}

function tasksWithAssignee(db: Trx) {
  return db
    .selectFrom('tasks')
    .leftJoin('users', 'users.id', 'tasks.assignee_id')
    .select([
      'tasks.id',
      'tasks.company_id',
      'tasks.title',
      'tasks.priority',
      'tasks.stage',
      'tasks.due_at',
      'users.name as assignee_name',
    ]);
}

/** Up to `limit` tasks overdue at `now` that have no notice yet, oldest due first. */
export async function listUnnoticedOverdue(db: Trx, now: number, limit: number): Promise<OverdueTask[]> {
  const rows = await tasksWithAssignee(db)
    .where('tasks.due_at', 'is not', null)
    .where('tasks.due_at', '<', now)
    .where('tasks.stage', 'in', OVERDUE_STAGES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('task_overdue_notices as n')
            .select(sql`1`.as('one'))
            .whereRef('n.task_id', '=', 'tasks.id'),
        ),
      ),
    )
    .orderBy('tasks.due_at')
    .orderBy('tasks.id')
    .limit(limit)
    .execute();
  return withPlaces(db, rows);
}

/** Task `id` as an overdue message names it (undefined when it is gone). */
export async function findOverdueTask(db: Trx, id: number): Promise<OverdueTask | undefined> {
  const rows = await tasksWithAssignee(db).where('tasks.id', '=', id).execute();
  return (await withPlaces(db, rows))[0];
}

/** Claims the task's one notice; false when it has one already (another pass or node was first). */
export async function claimOverdueNotice(
  db: Trx,
  task: { id: number; companyId: number; dueAt: number },
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('task_overdue_notices')
    .values({ task_id: task.id, company_id: task.companyId, due_at: task.dueAt, notified_at: now, queued: 0 })
    .onConflict((oc) => oc.column('task_id').doNothing())
    .returning('task_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setNoticeQueued(db: Trx, taskId: number, queued: number): Promise<void> {
  await db.updateTable('task_overdue_notices').set({ queued }).where('task_id', '=', taskId).execute();
}

/** The notice of task `id`, if any (tests; the detail page could show it). */
export async function findOverdueNotice(db: Trx, taskId: number) {
  return db.selectFrom('task_overdue_notices').selectAll().where('task_id', '=', taskId).executeTakeFirst();
}
