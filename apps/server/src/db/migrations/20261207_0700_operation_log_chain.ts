/**
 * The operation log's hash chain (issue 31, modules/audit/operation-log-chain.ts): each entry gets the
 * hash of the entry before it and its own hash, and `operation_log_head` holds the newest entry's hash
 * in one row that every append locks, so appends from several server nodes form one line. The entries
 * already written are chained here once, oldest first.
 */
import type { Kysely } from 'kysely';

import { type ChainedFields, chainEntries, GENESIS_HASH } from '../../modules/audit/operation-log-chain';
import type { DialectName } from '../database';
import { instant } from './columns';

const PAGE = 1000;

interface Tables {
  operation_logs: ChainedFields & { id: number; prev_hash: string | null; hash: string | null };
  operation_log_head: { id: number; last_hash: string; updated_at: number };
}

export async function up(unknownDb: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const db = unknownDb as Kysely<Tables>;
  await db.schema.alterTable('operation_logs').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('operation_logs').addColumn('hash', 'text').execute();
  await db.schema
    .createTable('operation_log_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', instant(dialect), (c) => c.notNull())
    .execute();

  let last = GENESIS_HASH;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('operation_logs')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    const chained = chainEntries(last, rows);
    const write = async (tx: Kysely<Tables>) => {
      for (const row of chained) {
        await tx
          .updateTable('operation_logs')
          .set({ prev_hash: row.prev_hash, hash: row.hash })
          .where('id', '=', row.id)
          .execute();
      }
    };
    // One commit per page, not per entry (the migrator runs SQLite migrations outside a transaction).
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
    last = chained[chained.length - 1]?.hash ?? last;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
  await db
    .insertInto('operation_log_head')
    .values({ id: 1, last_hash: last, updated_at: Date.now() })
    .execute();
}
