/** SQL of the level labels: what a company calls each depth of its hierarchy. */
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { LevelLabelsTable } from '../../db/tables/org';

export type LevelLabelRow = Selectable<LevelLabelsTable>;

/** The labels of `companyId`, by depth. */
export async function listLevelLabels(db: Kysely<DB>, companyId: number): Promise<LevelLabelRow[]> {
  return db
    .selectFrom('level_labels')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('level')
    .execute();
}

/** Label `id` when it belongs to `companyId`. */
export async function findLevelLabel(db: Kysely<DB>, companyId: number, id: number) {
  return db
    .selectFrom('level_labels')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The label of depth `level` in `companyId`, if any. */
export async function findLabelOfLevel(db: Kysely<DB>, companyId: number, level: number) {
  return db
    .selectFrom('level_labels')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('level', '=', level)
    .executeTakeFirst();
}

/** Inserts a label and returns its id. */
export async function insertLevelLabel(db: Kysely<DB>, companyId: number, level: number, label: string) {
  const row = await db
    .insertInto('level_labels')
    .values({ company_id: companyId, level, label })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes label `id` of `companyId`. */
export async function updateLevelLabel(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  change: { level: number; label: string },
): Promise<void> {
  await db
    .updateTable('level_labels')
    .set(change)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** Deletes label `id` of `companyId`. */
export async function deleteLevelLabel(db: Kysely<DB>, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('level_labels').where('id', '=', id).where('company_id', '=', companyId).execute();
}
