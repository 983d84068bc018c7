/**
 * Which stored image names inventory records hold (docs/decisions/inventory.md, "Images"): who may read
 * an image, and the names still referenced when records or images go, so files nobody references are
 * removed. Reads of `inventory_records`, whose owner is inventory.repository.ts.
 */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { RECORD_STORE_COLUMNS } from './inventory.repository';

/** Whether a stored image name is held by a record of the scope (platform users reading an image). */
export async function findImageCompany(
  db: Kysely<DB>,
  scope: Scope,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('inventory_records')
    .innerJoin('stores', 'stores.id', 'inventory_records.shop_id')
    .select('inventory_records.company_id')
    .where('inventory_records.images', 'like', `%"${name}"%`)
    .where((eb) => storeInScope(eb, scope, RECORD_STORE_COLUMNS))
    .executeTakeFirst();
  return row?.company_id;
}

/** The company and image list of each record among `ids` (read before they are deleted). */
export async function listRecordImages(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Array<{ company_id: number; images: string | null }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('inventory_records')
    .select(['company_id', 'images'])
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The image lists of the company's records naming any of `names` (stored names are content hashes,
 * `[0-9a-f]{64}.ext`: nothing in them is a LIKE wildcard). The caller reads the names out of them.
 */
export async function listImageHolders(
  db: Kysely<DB>,
  companyId: number,
  names: readonly string[],
): Promise<Array<{ images: string | null }>> {
  if (names.length === 0) return [];
  return db
    .selectFrom('inventory_records')
    .select('images')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or(names.map((name) => eb('images', 'like', `%"${name}"%`))))
    .execute();
}
