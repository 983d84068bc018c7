/**
 * Roles written straight into the database, for tests that need a role the API would refuse or that
 * must exist before a migration runs: the codes and scope a test is about, the rest as the API stores it.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

export interface RoleRow {
  companyId: number | null;
  name: string;
  /** `company` unless given. */
  app?: 'admin' | 'company';
  /** Menu codes. */
  authorities?: string[];
  /** Button codes. */
  buttons?: string[];
  areaIds?: number[];
  storeIds?: number[];
}

/** Inserts the role `row` and returns its id. */
export async function insertRole(db: Kysely<DB>, row: RoleRow): Promise<number> {
  const now = Date.now();
  const created = await db
    .insertInto('roles')
    .values({
      company_id: row.companyId,
      app: row.app ?? 'company',
      name: row.name,
      description: null,
      authorities: JSON.stringify(row.authorities ?? []),
      button_authorities: JSON.stringify(row.buttons ?? []),
      area_ids: JSON.stringify(row.areaIds ?? []),
      store_ids: JSON.stringify(row.storeIds ?? []),
      created_by: 'test',
      created_at: now,
      updated_by: 'test',
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(created.id);
}
