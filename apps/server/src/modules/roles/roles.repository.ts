/**
 * The owner of the `roles` table: paged list with user counts, lookups and writes. The user count
 * and the "no user holds it" delete read `users` inside the role statement (one statement, no race).
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import type { RolesTable } from '../../db/tables/access';
import { containsText } from '../../db/text';

export type RoleRow = Selectable<RolesTable>;

/** Which roles a list covers: one company's, or the admin application's (companyId null). */
export interface RoleOwner {
  companyId: number | null;
}

export interface RoleFilter {
  name?: string | undefined;
}

/** The roles of `owner` whose name matches the filter. */
function owned(db: Kysely<DB>, owner: RoleOwner, filter: RoleFilter) {
  let query = db.selectFrom('roles');
  query =
    owner.companyId === null
      ? query.where('company_id', 'is', null).where('app', '=', 'admin')
      : query.where('company_id', '=', owner.companyId).where('app', '=', 'company');
  if (filter.name) query = query.where(containsText('roles.name', filter.name));
  return query;
}

/** One page of the owner's roles, by name then id, each with how many users hold it. */
export async function listRoles(
  db: Kysely<DB>,
  owner: RoleOwner,
  filter: RoleFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: (RoleRow & { user_count: number })[]; total: number }> {
  const base = owned(db, owner, filter);
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([
    base
      .selectAll('roles')
      .select((eb) =>
        eb
          .selectFrom('users')
          .whereRef('users.role_id', '=', 'roles.id')
          .select((u) => u.fn.countAll<number>().as('n'))
          .as('user_count'),
      )
      .orderBy('roles.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, user_count: Number(r.user_count ?? 0) })),
    total: Number(total.total),
  };
}

/** A role by id, whoever owns it; callers check ownership. */
export async function findRole(db: Kysely<DB>, id: number): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a role and returns its id. */
export async function insertRole(db: Kysely<DB>, role: Insertable<RolesTable>): Promise<number> {
  const row = await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a role's editable columns. */
export async function updateRole(db: Kysely<DB>, id: number, changes: Updateable<RolesTable>): Promise<void> {
  await db.updateTable('roles').set(changes).where('id', '=', id).execute();
}

/**
 * Deletes the role unless a user holds it, in one statement so a user given the role meanwhile
 * cannot be left pointing at nothing; returns whether it was deleted.
 */
export async function deleteUnheldRole(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('roles')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.role_id', '=', 'roles.id'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
