/**
 * Alert recipients ("alert senders", spec §3): who a company's alerts are sent to, how, for which
 * stores and regions, from which level up. A recipient is a user of the company (`account_id`; its
 * email/phone come from the user when the recipient's own are empty) or an outside contact. The
 * stores and regions it covers are link tables, so a store or level that is deleted drops out of the
 * coverage by itself and a region covers the stores added to it later.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'alert_senders')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('account_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('send_types', 'integer', (c) => c.notNull())
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .addColumn('create_by', 'text')
    .addColumn('update_by', 'text')
    .execute();
  await db.schema.createIndex('alert_senders_company').on('alert_senders').column('company_id').execute();
  // A user is one recipient per company (NULLs, the outside contacts, never clash).
  await db.schema
    .createIndex('alert_senders_account')
    .on('alert_senders')
    .columns(['company_id', 'account_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('alert_sender_stores')
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('alert_senders.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alert_sender_stores_pk', ['sender_id', 'shop_id'])
    .execute();
  await db.schema
    .createIndex('alert_sender_stores_shop')
    .on('alert_sender_stores')
    .column('shop_id')
    .execute();

  await db.schema
    .createTable('alert_sender_regions')
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('alert_senders.id').onDelete('cascade'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('level_configs.id').onDelete('cascade'))
    // The level's company, so the row names its owner like every other company row.
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addPrimaryKeyConstraint('alert_sender_regions_pk', ['sender_id', 'level_id'])
    .execute();
  await db.schema
    .createIndex('alert_sender_regions_level')
    .on('alert_sender_regions')
    .column('level_id')
    .execute();
}
