/**
 * Alert recipients of the data-scope sweep: company B's canary recipient (covering B's sweep store)
 * and a company A recipient covering the region outside the operator's, with texts that must never
 * reach the askers who may not see them.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

export const SENDER_SECRETS = {
  companyB: ['CANARY-SENDER-B', 'canary-sender-b@example.invalid'],
  outside: ['CANARY-SENDER-OUT', 'canary-sender-out@example.invalid'],
} as const;

async function insertSender(
  db: Kysely<DB>,
  companyId: number,
  [name, email]: readonly [string, string],
  cover: { shopId?: number; levelId?: number },
): Promise<void> {
  const now = Date.now();
  const { id } = await db
    .insertInto('alert_senders')
    .values({
      company_id: companyId,
      account_id: null,
      name,
      email,
      phone: '+85200000000',
      send_types: 0b011,
      min_level: 1,
      created_at: now,
      updated_at: now,
      create_by: 'sweep',
      update_by: 'sweep',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (cover.shopId !== undefined)
    await db.insertInto('alert_sender_stores').values({ sender_id: id, shop_id: cover.shopId }).execute();
  if (cover.levelId !== undefined)
    await db
      .insertInto('alert_sender_regions')
      .values({ sender_id: id, level_id: cover.levelId, company_id: companyId })
      .execute();
}

/** Seeds B's recipient on store `bStoreId` and A's on region `outsideRegionName`. */
export async function seedSweepSenders(
  db: Kysely<DB>,
  companyB: number,
  bStoreId: number,
  companyA: number,
  outsideRegionName: string,
): Promise<void> {
  await insertSender(db, companyB, SENDER_SECRETS.companyB, { shopId: bStoreId });
  const region = await db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyA)
    .where('name', '=', outsideRegionName)
    .executeTakeFirstOrThrow();
  await insertSender(db, companyA, SENDER_SECRETS.outside, { levelId: region.id });
}

/** The recipients covering any of `storeIds` or the level `regionId`, newest first. */
export async function senderIdsOf(
  db: Kysely<DB>,
  storeIds: readonly number[],
  regionId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('alert_senders as s')
    .select('s.id')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('alert_sender_stores as ss')
            .select('ss.shop_id')
            .whereRef('ss.sender_id', '=', 's.id')
            .where('ss.shop_id', 'in', storeIds.length > 0 ? [...storeIds] : [0]),
        ),
        eb.exists(
          eb
            .selectFrom('alert_sender_regions as sr')
            .select('sr.level_id')
            .whereRef('sr.sender_id', '=', 's.id')
            .where('sr.level_id', '=', regionId),
        ),
      ]),
    )
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}
