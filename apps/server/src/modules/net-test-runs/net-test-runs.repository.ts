/**
 * The owner of `net_test_runs` and `net_test_results` (which boxes a run reaches is read by the devices
 * repository, `boxesForRun`).
 * Results are read inside the caller's data scope (their store); runs by company, and for a
 * region-limited caller only those reaching one of its stores (`net_test_run_boxes`, also owned here).
 */
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';

import { isRestricted, type Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type {
  NetTestResultsTable,
  NetTestRunOrigin,
  NetTestRunStatus,
  NetTestRunsTable,
} from '../../db/tables/net-test-runs';
import { runnerAmong } from '../../engine/cluster/server-nodes.repository';

export type NetTestRunRow = Selectable<NetTestRunsTable> & {
  company_name: string;
  result_count: number;
  problem_count: number;
  scoped_box_count: number;
};
export type NetTestResultRow = Selectable<NetTestResultsTable> & { box_name: string; store_name: string };

/** Stores a run (`running`) and the boxes it reaches, together. */
export async function insertNetTestRun(
  db: Kysely<DB>,
  row: Insertable<NetTestRunsTable>,
  boxes: { box_id: number; shop_id: number }[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const saved = await trx.insertInto('net_test_runs').values(row).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < boxes.length; i += 500) {
      await trx
        .insertInto('net_test_run_boxes')
        .values(boxes.slice(i, i + 500).map((b) => ({ ...b, run_id: saved.id })))
        .execute();
    }
    return saved.id;
  });
}

/** Marks run `id` finished at `at`, if it is still running on node `runner` (not taken over meanwhile). */
export async function finishNetTestRun(
  db: Kysely<DB>,
  id: number,
  runner: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('net_test_runs')
    .set({ status: 'finished', finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner_node', '=', runner)
    .execute();
}

/** The nodes carrying out the runs still `running` (null: runs from before runners were recorded). */
export async function listNetTestRunners(db: Kysely<DB>): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('net_test_runs')
    .select('runner_node')
    .distinct()
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => row.runner_node);
}

/**
 * The runs still `running` on one of `runners` (nodes that are gone: their runs were cut) become
 * `interrupted`, finished at `at`, keeping the results they had. One statement, so of two nodes doing
 * it at once the second changes nothing. Returns how many changed.
 */
export async function markInterruptedNetTestRuns(
  db: Kysely<DB>,
  runners: readonly (string | null)[],
  at: number,
): Promise<number> {
  const changed = await db
    .updateTable('net_test_runs')
    .set({ status: 'interrupted', finished_at: at })
    .where('status', '=', 'running')
    .where(runnerAmong(runners))
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

export async function insertNetTestResults(
  db: Kysely<DB>,
  rows: Insertable<NetTestResultsTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('net_test_results').values(rows).execute();
}

/**
 * Runs with their counts inside `scope`: for a region-limited caller only the runs reaching one of its
 * stores, and the boxes/results counted are those in its stores. A platform scope sees every company.
 */
function runs(db: Kysely<DB>, scope: Scope) {
  const restricted = isRestricted(scope);
  let query = db
    .selectFrom('net_test_runs as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .selectAll('r')
    .select((eb) => {
      const mine = (alias: string) =>
        restricted
          ? sql`and exists (select 1 from stores where stores.id = ${sql.ref(`${alias}.shop_id`)} and ${storeInScope(eb, scope)})`
          : sql``;
      return [
        'c.name as company_name',
        sql<number>`(select count(*) from net_test_results x where x.run_id = r.id ${mine('x')})`.as(
          'result_count',
        ),
        sql<number>`(select count(*) from net_test_results x where x.run_id = r.id and x.outcome <> 'ok' ${mine('x')})`.as(
          'problem_count',
        ),
        sql<number>`(select count(*) from net_test_run_boxes b where b.run_id = r.id ${mine('b')})`.as(
          'scoped_box_count',
        ),
      ];
    });
  if (scope.companyId !== null) query = query.where('r.company_id', '=', scope.companyId);
  if (restricted) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('net_test_run_boxes as b')
          .innerJoin('stores', 'stores.id', 'b.shop_id')
          .select('b.id')
          .whereRef('b.run_id', '=', 'r.id')
          .where((eb) => storeInScope(eb, scope)),
      ),
    );
  }
  return query;
}

export interface RunFilter {
  status?: NetTestRunStatus;
  startedFrom?: NetTestRunOrigin;
  companyId?: number;
}

/** One page of the runs in `scope` (see `runs`), newest first, and how many there are. */
export async function listNetTestRuns(
  db: Kysely<DB>,
  scope: Scope,
  filter: RunFilter & { offset: number; limit: number },
): Promise<{ rows: NetTestRunRow[]; total: number }> {
  const filtered = filterRuns(runs(db, scope), filter);
  const [total, rows] = await Promise.all([
    db
      .selectFrom(filtered.as('f'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered.orderBy('r.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { rows: rows.map(numbered), total: Number(total.n) };
}

function filterRuns<Q extends ReturnType<typeof runs>>(query: Q, filter: RunFilter): Q {
  let q = query;
  if (filter.status) q = q.where('r.status', '=', filter.status) as Q;
  if (filter.startedFrom) q = q.where('r.started_from', '=', filter.startedFrom) as Q;
  if (filter.companyId !== undefined) q = q.where('r.company_id', '=', filter.companyId) as Q;
  return q;
}

/** Run `id` inside `scope` (see `runs`), if any. */
export async function findNetTestRun(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
  filter: RunFilter = {},
): Promise<NetTestRunRow | undefined> {
  const row = await filterRuns(runs(db, scope), filter).where('r.id', '=', id).executeTakeFirst();
  return row ? numbered(row) : undefined;
}

function numbered(row: NetTestRunRow): NetTestRunRow {
  return {
    ...row,
    result_count: Number(row.result_count),
    problem_count: Number(row.problem_count),
    scoped_box_count: Number(row.scoped_box_count),
  };
}

function results(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom('net_test_results as n')
    .innerJoin('stores', 'stores.id', 'n.shop_id')
    .innerJoin('devices', 'devices.id', 'n.box_id')
    .selectAll('n')
    .select(['devices.device_name as box_name', 'stores.store_name'])
    .where((eb) => storeInScope(eb, scope));
}

/** The results of run `runId` inside `scope`, by store, box and address. */
export async function listRunResults(
  db: Kysely<DB>,
  scope: Scope,
  runId: number,
): Promise<NetTestResultRow[]> {
  return results(db, scope)
    .where('n.run_id', '=', runId)
    .orderBy('n.shop_id')
    .orderBy('n.box_id')
    .orderBy('n.address_id')
    .execute();
}

/**
 * Results inside `scope` of the last `since` on (optionally one address, store, box), oldest first; at
 * most `limit`, the newest ones.
 */
export async function resultHistory(
  db: Kysely<DB>,
  scope: Scope,
  filter: { since: number; addressId?: number; shopId?: number; boxId?: number; limit: number },
): Promise<NetTestResultRow[]> {
  let query = results(db, scope).where('n.tested_at', '>=', filter.since);
  if (filter.addressId !== undefined) query = query.where('n.address_id', '=', filter.addressId);
  if (filter.shopId !== undefined) query = query.where('n.shop_id', '=', filter.shopId);
  if (filter.boxId !== undefined) query = query.where('n.box_id', '=', filter.boxId);
  const rows = await query
    .orderBy('n.tested_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.reverse();
}

/** Each store's latest result per address inside `scope` (optionally one address), by store then address. */
export async function latestResultsPerStore(
  db: Kysely<DB>,
  scope: Scope,
  addressId?: number,
): Promise<NetTestResultRow[]> {
  let query = results(db, scope).where(({ eb, selectFrom }) =>
    eb(
      'n.id',
      '=',
      selectFrom('net_test_results as m')
        .select('m.id')
        .whereRef('m.shop_id', '=', 'n.shop_id')
        .whereRef('m.address_id', '=', 'n.address_id')
        .orderBy('m.tested_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(1),
    ),
  );
  if (addressId !== undefined) query = query.where('n.address_id', '=', addressId);
  return query.orderBy('n.shop_id').orderBy('n.address_id').limit(5000).execute();
}
