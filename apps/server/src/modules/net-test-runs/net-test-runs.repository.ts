/**
 * The owner of `net_test_runs` and `net_test_results` (which boxes a run reaches is read by the devices
 * repository, `boxesForRun`).
 * Results are read inside the caller's data scope (their store), runs by company.
 */
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type { NetTestResultsTable, NetTestRunStatus, NetTestRunsTable } from '../../db/tables/net-test-runs';

export type NetTestRunRow = Selectable<NetTestRunsTable> & { result_count: number; problem_count: number };
export type NetTestResultRow = Selectable<NetTestResultsTable> & { box_name: string; store_name: string };

export async function insertNetTestRun(db: Kysely<DB>, row: Insertable<NetTestRunsTable>): Promise<number> {
  const saved = await db.insertInto('net_test_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return saved.id;
}

export async function finishNetTestRun(db: Kysely<DB>, id: number, at: number): Promise<void> {
  await db
    .updateTable('net_test_runs')
    .set({ status: 'finished', finished_at: at })
    .where('id', '=', id)
    .execute();
}

export async function insertNetTestResults(
  db: Kysely<DB>,
  rows: Insertable<NetTestResultsTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('net_test_results').values(rows).execute();
}

function runs(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('net_test_runs as r')
    .where('r.company_id', '=', companyId)
    .selectAll('r')
    .select([
      sql<number>`(select count(*) from net_test_results x where x.run_id = r.id)`.as('result_count'),
      sql<number>`(select count(*) from net_test_results x where x.run_id = r.id and x.outcome <> 'ok')`.as(
        'problem_count',
      ),
    ]);
}

/** One page of the company's runs, newest first, and how many there are. */
export async function listNetTestRuns(
  db: Kysely<DB>,
  companyId: number,
  filter: { status?: NetTestRunStatus; offset: number; limit: number },
): Promise<{ rows: NetTestRunRow[]; total: number }> {
  let count = db
    .selectFrom('net_test_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId);
  let page = runs(db, companyId);
  if (filter.status) {
    count = count.where('status', '=', filter.status);
    page = page.where('r.status', '=', filter.status);
  }
  const [total, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page.orderBy('r.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { rows: rows.map(numbered), total: Number(total.n) };
}

/** Run `id` of `companyId`, if any. */
export async function findNetTestRun(
  db: Kysely<DB>,
  companyId: number,
  id: number,
): Promise<NetTestRunRow | undefined> {
  const row = await runs(db, companyId).where('r.id', '=', id).executeTakeFirst();
  return row ? numbered(row) : undefined;
}

function numbered(row: NetTestRunRow): NetTestRunRow {
  return { ...row, result_count: Number(row.result_count), problem_count: Number(row.problem_count) };
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
