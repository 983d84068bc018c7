/**
 * Net tests from the store boxes (issue 14): start a run over the boxes in the caller's scope and the
 * company's net-test addresses, list runs, a run's results, each store's latest figures and the history;
 * and the admin console's runs (a company's boxes against the platform's own addresses).
 */
import {
  type NetTestCompareQuery,
  type NetTestHistoryQuery,
  type NetTestPlatformRunBody,
  type NetTestPlatformRunListQuery,
  type NetTestRun,
  type NetTestRunBody,
  type NetTestRunListQuery,
  type NetTestRunResult,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import { type Caller, isRestricted, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import type { RunnerGone } from '../../engine/cluster/server-node';
import { forbidden, invalid, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { type BoxTarget, boxesForRun } from '../devices/devices.repository';
import { requireRunBoxes } from '../devices/run-boxes';
import type { NetTestAddressRow } from '../nettest/net-test-address.repository';
import { listNetTestAddresses } from '../nettest/net-test-address.repository';
import { companyExists } from '../stores/companies.repository';
import { executeNetTestRun } from './net-test-execution';
import {
  findNetTestRun,
  insertNetTestRun,
  latestResultsPerStore,
  listNetTestRunners,
  listNetTestRuns,
  listRunResults,
  markInterruptedNetTestRuns,
  type NetTestResultRow,
  type NetTestRunRow,
  type RunFilter,
  resultHistory,
} from './net-test-runs.repository';

const RUN = { zh: '网络测试记录', en: 'net test run' };

const toRun = (row: NetTestRunRow, scope: Scope): NetTestRun => ({
  id: row.id,
  companyId: row.company_id,
  companyName: row.company_name,
  startedFrom: row.started_from,
  status: row.status,
  boxCount: isRestricted(scope) ? row.scoped_box_count : row.box_count,
  addressCount: row.address_count,
  resultCount: row.result_count,
  problemCount: row.problem_count,
  createBy: row.created_by,
  createTime: formatDateTime(Number(row.created_at)),
  finishTime: row.finished_at === null ? null : formatDateTime(Number(row.finished_at)),
});

const num = (v: number | null) => (v === null ? null : Number(v));

const toResult = (row: NetTestResultRow): NetTestRunResult => ({
  runId: row.run_id,
  boxId: row.box_id,
  boxName: row.box_name,
  shopId: row.shop_id,
  storeName: row.store_name,
  addressId: row.address_id,
  pingUrlName: row.address_name,
  pingUrl: row.ping_url,
  testTime: formatDateTime(Number(row.tested_at)),
  outcome: row.outcome,
  delayTime: num(row.delay_ms),
  networkJitter: num(row.jitter_ms),
  packetLossRate: num(row.loss_rate),
  downloadSpeed: num(row.download_bps),
  uploadSpeed: num(row.upload_bps),
  errorMsg: row.error_msg,
});

/** Starts a run and answers with it at once; the boxes test in the background. */
export async function startNetTestRun(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: NetTestRunBody,
): Promise<NetTestRun> {
  const companyId = requireCompany(scope);
  const addresses = pickAddresses(await listNetTestAddresses(ctx.db, companyId), body.addressIds, {
    zh: '必须是本公司可用的网络测试地址',
    en: 'must be net-test addresses offered to your company',
  });
  if (addresses.length === 0) {
    throw invalid('addressIds', {
      zh: '没有可用的网络测试地址，请联系平台添加',
      en: 'no net-test address is offered to your company; ask the platform to add one',
    });
  }
  const boxes = await requireRunBoxes(ctx.db, scope, body);
  return launch(ctx, caller, scope, { companyId, boxes, addresses, startedFrom: 'company' });
}

function pickAddresses(
  offered: NetTestAddressRow[],
  wanted: number[] | undefined,
  notOffered: { zh: string; en: string },
): NetTestAddressRow[] {
  const ids = wanted ?? [];
  if (ids.some((id) => !offered.some((a) => a.id === id))) throw invalid('addressIds', notOffered);
  return ids.length > 0 ? offered.filter((a) => ids.includes(a.id)) : offered;
}

async function launch(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  plan: {
    companyId: number;
    boxes: BoxTarget[];
    addresses: NetTestAddressRow[];
    startedFrom: 'company' | 'platform';
  },
): Promise<NetTestRun> {
  const { companyId, boxes, addresses } = plan;
  const runId = await insertNetTestRun(
    ctx.db,
    {
      company_id: companyId,
      status: 'running',
      box_count: boxes.length,
      address_count: addresses.length,
      created_by: caller.name,
      created_at: Date.now(),
      finished_at: null,
      started_from: plan.startedFrom,
      runner_node: ctx.engine.node.id,
    },
    boxes.map((b) => ({ box_id: b.id, shop_id: b.shop_id })),
  );
  ctx.engine.node.track(executeNetTestRun(ctx, { runId, companyId, boxes, addresses }));
  const run = await findNetTestRun(ctx.db, scope, runId);
  if (!run) throw notFound(RUN);
  return toRun(run, scope);
}

const PLATFORM_ONLY = {
  zh: '只有平台用户可以在管理后台发起网络测试',
  en: 'Only platform users run net tests from the admin console',
};

/**
 * Admin console: the boxes of one company (named boxes, stores, regions/provinces/cities) test the
 * platform's own addresses (those offered to every company).
 */
export async function startPlatformNetTestRun(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: NetTestPlatformRunBody,
): Promise<NetTestRun> {
  if (scope.companyId !== null) throw forbidden(PLATFORM_ONLY);
  if (!(await companyExists(ctx.db, body.companyId))) {
    throw invalid('companyId', {
      zh: `必须是已存在的公司（${body.companyId} 不存在）`,
      en: `must be an existing company (${body.companyId} is not)`,
    });
  }
  const shared = (await listNetTestAddresses(ctx.db, null)).filter((a) => a.company_id === null);
  const addresses = pickAddresses(shared, body.addressIds, {
    zh: '必须是平台的网络测试地址（对所有公司开放的地址）',
    en: "must be the platform's net-test addresses (those offered to every company)",
  });
  if (addresses.length === 0) {
    throw invalid('addressIds', {
      zh: '平台还没有网络测试地址（对所有公司开放的地址），请先添加',
      en: 'the platform has no net-test address (one offered to every company) yet; add one first',
    });
  }
  const company: Scope = { companyId: body.companyId, storeIds: null, levelIds: null };
  const boxes = await boxesForRun(ctx.db, company, {
    boxIds: body.boxIds ?? [],
    shopIds: body.shopIds ?? [],
    levelIds: body.areaIds ?? [],
  });
  if (boxes.length === 0) {
    throw invalid('boxIds', {
      zh: '请选择该公司至少一个有盒子的区域、门店或盒子',
      en: 'pick at least one region, store or box of this company that has a box',
    });
  }
  return launch(ctx, caller, scope, {
    companyId: body.companyId,
    boxes,
    addresses,
    startedFrom: 'platform',
  });
}

export async function platformNetTestRuns(
  ctx: AppContext,
  scope: Scope,
  query: NetTestPlatformRunListQuery,
): Promise<PagedResult<NetTestRun>> {
  if (scope.companyId !== null) throw forbidden(PLATFORM_ONLY);
  return runPage(ctx, scope, query, {
    status: query.status,
    startedFrom: 'platform',
    companyId: query.companyId,
  });
}

export async function platformNetTestRunResults(
  ctx: AppContext,
  scope: Scope,
  runId: number,
): Promise<{ run: NetTestRun; results: NetTestRunResult[] }> {
  if (scope.companyId !== null) throw forbidden(PLATFORM_ONLY);
  return runWithResults(ctx, scope, runId, { startedFrom: 'platform' });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Results over time inside the caller's stores, oldest first (charts per box/store and address). */
export async function netTestHistory(
  ctx: AppContext,
  scope: Scope,
  query: NetTestHistoryQuery,
): Promise<NetTestRunResult[]> {
  requireCompany(scope);
  const rows = await resultHistory(ctx.db, scope, {
    since: Date.now() - (query.days ?? 30) * DAY_MS,
    addressId: query.addressId,
    shopId: query.shopId,
    boxId: query.boxId,
    limit: 5000,
  });
  return rows.map(toResult);
}

export async function netTestRuns(
  ctx: AppContext,
  scope: Scope,
  query: NetTestRunListQuery,
): Promise<PagedResult<NetTestRun>> {
  requireCompany(scope);
  return runPage(ctx, scope, query, { status: query.status });
}

/** One page of the runs in `scope` that `filter` keeps, newest first. */
async function runPage(
  ctx: AppContext,
  scope: Scope,
  query: NetTestRunListQuery,
  filter: RunFilter,
): Promise<PagedResult<NetTestRun>> {
  const { rows, total } = await listNetTestRuns(ctx.db, scope, {
    ...filter,
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return toPagedResult(
    rows.map((r) => toRun(r, scope)),
    total,
    query,
    'createTime desc',
  );
}

export async function netTestRunResults(
  ctx: AppContext,
  scope: Scope,
  runId: number,
): Promise<{ run: NetTestRun; results: NetTestRunResult[] }> {
  requireCompany(scope);
  return runWithResults(ctx, scope, runId, {});
}

/** Run `runId` in `scope`, when `filter` keeps it (else 404), with its results. */
async function runWithResults(
  ctx: AppContext,
  scope: Scope,
  runId: number,
  filter: RunFilter,
): Promise<{ run: NetTestRun; results: NetTestRunResult[] }> {
  const run = await findNetTestRun(ctx.db, scope, runId, filter);
  if (!run) throw notFound(RUN);
  return { run: toRun(run, scope), results: (await listRunResults(ctx.db, scope, runId)).map(toResult) };
}

export async function compareStores(
  ctx: AppContext,
  scope: Scope,
  query: NetTestCompareQuery,
): Promise<NetTestRunResult[]> {
  requireCompany(scope);
  return (await latestResultsPerStore(ctx.db, scope, query.addressId)).map(toResult);
}

/**
 * The takeover of net-test runs (at start-up and every heartbeat, engine/cluster/server-node.ts): a run
 * still `running` whose node is gone (stopped, died, or this node before its restart) was cut short; it
 * becomes `interrupted` (finished now, keeping its results; boxes that had not answered have none).
 * A live node's runs are left alone.
 */
export async function interruptRunsOfGoneNodes(ctx: AppContext, gone: RunnerGone): Promise<void> {
  const runners = (await listNetTestRunners(ctx.db)).filter(gone);
  if (runners.length === 0) return;
  const count = await markInterruptedNetTestRuns(ctx.db, runners, Date.now());
  if (count > 0)
    ctx.log.warn(
      { runs: count, nodes: runners },
      'net test runs cut by the stop of their node marked interrupted',
    );
}
