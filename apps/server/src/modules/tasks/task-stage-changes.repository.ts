/** SQL of `task_stage_changes`, owned here: the history of a task's stages (who, when, note, photos). */
import type { Insertable } from 'kysely';
import type { TaskStageChangesTable } from '../../db/tables/tasks';
import type { Trx } from '../../db/trx';

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

/** Records one stage change (the creation has `from_stage` null). */
export async function insertStageChange(trx: Trx, change: Insertable<TaskStageChangesTable>): Promise<void> {
  await trx.insertInto('task_stage_changes').values(change).execute();
}
