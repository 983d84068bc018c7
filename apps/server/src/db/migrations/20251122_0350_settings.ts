/**
 * Global dictionary (seeded here), per-company config items, company logos and issued logo uploads.
 * The seed is part of this migration so every database, test ones included, has the dictionary from
 * the start; later dictionary additions come as new migrations inserting the missing rows.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';
import { BRAND_DICTIONARY } from './data/brands-20251122';
import { BASE_DICTIONARY } from './data/dictionary-20251122';

/** The frozen row shape this migration inserts (not the live table type, which may grow later). */
type SeedTables = {
  dictionary_items: {
    type: string;
    code: string;
    name: string;
    name_en: string | null;
    parent_code: string | null;
    relative_code: string | null;
    description: string | null;
    status: number;
    attribute1: string | null;
    sort: number;
  };
};

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'dictionary_items')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('parent_code', 'text')
    .addColumn('relative_code', 'text')
    .addColumn('description', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attribute1', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('dictionary_items_type_code', ['type', 'code'])
    .execute();
  await db.schema
    .createIndex('dictionary_items_type_relative')
    .on('dictionary_items')
    .columns(['type', 'relative_code'])
    .execute();
  await db.schema
    .createIndex('dictionary_items_type_parent')
    .on('dictionary_items')
    .columns(['type', 'parent_code'])
    .execute();

  const rows = [...BASE_DICTIONARY, ...BRAND_DICTIONARY].map((item, index) => ({
    type: item.type,
    code: item.code,
    name: item.name,
    name_en: item.nameEn,
    parent_code: item.parentCode ?? null,
    relative_code: item.relativeCode ?? null,
    description: item.description ?? null,
    status: 1,
    attribute1: item.attribute1 ?? null,
    sort: index,
  }));
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .withTables<SeedTables>()
      .insertInto('dictionary_items')
      .values(rows.slice(i, i + 50))
      .execute();
  }

  await tableWithId(db, dialect, 'config_items')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .addUniqueConstraint('config_items_company_code', ['company_id', 'code'])
    .execute();

  await tableWithId(db, dialect, 'company_logos')
    .addColumn('company_id', 'integer', (c) => c.notNull().unique().references('companies.id'))
    .addColumn('img_url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_id', 'integer')
    .addColumn('create_name', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('last_update_name', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();

  await tableWithId(db, dialect, 'logo_uploads')
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', at, (c) => c.notNull())
    .execute();
}
