/** SQL over config_items: one company's stored values (codes without a row use their default). */
import type { ConfigItemCode } from '@storefleet/contracts';
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import { stamps, updateStamps } from '../../db/stamps';
import type { ConfigItemsTable } from '../../db/tables/settings';

export type ConfigItemRow = Selectable<ConfigItemsTable>;

/** The stored values of one company. */
export async function listCompanyConfigRows(db: Kysely<DB>, companyId: number): Promise<ConfigItemRow[]> {
  return db
    .selectFrom('config_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export interface ConfigWrite {
  code: ConfigItemCode;
  value: string;
}

/** Stores several values of one company in one transaction: every row is written or none is. */
export async function saveCompanyConfig(
  db: Kysely<DB>,
  companyId: number,
  writes: readonly ConfigWrite[],
  by: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { code, value } of writes) {
      await trx
        .insertInto('config_items')
        .values({
          company_id: companyId,
          code,
          value,
          ...stamps(by, now),
        })
        .onConflict((oc) =>
          oc.columns(['company_id', 'code']).doUpdateSet({ value, ...updateStamps(by, now) }),
        )
        .execute();
    }
  });
}
