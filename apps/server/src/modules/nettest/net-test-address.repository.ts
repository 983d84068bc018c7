/** SQL of the net-test addresses. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

import type { DB } from '../../db/database';
import type { NetTestAddressesTable } from '../../db/tables/net-test';

export type NetTestAddressRow = Selectable<NetTestAddressesTable>;

/**
 * Addresses offered to `companyId` (its own and the shared ones); with `companyId` null, every
 * address. Shared addresses first, then by id.
 */
export async function listNetTestAddresses(
  db: Kysely<DB>,
  companyId: number | null,
): Promise<NetTestAddressRow[]> {
  let query = db.selectFrom('net_test_addresses').selectAll();
  if (companyId !== null) {
    query = query.where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]));
  }
  return query
    .orderBy('company_id', (o) => o.nullsFirst())
    .orderBy('id')
    .execute();
}

/** Address `id`, if any. */
export async function findNetTestAddress(db: Kysely<DB>, id: number): Promise<NetTestAddressRow | undefined> {
  return db.selectFrom('net_test_addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts an address and returns its id. */
export async function insertNetTestAddress(
  db: Kysely<DB>,
  row: Insertable<NetTestAddressesTable>,
): Promise<number> {
  const saved = await db
    .insertInto('net_test_addresses')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** Changes address `id`. */
export async function updateNetTestAddress(
  db: Kysely<DB>,
  id: number,
  change: Updateable<NetTestAddressesTable>,
): Promise<void> {
  await db.updateTable('net_test_addresses').set(change).where('id', '=', id).execute();
}

/** Deletes address `id`. */
export async function deleteNetTestAddress(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('net_test_addresses').where('id', '=', id).execute();
}
