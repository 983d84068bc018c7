/**
 * Box software versions (issue 14): version packages uploaded by the platform, and upgrade runs that push
 * one to a company's boxes in waves. Design: docs/decisions/versions.md.
 */
import { z } from 'zod';

import { PageQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

/** Upload limits of `aibox/version/upload` (the page checks them first too). */
export const VERSION_LIMITS = {
  /** The largest package accepted, in bytes. */
  maxBytes: 64 * 1024 * 1024,
  /** Version numbers: what the agent reports in hello, e.g. `1.4.0` or `1.4.0-rc.1`. */
  numberPattern: /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/,
  maxNotes: 2000,
} as const;

/** The text fields of the multipart upload (the file travels as field `file`). */
export const VersionUploadFields = z.object({
  number: z
    .string({ error: 'is required' })
    .trim()
    .regex(VERSION_LIMITS.numberPattern, 'must be 1–32 letters, digits, dots, +, _ or - (e.g. 1.4.0)'),
  notes: z.string().trim().max(VERSION_LIMITS.maxNotes, 'must be at most 2000 characters').default(''),
});
export type VersionUploadFields = z.infer<typeof VersionUploadFields>;

export const VersionSchema = z.object({
  id: z.number(),
  number: z.string(),
  notes: z.string(),
  size: z.number(),
  /** SHA-256 of the package, 64 lowercase hex digits, computed by the server on upload. */
  sha256: z.string(),
  /** The version new boxes should run; one at most. */
  current: z.boolean(),
  /** Upgrade runs that pushed it (a used version cannot be deleted). */
  runCount: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string(),
});
export type Version = z.infer<typeof VersionSchema>;

export const VersionListQuery = PageQuery;
export type VersionListQuery = z.infer<typeof VersionListQuery>;
export const VersionIdBody = z.object({ id: idParam });
export type VersionIdBody = z.infer<typeof VersionIdBody>;
export const VersionPackageParams = z.object({ id: idParam });

const idList = z.array(idParam).max(1000, 'must list at most 1000 ids');

/**
 * POST upgrade/start. The boxes: those named, the boxes of the stores named and of the stores under the
 * regions/provinces/cities named (any of them; at least one list), within the caller's data scope.
 */
export const UpgradeRunBody = z.object({
  versionId: idParam,
  boxIds: idList.optional(),
  shopIds: idList.optional(),
  areaIds: idList.optional(),
  /** Boxes per wave: the next wave starts only when this one succeeded. */
  waveSize: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  /** Percent of a wave's boxes that may fail; above it the run halts. 0: any failure halts. */
  failureThreshold: z.coerce.number().int().min(0, 'must be 0–100').max(100, 'must be 0–100'),
});
export type UpgradeRunBody = z.infer<typeof UpgradeRunBody>;

/** running · finished (every wave passed) · halted (a wave failed too often) · interrupted. */
export const UpgradeRunStatus = z.enum(['running', 'finished', 'halted', 'interrupted']);
export type UpgradeRunStatus = z.infer<typeof UpgradeRunStatus>;
/** A box's state in a run, as its agent reported it. */
export const UpgradeBoxState = z.enum(['pending', 'downloading', 'installed', 'failed']);
export type UpgradeBoxState = z.infer<typeof UpgradeBoxState>;

export const UpgradeRunSchema = z.object({
  id: z.number(),
  versionId: z.number(),
  versionNumber: z.string(),
  status: UpgradeRunStatus,
  waveSize: z.number(),
  failureThreshold: z.number(),
  /** The wave being carried out (1-based); the last one when the run ended. */
  currentWave: z.number(),
  waveCount: z.number(),
  boxCount: z.number(),
  installedCount: z.number(),
  failedCount: z.number(),
  haltReason: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type UpgradeRun = z.infer<typeof UpgradeRunSchema>;

export const UpgradeRunBoxSchema = z.object({
  boxId: z.number(),
  boxName: z.string(),
  shopId: z.number(),
  storeName: z.string(),
  wave: z.number(),
  state: UpgradeBoxState,
  /** Why it failed, as the agent or the server said. */
  reason: z.string().nullable(),
  /** The version the box reported after installing. */
  reportedVersion: z.string().nullable(),
  updateTime: z.string(),
});
export type UpgradeRunBox = z.infer<typeof UpgradeRunBoxSchema>;

export const UpgradeRunListQuery = PageQuery.extend({ status: optionalFilter(UpgradeRunStatus) });
export type UpgradeRunListQuery = z.infer<typeof UpgradeRunListQuery>;
export const UpgradeRunParams = z.object({ runId: idParam });
