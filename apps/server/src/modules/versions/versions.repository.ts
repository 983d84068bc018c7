/**
 * The owner of `agent_versions`, `upgrade_runs` and `upgrade_run_boxes` (which boxes a run reaches is
 * read by the devices repository, `boxesForRun`). Versions are platform-wide; runs and their boxes
 * belong to a company and their boxes are read inside the caller's data scope.
 */
import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type {
  AgentVersionsTable,
  UpgradeBoxState,
  UpgradeRunBoxesTable,
  UpgradeRunStatus,
  UpgradeRunsTable,
} from '../../db/tables/versions';
import { runnerAmong } from '../../engine/cluster/server-nodes.repository';

export type VersionRow = Selectable<AgentVersionsTable> & { run_count: number };
export type UpgradeRunRow = Selectable<UpgradeRunsTable> & {
  version_no: string;
  box_count: number;
  installed_count: number;
  failed_count: number;
};
export type UpgradeRunBoxRow = Selectable<UpgradeRunBoxesTable> & { box_name: string; store_name: string };

// ── versions ─────────────────────────────────────────────────────────────────────────────────────────

function versions(db: Kysely<DB>) {
  return db
    .selectFrom('agent_versions as v')
    .selectAll('v')
    .select(sql<number>`(select count(*) from upgrade_runs r where r.version_id = v.id)`.as('run_count'));
}

const numberedVersion = (row: VersionRow): VersionRow => ({
  ...row,
  size: Number(row.size),
  is_current: Number(row.is_current),
  run_count: Number(row.run_count),
  created_at: Number(row.created_at),
});

export async function insertVersion(db: Kysely<DB>, row: Insertable<AgentVersionsTable>): Promise<number> {
  const saved = await db.insertInto('agent_versions').values(row).returning('id').executeTakeFirstOrThrow();
  return saved.id;
}

export async function findVersion(db: Kysely<DB>, id: number): Promise<VersionRow | undefined> {
  const row = await versions(db).where('v.id', '=', id).executeTakeFirst();
  return row ? numberedVersion(row) : undefined;
}

export async function findVersionByNumber(
  db: Kysely<DB>,
  versionNo: string,
): Promise<{ id: number } | undefined> {
  return db.selectFrom('agent_versions').select('id').where('version_no', '=', versionNo).executeTakeFirst();
}

/** One page of the versions, newest first, and how many there are. */
export async function listVersions(
  db: Kysely<DB>,
  page: { offset: number; limit: number },
): Promise<{ rows: VersionRow[]; total: number }> {
  const [total, rows] = await Promise.all([
    db
      .selectFrom('agent_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    versions(db).orderBy('v.id', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { rows: rows.map(numberedVersion), total: Number(total.n) };
}

/** Makes `id` the only current version (one transaction, so there is never none-or-two in between). */
export async function markCurrentVersion(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('agent_versions').set({ is_current: 0 }).where('is_current', '=', 1).execute();
    await trx.updateTable('agent_versions').set({ is_current: 1 }).where('id', '=', id).execute();
  });
}

/** Deletes version `id` when it is not current and no run used it; false when it was kept. */
export async function deleteUnusedVersion(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('agent_versions')
    .where('id', '=', id)
    .where('is_current', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('upgrade_runs').select('id').where('version_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether `boxId` is in a run of `companyId` that pushes version `versionId` (may download it). */
export async function boxMayDownload(db: Kysely<DB>, boxId: number, versionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('upgrade_run_boxes as b')
    .innerJoin('upgrade_runs as r', 'r.id', 'b.run_id')
    .select('b.id')
    .where('b.box_id', '=', boxId)
    .where('r.version_id', '=', versionId)
    .executeTakeFirst();
  return row !== undefined;
}

// ── runs ─────────────────────────────────────────────────────────────────────────────────────────────

/** Inserts the run and its boxes (all pending) in one transaction; answers the run id. */
export async function insertUpgradeRun(
  db: Kysely<DB>,
  run: Insertable<UpgradeRunsTable>,
  boxes: Omit<Insertable<UpgradeRunBoxesTable>, 'run_id'>[],
): Promise<number> {
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const saved = await trx.insertInto('upgrade_runs').values(run).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < boxes.length; i += 500) {
      await trx
        .insertInto('upgrade_run_boxes')
        .values(boxes.slice(i, i + 500).map((b) => ({ ...b, run_id: saved.id })))
        .execute();
    }
    return saved.id;
  });
}

/**
 * Updates run `id` while it is running on node `runner`; false when it is not (another node took it
 * over, having judged this one gone): the caller stops carrying it out.
 */
export async function updateUpgradeRun(
  db: Kysely<DB>,
  id: number,
  runner: string,
  set: Updateable<UpgradeRunsTable>,
): Promise<boolean> {
  const changed = await db
    .updateTable('upgrade_runs')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner_node', '=', runner)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/** Sets the state of box `boxId` in run `runId` while the run is running on `runner` (false: it is not). */
export async function setBoxState(
  db: Kysely<DB>,
  runId: number,
  boxId: number,
  runner: string,
  set: {
    state: UpgradeBoxState;
    reason?: string | null;
    reported_version?: string | null;
    updated_at: number;
  },
): Promise<boolean> {
  const changed = await db
    .updateTable('upgrade_run_boxes')
    .set(set)
    .where('run_id', '=', runId)
    .where('box_id', '=', boxId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('upgrade_runs')
          .select('upgrade_runs.id')
          .where('upgrade_runs.id', '=', runId)
          .where('upgrade_runs.status', '=', 'running')
          .where('upgrade_runs.runner_node', '=', runner),
      ),
    )
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/** The boxes of one wave with their state (the execution's view, no scope). */
export async function waveBoxes(
  db: Kysely<DB>,
  runId: number,
  wave: number,
): Promise<{ box_id: number; state: UpgradeBoxState; reason: string | null }[]> {
  return db
    .selectFrom('upgrade_run_boxes')
    .select(['box_id', 'state', 'reason'])
    .where('run_id', '=', runId)
    .where('wave', '=', wave)
    .orderBy('id')
    .execute();
}

function runs(db: Kysely<DB>) {
  const count = (state?: UpgradeBoxState) =>
    state
      ? sql<number>`(select count(*) from upgrade_run_boxes x where x.run_id = r.id and x.state = ${state})`
      : sql<number>`(select count(*) from upgrade_run_boxes x where x.run_id = r.id)`;
  return db
    .selectFrom('upgrade_runs as r')
    .innerJoin('agent_versions as v', 'v.id', 'r.version_id')
    .selectAll('r')
    .select([
      'v.version_no',
      count().as('box_count'),
      count('installed').as('installed_count'),
      count('failed').as('failed_count'),
    ]);
}

const numberedRun = (row: UpgradeRunRow): UpgradeRunRow => ({
  ...row,
  box_count: Number(row.box_count),
  installed_count: Number(row.installed_count),
  failed_count: Number(row.failed_count),
  created_at: Number(row.created_at),
  finished_at: row.finished_at === null ? null : Number(row.finished_at),
});

/** One page of the company's runs, newest first, and how many there are. */
export async function listUpgradeRuns(
  db: Kysely<DB>,
  companyId: number,
  filter: { status?: UpgradeRunStatus; offset: number; limit: number },
): Promise<{ rows: UpgradeRunRow[]; total: number }> {
  let count = db
    .selectFrom('upgrade_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId);
  let page = runs(db).where('r.company_id', '=', companyId);
  if (filter.status) {
    count = count.where('status', '=', filter.status);
    page = page.where('r.status', '=', filter.status);
  }
  const [total, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page.orderBy('r.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { rows: rows.map(numberedRun), total: Number(total.n) };
}

/** Run `id` (of `companyId` when given). */
export async function findUpgradeRun(
  db: Kysely<DB>,
  id: number,
  companyId?: number,
): Promise<UpgradeRunRow | undefined> {
  let query = runs(db).where('r.id', '=', id);
  if (companyId !== undefined) query = query.where('r.company_id', '=', companyId);
  const row = await query.executeTakeFirst();
  return row ? numberedRun(row) : undefined;
}

/** The nodes carrying out the runs still `running` (null: runs from before runners were recorded). */
export async function listUpgradeRunners(db: Kysely<DB>): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('upgrade_runs')
    .select('runner_node')
    .distinct()
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => row.runner_node);
}

/**
 * Node `node` claims the runs still `running` on one of `runners` (nodes that are gone): one
 * compare-and-set UPDATE, so of several nodes claiming at once each run goes to exactly one. Answers
 * the ids this node claimed.
 */
export async function claimUpgradeRuns(
  db: Kysely<DB>,
  runners: readonly (string | null)[],
  node: string,
): Promise<number[]> {
  const rows = await db
    .updateTable('upgrade_runs')
    .set({ runner_node: node })
    .where('status', '=', 'running')
    .where(runnerAmong(runners))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The boxes of run `runId` inside `scope`, by wave, store and box. */
export async function listRunBoxes(db: Kysely<DB>, scope: Scope, runId: number): Promise<UpgradeRunBoxRow[]> {
  const rows = await db
    .selectFrom('upgrade_run_boxes as b')
    .innerJoin('stores', 'stores.id', 'b.shop_id')
    .innerJoin('devices', 'devices.id', 'b.box_id')
    .selectAll('b')
    .select(['devices.device_name as box_name', 'stores.store_name'])
    .where((eb) => storeInScope(eb, scope))
    .where('b.run_id', '=', runId)
    .orderBy('b.wave')
    .orderBy('b.shop_id')
    .orderBy('b.box_id')
    .execute();
  return rows.map((r) => ({ ...r, updated_at: Number(r.updated_at) }));
}
