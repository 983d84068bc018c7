/** Text search that behaves the same on SQLite and PostgreSQL. */
import { type Expression, type SqlBool, sql } from 'kysely';

/** Escapes LIKE wildcards so user text matches literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "column contains text", case-insensitively, with `%` and `_` in the text taken literally:
 * `.where(containsText('operation_logs.user_name', filter.userName))`.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
