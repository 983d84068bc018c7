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

export const NetTestRunStatus = z.enum(['running', 'finished']);
export type NetTestRunStatus = z.infer<typeof NetTestRunStatus>;
/** ok: all measured · partial: some part failed · failed: the box could not test · offline · timeout. */
export const NetTestOutcome = z.enum(['ok', 'partial', 'failed', 'offline', 'timeout']);
export type NetTestOutcome = z.infer<typeof NetTestOutcome>;

export const NetTestRunSchema = z.object({
  id: z.number(),
  status: NetTestRunStatus,
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
