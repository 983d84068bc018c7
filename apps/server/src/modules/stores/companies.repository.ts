/**
 * The owner of the `companies` table: every module that asks about companies calls these. It lives
 * in the stores module because that module already serves the company list (listCompanies) and
 * joins stores to their company; companies have no module of their own.
 */
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { CompaniesTable } from '../../db/tables/org';
import { containsText } from '../../db/text';

/** Companies by id (all of them when `ids` is null), filtered by id and name. */
export async function listCompanies(
  db: Kysely<DB>,
  ids: number[] | null,
  filter: { companyId?: number | undefined; companyName?: string | undefined },
): Promise<Selectable<CompaniesTable>[]> {
  if (ids !== null && ids.length === 0) return [];
  let query = db.selectFrom('companies').selectAll();
  if (ids !== null) query = query.where('id', 'in', ids);
  if (filter.companyId !== undefined) query = query.where('id', '=', filter.companyId);
  if (filter.companyName) query = query.where(containsText('companies.name', filter.companyName));
  return query.orderBy('id').execute();
}

/** Whether company `companyId` exists at all (callers answer 404 for a missing one, like a foreign one). */
export async function companyExists(db: Kysely<DB>, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

/** The ids among `ids` that name existing companies. */
export async function findCompanyIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('companies')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** Names of the given companies, by id. */
export async function companyNames(db: Kysely<DB>, companyIds: number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', companyIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
