/** Net tests run from the store boxes (issue 14): a run, its results per box and address, the comparison. */
import { z } from 'zod';

import { PageQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

const idList = z.array(idParam).max(1000, 'must list at most 1000 ids');

/**
 * POST netTest/run. The boxes: those named, the boxes of the stores named and of the stores under the
 * regions/provinces/cities named (any of them; at least one list), within the caller's data scope.
 * The addresses: those named, or every address offered to the company.
 */
export const NetTestRunBody = z.object({
  boxIds: idList.optional(),
  shopIds: idList.optional(),
  areaIds: idList.optional(),
  addressIds: z.array(idParam).max(20, 'must list at most 20 addresses').optional(),
});
export type NetTestRunBody = z.infer<typeof NetTestRunBody>;

/** interrupted: the server stopped while the run was going; marked so on the next start-up. */
export const NetTestRunStatus = z.enum(['running', 'finished', 'interrupted']);
export type NetTestRunStatus = z.infer<typeof NetTestRunStatus>;
/** ok: all measured · partial: some part failed · failed: the box could not test · offline · timeout. */
export const NetTestOutcome = z.enum(['ok', 'partial', 'failed', 'offline', 'timeout']);
export type NetTestOutcome = z.infer<typeof NetTestOutcome>;

/** Which console started a run: a company's, or the platform's admin console. */
export const NetTestRunOrigin = z.enum(['company', 'platform']);
export type NetTestRunOrigin = z.infer<typeof NetTestRunOrigin>;

export const NetTestRunSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  startedFrom: NetTestRunOrigin,
  status: NetTestRunStatus,
  /** Boxes the run reaches (for a region-limited user: those in its stores). */
  boxCount: z.number(),
  addressCount: z.number(),
  /** Results stored so far, and how many of them are not `ok`. */
  resultCount: z.number(),
  problemCount: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type NetTestRun = z.infer<typeof NetTestRunSchema>;

/** GET netTest/runList: newest first; `status` filters. */
export const NetTestRunListQuery = PageQuery.extend({ status: optionalFilter(NetTestRunStatus) });
export type NetTestRunListQuery = z.infer<typeof NetTestRunListQuery>;

export const NetTestRunParams = z.object({ id: idParam });

/** One box's figures against one address. Delay/jitter ms, loss a fraction 0–1, speeds bytes/s. */
export const NetTestRunResultSchema = z.object({
  runId: z.number(),
  boxId: z.number(),
  boxName: z.string(),
  shopId: z.number(),
  storeName: z.string(),
  addressId: z.number(),
  pingUrlName: z.string(),
  pingUrl: z.string(),
  testTime: z.string(),
  outcome: NetTestOutcome,
  delayTime: z.number().nullable(),
  networkJitter: z.number().nullable(),
  packetLossRate: z.number().nullable(),
  downloadSpeed: z.number().nullable(),
  uploadSpeed: z.number().nullable(),
  errorMsg: z.string().nullable(),
});
export type NetTestRunResult = z.infer<typeof NetTestRunResultSchema>;

/** GET netTest/compare: each store's latest result per address (optionally one address). */
export const NetTestCompareQuery = z.object({ addressId: optionalFilter(idParam) });
export type NetTestCompareQuery = z.infer<typeof NetTestCompareQuery>;

/**
 * POST netTest/platform/run (admin console): the boxes of one company — those named, of the stores named
 * and of the stores under the regions/provinces/cities named (at least one list) — test the platform's
 * own addresses (those offered to every company): those named, or all of them.
 */
export const NetTestPlatformRunBody = z.object({
  companyId: idParam,
  boxIds: idList.optional(),
  shopIds: idList.optional(),
  areaIds: idList.optional(),
  addressIds: z.array(idParam).max(20, 'must list at most 20 addresses').optional(),
});
export type NetTestPlatformRunBody = z.infer<typeof NetTestPlatformRunBody>;

/** GET netTest/platform/runList: runs started from the admin console, newest first. */
export const NetTestPlatformRunListQuery = NetTestRunListQuery.extend({ companyId: optionalFilter(idParam) });
export type NetTestPlatformRunListQuery = z.infer<typeof NetTestPlatformRunListQuery>;

/**
 * GET netTest/history: results over time, oldest first, of the last `days` days (default 30), optionally
 * for one address, store or box; at most 5000 (the newest).
 */
export const NetTestHistoryQuery = z.object({
  addressId: optionalFilter(idParam),
  shopId: optionalFilter(idParam),
  boxId: optionalFilter(idParam),
  days: optionalFilter(z.coerce.number().int().min(1, 'must be 1 to 90').max(90, 'must be 1 to 90')),
});
export type NetTestHistoryQuery = z.infer<typeof NetTestHistoryQuery>;
