/**
 * The owner of operation_logs and its chain head (operation_log_head): chained batch appends, the paged
 * list, the distinct operation names and the walk in id order that verification reads.
 */
import type { Insertable, Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import type { OperationLogsTable } from '../../db/tables/audit';
import { containsText } from '../../db/text';
import { type ChainedEntry, chainEntries } from './operation-log-chain';

export type NewOperationLog = Omit<Insertable<OperationLogsTable>, 'id' | 'prev_hash' | 'hash'>;

export interface OperationLogFilter {
  userName?: string | undefined;
  /** Text inside the recorded name, or one of `apiNames` (the names whose translation matched). */
  apiName?: string | undefined;
  apiNames?: readonly string[] | undefined;
  /** Instants (ms), both ends included. */
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Appends a batch of entries to the chain in one transaction. Its first statement locks the chain head
 * (a row lock on PostgreSQL, the write lock on SQLite) and reads the newest hash, so appends from any
 * number of writers, on one node or several, are chained one after another, never on the same link.
 */
export async function insertOperationLogs(db: Kysely<DB>, entries: NewOperationLog[]): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction().execute(async (tx) => {
    const now = Date.now();
    const head = await tx
      .updateTable('operation_log_head')
      .set({ updated_at: now })
      .where('id', '=', 1)
      .returning('last_hash')
      .executeTakeFirstOrThrow();
    const chained = chainEntries(head.last_hash, entries.map(withDefaults));
    await tx.insertInto('operation_logs').values(chained).execute();
    const last = chained[chained.length - 1]?.hash ?? head.last_hash;
    await tx.updateTable('operation_log_head').set({ last_hash: last }).where('id', '=', 1).execute();
  });
}

/** An entry with its optional fields spelled out, as they will be read back and hashed. */
function withDefaults(entry: NewOperationLog) {
  return {
    ...entry,
    company_id: entry.company_id ?? null,
    error_msg: entry.error_msg ?? null,
    user_id: entry.user_id ?? null,
    user_name: entry.user_name ?? null,
  };
}

/** Up to `limit` entries after id `afterId`, in id order, with their chain columns. */
export async function listChainedEntries(
  db: Kysely<DB>,
  afterId: number,
  limit: number,
): Promise<ChainedEntry[]> {
  return db
    .selectFrom('operation_logs')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The hash of the newest entry as the chain head recorded it (undefined before the migration). */
export async function findChainHead(db: Kysely<DB>): Promise<string | undefined> {
  const row = await db
    .selectFrom('operation_log_head')
    .select('last_hash')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.last_hash;
}

/** The operation logs `scope` sees, filtered by user and operation name. */
function scoped(db: Kysely<DB>, scope: Scope, filter: OperationLogFilter) {
  let query = db.selectFrom('operation_logs');
  // Operation logs belong to companies, not stores: a company caller sees its company's entries.
  if (scope.companyId !== null) query = query.where('company_id', '=', scope.companyId);
  if (filter.userName) query = query.where(containsText('operation_logs.user_name', filter.userName));
  const { apiName, apiNames } = filter;
  if (apiName) {
    const contains = containsText('operation_logs.api_name', apiName);
    query =
      apiNames && apiNames.length > 0
        ? query.where((eb) => eb.or([contains, eb('api_name', 'in', [...apiNames])]))
        : query.where(contains);
  }
  if (filter.from !== undefined) query = query.where('operation_time', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('operation_time', '<=', filter.to);
  return query;
}

/** One page of entries inside `scope`, newest first, and the total. */
export async function listOperationLogs(
  db: Kysely<DB>,
  scope: Scope,
  filter: OperationLogFilter,
  page: { pageNum: number; pageSize: number },
) {
  const base = scoped(db, scope, filter);
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('operation_time', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** The distinct operation names (apiName) inside `scope`, alphabetically. */
export async function listOperationNames(db: Kysely<DB>, scope: Scope): Promise<string[]> {
  const rows = await scoped(db, scope, {}).select('api_name').distinct().orderBy('api_name').execute();
  return rows.map((r) => r.api_name);
}
