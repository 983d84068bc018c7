/**
 * Messages in the recipient's language (issue 11 "Notifications"): a recipient's language
 * (`alert_senders.language`, 'zh-CN' or 'en-US', Chinese for every recipient that existed before) and the
 * language a delivery was worded in, resolved when it is queued like its address
 * (`alert_deliveries.language`; null on the rows queued before: Chinese, as they were).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('alert_senders')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .execute();
  await db.schema.alterTable('alert_deliveries').addColumn('language', 'text').execute();
}
