/** The lookups behind "may the caller grant this": levels and stores of a company, inside a scope. */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';

export interface LevelNode {
  id: number;
  pid: number | null;
  level: number;
  name: string;
  ename: string | null;
}

/** Every hierarchy level of a company (a few hundred rows at most), to walk ancestors in memory. */
export async function listCompanyLevels(db: Kysely<DB>, companyId: number): Promise<LevelNode[]> {
  return db
    .selectFrom('level_configs')
    .select(['id', 'pid', 'level', 'name', 'ename'])
    .where('company_id', '=', companyId)
    .orderBy('level')
    .orderBy('id')
    .execute();
}

/** The levels among `ids` that belong to `companyId`, in hierarchy order. */
export async function findCompanyLevels(
  db: Kysely<DB>,
  companyId: number,
  ids: readonly number[],
): Promise<LevelNode[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('level_configs')
    .select(['id', 'pid', 'level', 'name', 'ename'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .orderBy('level')
    .orderBy('id')
    .execute();
}

/** The stores among `ids` that lie inside `scope`. */
export async function findStoreIdsInScope(
  db: Kysely<DB>,
  scope: Scope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the company exists. */
export async function companyExists(db: Kysely<DB>, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}
