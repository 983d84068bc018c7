/** Stores as the header's global search finds them (the stores module owns the `stores` table). */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';

export interface StoreSearchRow {
  id: number;
  store_no: string;
  store_name: string;
}

/**
 * Stores inside `scope` whose number or name contains `text`, at most `limit`: an exact store number
 * first, then by number.
 */
export async function searchStores(
  db: Kysely<DB>,
  scope: Scope,
  text: string,
  limit: number,
): Promise<StoreSearchRow[]> {
  return db
    .selectFrom('stores')
    .select(['stores.id', 'stores.store_no', 'stores.store_name'])
    .where((eb) => storeInScope(eb, scope))
    .where((eb) => eb.or([containsText('stores.store_no', text), containsText('stores.store_name', text)]))
    .orderBy((eb) => eb.case().when('stores.store_no', '=', text).then(0).else(1).end())
    .orderBy('stores.store_no')
    .orderBy('stores.id')
    .limit(limit)
    .execute();
}
