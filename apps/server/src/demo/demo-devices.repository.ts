/** The store rows the demo device seed walks. */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

/** Every store, in id order, with its company. */
export async function listSeedStores(db: Kysely<DB>) {
  return db.selectFrom('stores').select(['id', 'company_id', 'store_no']).orderBy('id').execute();
}
