/**
 * Multi-row INSERT statements as parameterised SQL text, for the repositories that write many rows at
 * once (ingest: raw history, syslog, last values). See bulkInsert.
 */
import { CompiledQuery } from 'kysely';

import type { DialectName } from './database';
import type { Trx } from './trx';

/** Rows per statement on PostgreSQL (1000 rows of up to 65 columns stay under its 65,535 parameters). */
const PG_STATEMENT_ROWS = 1000;

/**
 * Row counts of the statements one SQLite bulk insert is cut into: as many 128-row statements as fit,
 * then the rest in powers of two (73 rows → 64 + 8 + 1). So a table has at most eight statement texts,
 * and each stays prepared in the connection's statement cache (db/sqlite.ts) instead of being parsed
 * again for every batch.
 */
export function sqliteStatementSizes(rows: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  for (; left >= 128; left -= 128) sizes.push(128);
  for (let size = 64; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

const insertTexts = new Map<string, string>();

/** The text of a `rowCount`-row INSERT into `table`, kept for the row counts a table keeps using. */
export function insertText(
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  rowCount: number,
  suffix: string,
): string {
  const key = `${dialect}\u0000${table}\u0000${rowCount}\u0000${suffix}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    let n = 0;
    for (let row = 0; row < rowCount; row++) {
      const marks = columns.map(() => (dialect === 'postgres' ? `$${++n}` : '?'));
      tuples.push(`(${marks.join(',')})`);
    }
    const names = columns.map((c) => `"${c}"`).join(',');
    text = `insert into "${table}" (${names}) values ${tuples.join(',')}${suffix}`;
    // PostgreSQL's last statement of a batch has any size up to 1000: not worth keeping.
    if (dialect === 'sqlite' || rowCount === PG_STATEMENT_ROWS) insertTexts.set(key, text);
  }
  return text;
}

/**
 * Multi-row INSERTs as parameterised SQL text. Kysely's builder spends tens of milliseconds compiling
 * a 1000-row insert (one node per value), more than the database takes to run it, so ingest writes
 * its bulk rows this way: on SQLite in statements of fixed sizes that stay prepared, on PostgreSQL
 * 1000 rows a statement. Table and column names are the caller's constants (never input), values
 * are always parameters.
 */
export async function bulkInsert<T extends object>(
  trx: Trx,
  dialect: DialectName,
  table: string,
  columns: ReadonlyArray<keyof T & string>,
  rows: readonly T[],
  suffix = '',
): Promise<void> {
  const sizes =
    dialect === 'sqlite'
      ? sqliteStatementSizes(rows.length)
      : Array.from({ length: Math.ceil(rows.length / PG_STATEMENT_ROWS) }, (_, i) =>
          Math.min(PG_STATEMENT_ROWS, rows.length - i * PG_STATEMENT_ROWS),
        );
  let start = 0;
  for (const size of sizes) {
    const params: unknown[] = new Array(size * columns.length);
    let p = 0;
    for (let r = start; r < start + size; r++) {
      const row = rows[r] as Record<string, unknown>;
      for (const column of columns) params[p++] = row[column] ?? null;
    }
    start += size;
    await trx.executeQuery(CompiledQuery.raw(insertText(dialect, table, columns, size, suffix), params));
  }
}
