/**
 * Rules an operator would write (issue 11), and quiet where it should be.
 * - `alert_rules`: `connect_type` and `device_category` become optional (null: any), `product_type`
 *   becomes `product_types` (JSON number[]; `[]`: every product type), and a rule may be scoped to
 *   stores (`shop_ids`) and regions (`area_ids`: level_configs ids of any level), JSON number[] like
 *   a role's scope (`[]` both: the whole company). `hold_seconds`: how long the condition must hold
 *   before a record opens. `recovery_value`: the threshold a record recovers past (null: the trigger
 *   value). The NOT NULL columns are renamed aside, re-added nullable, copied and dropped: the same
 *   statements on both dialects (SQLite cannot drop NOT NULL in place).
 * - `alert_holds`: a condition that holds and waits for its rule's hold time, one per (rule, device);
 *   `due` is when it opens a record unless a value ends it first (the sweep opens the due ones).
 * - `alert_records.suppressed_by`: the id of the box's offline record a device's offline record is
 *   held under while the box is down (not notified); null when it stands on its own.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

async function makeOptional(db: Kysely<unknown>, column: string, type: 'integer' | 'text'): Promise<void> {
  const aside = `${column}_required`;
  await db.schema.alterTable('alert_rules').renameColumn(column, aside).execute();
  await db.schema.alterTable('alert_rules').addColumn(column, type).execute();
  await sql`update alert_rules set ${sql.ref(column)} = ${sql.ref(aside)}`.execute(db);
  await db.schema.alterTable('alert_rules').dropColumn(aside).execute();
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  await makeOptional(db, 'connect_type', 'integer');
  await makeOptional(db, 'device_category', 'text');
  await db.schema
    .alterTable('alert_rules')
    .addColumn('product_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`update alert_rules set product_types = '[' || product_type || ']'`.execute(db);
  await db.schema.alterTable('alert_rules').dropColumn('product_type').execute();
  await db.schema
    .alterTable('alert_rules')
    .addColumn('shop_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('alert_rules')
    .addColumn('area_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('alert_rules')
    .addColumn('hold_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('alert_rules').addColumn('recovery_value', real).execute();

  await tableWithId(db, dialect, 'alert_holds')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('value', real, (c) => c.notNull())
    .addColumn('since', at, (c) => c.notNull())
    .addColumn('due', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_holds_rule_device')
    .on('alert_holds')
    .columns(['rule_id', 'device_id'])
    .unique()
    .execute();
  await db.schema.createIndex('alert_holds_due').on('alert_holds').column('due').execute();

  await db.schema.alterTable('alert_records').addColumn('suppressed_by', 'integer').execute();
  await db.schema
    .createIndex('alert_records_suppressed_by')
    .on('alert_records')
    .column('suppressed_by')
    .where(sql<boolean>`suppressed_by is not null`)
    .execute();
}
