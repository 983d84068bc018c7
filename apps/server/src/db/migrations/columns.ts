/** Column helpers for migrations: the few places where SQLite and PostgreSQL spell things differently. */
import type { CreateTableBuilder, Kysely } from 'kysely';

import type { DialectName } from '../database';

/** Starts `create table <name>` with the integer `id` primary key of the storage conventions. */
export function tableWithId(
  db: Kysely<unknown>,
  dialect: DialectName,
  name: string,
): CreateTableBuilder<string, 'id'> {
  const table = db.schema.createTable(name);
  switch (dialect) {
    case 'sqlite':
      return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    case 'postgres':
      return table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  }
}

/** Instants are epoch milliseconds: SQLite `integer` is 64-bit already, PostgreSQL needs `bigint`. */
export function instant(dialect: DialectName): 'integer' | 'bigint' {
  return dialect === 'sqlite' ? 'integer' : 'bigint';
}
