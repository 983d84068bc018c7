/**
 * The owner of the global dictionary_items table (not company data, so no scope applies). Other
 * modules call these; device replies only join it for names.
 */
import type { Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { DictionaryItemsTable } from '../../db/tables/settings';

export type DictionaryRow = Selectable<DictionaryItemsTable>;

/** Items of one type that are in use, in seed order. */
export async function listItemsOfType(db: Kysely<DB>, type: string): Promise<DictionaryRow[]> {
  return db
    .selectFrom('dictionary_items')
    .selectAll()
    .where('type', '=', type)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Items of one type that depend on `relativeCode` (e.g. MODEL rows of a brand). */
export async function listItemsByRelative(
  db: Kysely<DB>,
  type: string,
  relativeCode: string,
): Promise<DictionaryRow[]> {
  return db
    .selectFrom('dictionary_items')
    .selectAll()
    .where('type', '=', type)
    .where('relative_code', '=', relativeCode)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Small categories (SUBCLASS_TYPE) under a large category code. */
export async function listSubclasses(db: Kysely<DB>, categoryCode: string): Promise<DictionaryRow[]> {
  return db
    .selectFrom('dictionary_items')
    .selectAll()
    .where('type', '=', 'SUBCLASS_TYPE')
    .where('parent_code', '=', categoryCode)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One item by type and code, retired ones included (stored codes must still resolve). */
export async function findItem(
  db: Kysely<DB>,
  type: string,
  code: string,
): Promise<DictionaryRow | undefined> {
  return db
    .selectFrom('dictionary_items')
    .selectAll()
    .where('type', '=', type)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Every code of one type, retired ones included, with its parent code (category/class checks). */
export async function listCodeParents(db: Kysely<DB>, type: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('dictionary_items')
    .select(['code', 'parent_code'])
    .where('type', '=', type)
    .execute();
  return new Map(rows.map((r) => [r.code, r.parent_code]));
}

/** The names of every item of `types`, retired ones included (stored codes must still show a name). */
export async function listItemNames(
  db: Kysely<DB>,
  types: readonly string[],
): Promise<Array<Pick<DictionaryRow, 'type' | 'code' | 'name' | 'name_en'>>> {
  if (types.length === 0) return [];
  return db
    .selectFrom('dictionary_items')
    .select(['type', 'code', 'name', 'name_en'])
    .where('type', 'in', [...types])
    .execute();
}
