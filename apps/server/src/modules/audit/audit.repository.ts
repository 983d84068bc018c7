/** The owner of operation_logs: batch inserts, the paged list and the distinct operation names. */
import type { Insertable, Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import type { OperationLogsTable } from '../../db/tables/audit';
import { containsText } from '../../db/text';

export type NewOperationLog = Insertable<OperationLogsTable>;

export interface OperationLogFilter {
  userName?: string | undefined;
  /** Text inside the recorded name, or one of `apiNames` (the names whose translation matched). */
  apiName?: string | undefined;
  apiNames?: readonly string[] | undefined;
  /** Instants (ms), both ends included. */
  from?: number | undefined;
  to?: number | undefined;
}

/** Inserts a batch of entries in one statement. */
export async function insertOperationLogs(db: Kysely<DB>, entries: NewOperationLog[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('operation_logs').values(entries).execute();
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
