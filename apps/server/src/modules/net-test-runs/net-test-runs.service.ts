/**
 * Net tests from the store boxes (issue 14): start a run over the boxes in the caller's scope and the
 * company's net-test addresses, list runs, a run's results, and each store's latest figures.
 */
import {
  type NetTestCompareQuery,
  type NetTestRun,
  type NetTestRunBody,
  type NetTestRunListQuery,
  type NetTestRunResult,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { invalid, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { boxesForRun } from '../devices/devices.repository';
import { listNetTestAddresses } from '../nettest/net-test-address.repository';
import { executeNetTestRun } from './net-test-execution';
import {
  findNetTestRun,
  insertNetTestRun,
  latestResultsPerStore,
  listNetTestRuns,
  listRunResults,
  type NetTestResultRow,
  type NetTestRunRow,
} from './net-test-runs.repository';

const RUN = { zh: '网络测试记录', en: 'net test run' };

const toRun = (row: NetTestRunRow): NetTestRun => ({
  id: row.id,
  status: row.status,
  boxCount: row.box_count,
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
  const offered = await listNetTestAddresses(ctx.db, companyId);
  const wanted = body.addressIds ?? [];
  const addresses = wanted.length > 0 ? offered.filter((a) => wanted.includes(a.id)) : offered;
  if (wanted.some((id) => !offered.some((a) => a.id === id))) {
    throw invalid('addressIds', {
      zh: '必须是本公司可用的网络测试地址',
      en: 'must be net-test addresses offered to your company',
    });
  }
  if (addresses.length === 0) {
    throw invalid('addressIds', {
      zh: '没有可用的网络测试地址，请联系平台添加',
      en: 'no net-test address is offered to your company; ask the platform to add one',
    });
  }
  const boxes = await boxesForRun(ctx.db, scope, {
    boxIds: body.boxIds ?? [],
    shopIds: body.shopIds ?? [],
    levelIds: body.areaIds ?? [],
  });
  if (boxes.length === 0) {
    throw invalid('boxIds', {
      zh: '请选择至少一个您可管理的门店盒子、门店或区域（其中需有盒子）',
      en: 'pick at least one box, store or region you manage that has a box',
    });
  }
  const now = Date.now();
  const runId = await insertNetTestRun(ctx.db, {
    company_id: companyId,
    status: 'running',
    box_count: boxes.length,
    address_count: addresses.length,
    created_by: caller.name,
    created_at: now,
    finished_at: null,
  });
  void executeNetTestRun(ctx, { runId, companyId, boxes, addresses });
  const run = await findNetTestRun(ctx.db, companyId, runId);
  if (!run) throw notFound(RUN);
  return toRun(run);
}

export async function netTestRuns(
  ctx: AppContext,
  scope: Scope,
  query: NetTestRunListQuery,
): Promise<PagedResult<NetTestRun>> {
  const companyId = requireCompany(scope);
  const { rows, total } = await listNetTestRuns(ctx.db, companyId, {
    status: query.status,
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return toPagedResult(rows.map(toRun), total, query, 'createTime desc');
}

export async function netTestRunResults(
  ctx: AppContext,
  scope: Scope,
  runId: number,
): Promise<{ run: NetTestRun; results: NetTestRunResult[] }> {
  const run = await findNetTestRun(ctx.db, requireCompany(scope), runId);
  if (!run) throw notFound(RUN);
  return { run: toRun(run), results: (await listRunResults(ctx.db, scope, runId)).map(toResult) };
}

export async function compareStores(
  ctx: AppContext,
  scope: Scope,
  query: NetTestCompareQuery,
): Promise<NetTestRunResult[]> {
  requireCompany(scope);
  return (await latestResultsPerStore(ctx.db, scope, query.addressId)).map(toResult);
}
