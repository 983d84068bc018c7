/** Inserts used by the start-up seed (demo data and the first platform user). */
import { UserType } from '@storefleet/contracts';
import type { Insertable } from 'kysely';
import type { RolesTable, UsersTable } from '../db/tables/access';
import type { LevelConfigsTable, StoresTable } from '../db/tables/org';
import type { Trx } from '../db/trx';

/** Whether the database holds no users and no companies yet. */
export async function isEmpty(db: Trx): Promise<boolean> {
  const users = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const companies = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return !users && !companies;
}

/** Whether any platform user exists. */
export async function hasPlatformUser(db: Trx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', UserType.PLATFORM_USER)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCompany(db: Trx, companyNo: string, name: string, at: number): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({ company_no: companyNo, name, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLevelLabel(
  db: Trx,
  companyId: number,
  level: number,
  label: string,
): Promise<void> {
  await db.insertInto('level_labels').values({ company_id: companyId, level, label }).execute();
}

export async function insertLevel(db: Trx, level: Insertable<LevelConfigsTable>): Promise<number> {
  const row = await db.insertInto('level_configs').values(level).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertStores(db: Trx, stores: Insertable<StoresTable>[]): Promise<void> {
  if (stores.length > 0) await db.insertInto('stores').values(stores).execute();
}

export async function insertRole(db: Trx, role: Insertable<RolesTable>): Promise<number> {
  const row = await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertUser(db: Trx, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertUserCompanies(db: Trx, userId: number, companyIds: number[]): Promise<void> {
  await db
    .insertInto('user_companies')
    .values(companyIds.map((companyId) => ({ user_id: userId, company_id: companyId })))
    .execute();
}
