/** The owner of `level_configs`: a company's level nodes, their writes, and the nodes below a node. */
import type { Insertable, Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { LevelConfigsTable } from '../../db/tables/org';

export type LevelRow = Selectable<LevelConfigsTable>;

/** Every level node of `companyId`, by depth, then id (hierarchies are small: load whole). */
export async function listCompanyLevels(db: Kysely<DB>, companyId: number): Promise<LevelRow[]> {
  return db
    .selectFrom('level_configs')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('level')
    .orderBy('id')
    .execute();
}

/** Level nodes by id, of any company (callers check the company). */
export async function findLevels(db: Kysely<DB>, ids: number[]): Promise<LevelRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('level_configs').selectAll().where('id', 'in', ids).execute();
}

/** The levels among `ids` that belong to `companyId`, in hierarchy order (by depth, then id). */
export async function findCompanyLevels(
  db: Kysely<DB>,
  companyId: number,
  ids: readonly number[],
): Promise<LevelRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('level_configs')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .orderBy('level')
    .orderBy('id')
    .execute();
}

/** Inserts a level node and returns its id. */
export async function insertLevel(db: Kysely<DB>, level: Insertable<LevelConfigsTable>): Promise<number> {
  const row = await db.insertInto('level_configs').values(level).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Renames level `id` of `companyId`. */
export async function renameLevel(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  change: { name: string; ename: string | null; updated_by: string; updated_at: number },
): Promise<void> {
  await db
    .updateTable('level_configs')
    .set(change)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** The sibling of `pid` (null: a region) in `companyId` named `name`, if any. */
export async function findSiblingNamed(db: Kysely<DB>, companyId: number, pid: number | null, name: string) {
  let query = db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name);
  query = pid === null ? query.where('pid', 'is', null) : query.where('pid', '=', pid);
  return query.executeTakeFirst();
}

/** Names of the nodes directly below level `id`. */
export async function listChildNames(db: Kysely<DB>, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('level_configs')
    .select('name')
    .where('pid', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.name);
}

/** Deletes level `id` of `companyId`. */
export async function deleteLevel(db: Kysely<DB>, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('level_configs').where('id', '=', id).where('company_id', '=', companyId).execute();
}
