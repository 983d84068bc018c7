/** SQL of `task_photos`: the photos uploaded for task stage changes (owned here). */
import type { Insertable, Selectable } from 'kysely';
import type { TaskPhotosTable } from '../../db/tables/tasks';
import type { Trx } from '../../db/trx';

export type TaskPhotoRow = Selectable<TaskPhotosTable>;

export async function insertTaskPhoto(db: Trx, row: Insertable<TaskPhotosTable>): Promise<void> {
  await db.insertInto('task_photos').values(row).execute();
}

export async function findTaskPhoto(db: Trx, fileName: string): Promise<TaskPhotoRow | undefined> {
  return db.selectFrom('task_photos').selectAll().where('file_name', '=', fileName).executeTakeFirst();
}

/** Of `names`, those uploaded by company `companyId`. */
export async function companyPhotoNames(
  db: Trx,
  companyId: number,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('task_photos')
    .select('file_name')
    .where('company_id', '=', companyId)
    .where('file_name', 'in', [...names])
    .execute();
  return new Set(rows.map((r) => r.file_name));
}
