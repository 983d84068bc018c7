/**
 * The owner of `users` and `user_companies` as user management reads and writes them (never selecting
 * the password hash out; sign-in's credential reads are in auth/auth.repository.ts).
 */
import { UserType } from '@storefleet/contracts';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';

import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import type { UsersTable } from '../../db/tables/access';
import { containsText } from '../../db/text';

/** A user row with its role and company names, without the password hash. */
export type UserRecord = Omit<Selectable<UsersTable>, 'password_hash'> & {
  role_name: string | null;
  company_name: string | null;
};

/** Which users a caller manages: a company (or every company, null) and the user types it sees. */
export interface UserAudience {
  companyId: number | null;
  userTypes: readonly number[];
}

export interface UserFilter {
  name?: string | undefined;
  userName?: string | undefined;
  status?: string | undefined;
  userType?: number | undefined;
  departmentId?: string | undefined;
}

const COLUMNS = [
  'users.id',
  'users.company_id',
  'users.user_type',
  'users.account_name',
  'users.name',
  'users.password_changed_at',
  'users.token_version',
  'users.status',
  'users.role_id',
  'users.cellphone',
  'users.email',
  'users.country',
  'users.description',
  'users.department_id',
  'users.personal_image_url',
  'users.area_ids',
  'users.store_ids',
  'users.version',
  'users.created_by',
  'users.created_at',
  'users.updated_by',
  'users.updated_at',
] as const;

/** The audience's users (joined to role and company) matching the filter. */
function audienceQuery(db: Kysely<DB>, audience: UserAudience, filter: UserFilter) {
  let query = db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .where('users.user_type', 'in', [...audience.userTypes]);
  if (audience.companyId !== null) query = query.where('users.company_id', '=', audience.companyId);
  if (filter.name) query = query.where(containsText('users.name', filter.name));
  if (filter.userName) query = query.where(containsText('users.account_name', filter.userName));
  if (filter.status) query = query.where('users.status', '=', filter.status);
  if (filter.userType !== undefined) query = query.where('users.user_type', '=', filter.userType);
  if (filter.departmentId) query = query.where('users.department_id', '=', filter.departmentId);
  return query;
}

/** Selects the user columns (never the password hash) with role and company names. */
function withNames<Q extends ReturnType<typeof audienceQuery>>(query: Q) {
  return query.select([...COLUMNS, 'roles.name as role_name', 'companies.name as company_name']);
}

/** One page of the audience's users, oldest first, and the total. */
export async function listUsers(
  db: Kysely<DB>,
  audience: UserAudience,
  filter: UserFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: UserRecord[]; total: number }> {
  const base = audienceQuery(db, audience, filter);
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([
    withNames(base).orderBy('users.id').limit(window.limit).offset(window.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** A user row with its role's areas and stores, to work out its data scope in memory. */
export type ScopedUserRecord = UserRecord & { role_area_ids: string | null; role_store_ids: string | null };

/** Every user of the audience matching the filter (for coverage checks done in memory), oldest first. */
export async function listAllUsers(
  db: Kysely<DB>,
  audience: UserAudience,
  filter: UserFilter,
): Promise<ScopedUserRecord[]> {
  return withNames(audienceQuery(db, audience, filter))
    .select(['roles.area_ids as role_area_ids', 'roles.store_ids as role_store_ids'])
    .orderBy('users.id')
    .execute();
}

/** A user by id inside the audience. */
export async function findUser(
  db: Kysely<DB>,
  audience: UserAudience,
  id: number,
): Promise<ScopedUserRecord | undefined> {
  return withNames(audienceQuery(db, audience, {}))
    .select(['roles.area_ids as role_area_ids', 'roles.store_ids as role_store_ids'])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

/**
 * The first platform user: the earliest (lowest id) platform user without a role, the one created from
 * ADMIN_USERNAME or the demo `platform`. Platform users created later always carry a role.
 */
export async function firstPlatformUserId(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', UserType.PLATFORM_USER)
    .where('role_id', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** How many users hold role `roleId`. */
export async function countRoleUsers(db: Kysely<DB>, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the users holding role `roleId`. */
export async function roleHolderIds(db: Kysely<DB>, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role_id', '=', roleId).execute();
  return rows.map((r) => r.id);
}

/** Whether an account name is taken (case-insensitively), optionally ignoring one user. */
export async function accountNameTaken(
  db: Kysely<DB>,
  accountName: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(account_name) = ${accountName.toLowerCase()}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Inserts a user and returns its id. */
export async function insertUser(db: Kysely<DB>, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a user's columns, bumping its version (and, when asked, its token version to end its sessions). */
export async function updateUser(
  db: Kysely<DB>,
  id: number,
  changes: Updateable<UsersTable>,
  endSessions: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...changes,
      version: eb('version', '+', 1),
      ...(endSessions ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** The companies of the users among `userIds` that hold a companyMap (agent admins), with names. */
export async function listUserCompanies(
  db: Kysely<DB>,
  userIds: readonly number[],
): Promise<{ user_id: number; company_id: number; name: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_companies')
    .innerJoin('companies', 'companies.id', 'user_companies.company_id')
    .select(['user_companies.user_id', 'user_companies.company_id', 'companies.name'])
    .where('user_companies.user_id', 'in', [...userIds])
    .orderBy('user_companies.company_id')
    .execute();
}

/** Replaces a user's companyMap with `companyIds`. */
export async function replaceUserCompanies(
  db: Kysely<DB>,
  userId: number,
  companyIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('user_companies').where('user_id', '=', userId).execute();
  if (companyIds.length === 0) return;
  await db
    .insertInto('user_companies')
    .values(companyIds.map((company_id) => ({ user_id: userId, company_id })))
    .execute();
}
