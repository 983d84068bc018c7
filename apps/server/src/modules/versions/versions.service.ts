/**
 * Box software versions (issue 14): upload a package (the server computes its SHA-256), list, mark one
 * current, delete an unused one, hand the package to box agents, and start/list/show upgrade runs over
 * the boxes in the caller's scope. Runs are carried out by ./upgrade-execution.ts.
 */
import { createHash } from 'node:crypto';
import {
  DeviceState,
  type PagedResult,
  ProductType,
  toPagedResult,
  type UpgradeRun,
  type UpgradeRunBody,
  type UpgradeRunBox,
  type UpgradeRunListQuery,
  type Version,
  type VersionListQuery,
  VersionUploadFields,
} from '@storefleet/contracts';
import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { findKeyOwner } from '../../engine/hub/agent-link.repository';
import { type AppError, conflict, invalid, notFound, unauthenticated } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { formatDateTime } from '../../http/time';
import { parseInput } from '../../http/validation';
import { requireRunBoxes } from '../devices/run-boxes';
import { executeUpgradeRun } from './upgrade-execution';
import { newVersionFileName, openVersionFile, removeVersionFile, storeVersionFile } from './version-files';
import {
  boxMayDownload,
  deleteUnusedVersion,
  findUpgradeRun,
  findVersion,
  findVersionByNumber,
  insertUpgradeRun,
  insertVersion,
  listRunBoxes,
  listUpgradeRuns,
  listVersions,
  markCurrentVersion,
  type UpgradeRunBoxRow,
  type UpgradeRunRow,
  type VersionRow,
} from './versions.repository';

const VERSION = { zh: '版本', en: 'version' };
const RUN = { zh: '升级记录', en: 'upgrade run' };

const toVersion = (row: VersionRow): Version => ({
  id: row.id,
  number: row.version_no,
  notes: row.notes,
  size: row.size,
  sha256: row.sha256,
  current: row.is_current === 1,
  runCount: row.run_count,
  createBy: row.created_by,
  createTime: formatDateTime(row.created_at),
});

const toRun = (row: UpgradeRunRow): UpgradeRun => ({
  id: row.id,
  versionId: row.version_id,
  versionNumber: row.version_no,
  status: row.status,
  waveSize: row.wave_size,
  failureThreshold: row.failure_threshold,
  currentWave: row.current_wave,
  waveCount: row.wave_count,
  boxCount: row.box_count,
  installedCount: row.installed_count,
  failedCount: row.failed_count,
  haltReason: row.halt_reason,
  createBy: row.created_by,
  createTime: formatDateTime(row.created_at),
  finishTime: formatDateTime(row.finished_at),
});

const toRunBox = (row: UpgradeRunBoxRow): UpgradeRunBox => ({
  boxId: row.box_id,
  boxName: row.box_name,
  shopId: row.shop_id,
  storeName: row.store_name,
  wave: row.wave,
  state: row.state,
  reason: row.reason,
  reportedVersion: row.reported_version,
  updateTime: formatDateTime(row.updated_at),
});

/**
 * Stores an uploaded package: fields checked, number not taken, SHA-256 of the bytes, file written,
 * row inserted. Nothing is kept when a step fails (the file is removed if the row cannot be written).
 */
export async function uploadVersion(
  ctx: AppContext,
  caller: Caller,
  upload: { bytes: Buffer | null; fields: Record<string, string> },
): Promise<Version> {
  const fields = parseInput(VersionUploadFields, upload.fields, 'body');
  if (!upload.bytes || upload.bytes.length === 0) {
    throw invalid('file', {
      zh: '必填（请选择要上传的安装包，不能为空文件）',
      en: 'is required (pick the package to upload; it must not be empty)',
    });
  }
  if (await findVersionByNumber(ctx.db, fields.number)) throw duplicate(fields.number);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const fileName = newVersionFileName();
  await storeVersionFile(ctx.config.dataDir, fileName, upload.bytes);
  let id: number;
  try {
    id = await insertVersion(ctx.db, {
      version_no: fields.number,
      notes: fields.notes,
      file_name: fileName,
      size: upload.bytes.length,
      sha256,
      is_current: 0,
      created_by: caller.name,
      created_at: Date.now(),
    });
  } catch (error) {
    await removeVersionFile(ctx.config.dataDir, fileName);
    // Two uploads of the same number at once: the unique key decides, the loser hears why.
    if (await findVersionByNumber(ctx.db, fields.number)) throw duplicate(fields.number);
    throw error;
  }
  return toVersion(await versionOrThrow(ctx, id));
}

function duplicate(number: string): AppError {
  return conflict({
    zh: `版本号 ${number} 已存在，请换一个版本号`,
    en: `Version ${number} already exists; upload it under a new number`,
  });
}

async function versionOrThrow(ctx: AppContext, id: number): Promise<VersionRow> {
  const row = await findVersion(ctx.db, id);
  if (!row) throw notFound(VERSION);
  return row;
}

export async function versions(ctx: AppContext, query: VersionListQuery): Promise<PagedResult<Version>> {
  const { rows, total } = await listVersions(ctx.db, {
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return toPagedResult(rows.map(toVersion), total, query, 'createTime desc');
}

export async function setCurrentVersion(ctx: AppContext, id: number): Promise<Version> {
  await versionOrThrow(ctx, id);
  await markCurrentVersion(ctx.db, id);
  return toVersion(await versionOrThrow(ctx, id));
}

export async function deleteVersion(ctx: AppContext, id: number): Promise<null> {
  const row = await versionOrThrow(ctx, id);
  if (row.is_current === 1) {
    throw conflict({
      zh: '这是当前版本，请先将其他版本设为当前版本再删除',
      en: 'This is the current version; mark another version current before deleting it',
    });
  }
  if (!(await deleteUnusedVersion(ctx.db, id))) {
    throw conflict({
      zh: '已有升级任务推送过此版本，不能删除',
      en: 'An upgrade run pushed this version, so it is kept for its record and cannot be deleted',
    });
  }
  await removeVersionFile(ctx.config.dataDir, row.file_name);
  return null;
}

/**
 * The package for a box agent: `Authorization: Bearer <box key>` of an enabled box that an upgrade run
 * pushes this version to. Anything else reads as 401 (no or unknown key) or 404.
 */
export async function versionPackage(
  ctx: AppContext,
  authorization: string | undefined,
  id: number,
): Promise<FileReply> {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const owner = key ? await findKeyOwner(ctx.db, ctx.config.secrets, key) : undefined;
  if (!owner || owner.product_id !== ProductType.AI_BOX || owner.state === DeviceState.DISABLED) {
    throw unauthenticated({
      zh: '请使用门店盒子的安全密钥（Authorization: Bearer <密钥>）下载安装包',
      en: "Download packages with a store box's security key (Authorization: Bearer <key>)",
    });
  }
  const row = await findVersion(ctx.db, id);
  if (!row || !(await boxMayDownload(ctx.db, owner.id, id))) throw notFound(VERSION);
  const stream = await openVersionFile(ctx.config.dataDir, row.file_name);
  if (!stream) throw notFound({ zh: '安装包文件', en: 'package file' });
  return fileReply(stream, 'application/octet-stream', `storefleet-agent-${row.version_no}.pkg`);
}

/** Starts a run and answers with it at once; the waves go out in the background. */
export async function startUpgradeRun(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: UpgradeRunBody,
): Promise<UpgradeRun> {
  const companyId = requireCompany(scope);
  const version = await findVersion(ctx.db, body.versionId);
  if (!version) {
    throw invalid('versionId', { zh: '必须是已上传的版本', en: 'must be an uploaded version' });
  }
  const boxes = await requireRunBoxes(ctx.db, scope, body);
  const now = Date.now();
  const waveCount = Math.ceil(boxes.length / body.waveSize);
  const runId = await insertUpgradeRun(
    ctx.db,
    {
      company_id: companyId,
      version_id: version.id,
      status: 'running',
      wave_size: body.waveSize,
      failure_threshold: body.failureThreshold,
      current_wave: 1,
      wave_count: waveCount,
      halt_reason: null,
      created_by: caller.name,
      created_at: now,
      finished_at: null,
      runner_node: ctx.engine.node.id,
    },
    boxes.map((box, i) => ({
      company_id: companyId,
      shop_id: box.shop_id,
      box_id: box.id,
      wave: Math.floor(i / body.waveSize) + 1,
      state: 'pending',
      reason: null,
      reported_version: null,
      updated_at: now,
    })),
  );
  ctx.engine.node.track(executeUpgradeRun(ctx, runId));
  const run = await findUpgradeRun(ctx.db, runId, companyId);
  if (!run) throw notFound(RUN);
  return toRun(run);
}

export async function upgradeRuns(
  ctx: AppContext,
  scope: Scope,
  query: UpgradeRunListQuery,
): Promise<PagedResult<UpgradeRun>> {
  const { rows, total } = await listUpgradeRuns(ctx.db, requireCompany(scope), {
    status: query.status,
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return toPagedResult(rows.map(toRun), total, query, 'createTime desc');
}

export async function upgradeRunDetail(
  ctx: AppContext,
  scope: Scope,
  runId: number,
): Promise<{ run: UpgradeRun; boxes: UpgradeRunBox[] }> {
  const run = await findUpgradeRun(ctx.db, runId, requireCompany(scope));
  if (!run) throw notFound(RUN);
  return { run: toRun(run), boxes: (await listRunBoxes(ctx.db, scope, runId)).map(toRunBox) };
}
