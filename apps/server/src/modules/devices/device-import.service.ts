/**
 * `downloadExcelTemplate` and `importExcel/{shopId}`. Every row is checked with the add rules and
 * the duplicate checks (against the registry and the rows above it); the good rows are imported in
 * one transaction and the others come back listed, in the caller's language, with a workbook of
 * them for download (device-import-report.ts). A file that cannot be read, holds no device rows or
 * too many is refused whole (400, nothing written).
 */
import {
  type DeviceAddBody,
  type DeviceImportRejectedRow,
  type DeviceImportResult,
  type Lang,
  ProductType,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { stamps } from '../../db/stamps';
import { AppError, type FieldMessage, invalid, textIn } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { fieldMessageLabel } from '../../http/phrases';
import { claimValues, duplicateProblems } from './device-duplicates';
import { type FileProblem, readImportRows } from './device-import';
import { buildImportReport } from './device-import-report';
import { newKeyColumns, sealedCommunity } from './device-keys';
import { loadDeviceLookups, loadTakenValues } from './device-lookups';
import { checkDeviceRules, deviceColumns } from './device-rules';
import { buildDeviceTemplate } from './device-template';
import { insertDevices } from './devices.repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template as a download. */
export async function deviceTemplate(_ctx: AppContext): Promise<FileReply> {
  return fileReply(await buildDeviceTemplate(), XLSX, 'device-import-template.xlsx');
}

/** A message in both languages (plain English rule texts through the phrase tables). */
const labelled = (message: FieldMessage['message']) =>
  typeof message === 'string' ? fieldMessageLabel(message) : message;

/** 400 for a file the import cannot take at all; `data.rows` lists why. */
function refuse(problems: FileProblem[]): AppError {
  const rows = problems.map((p) => ({ ...p, message: labelled(p.message) }));
  const shown = (lang: Lang) =>
    rows.map(
      (p) => (lang === 'zh' ? `第 ${p.row} 行 ${p.field}：` : `row ${p.row} ${p.field}: `) + p.message[lang],
    );
  return new AppError(
    'VALIDATION_FAILED',
    {
      zh: `未导入任何数据：${shown('zh').join('；')}`,
      en: `Nothing imported: ${shown('en').join('; ')}`,
    },
    { rows, fields: rows.map((p) => ({ field: p.field, message: p.message })) },
  );
}

/**
 * Imports the uploaded template (`bytes`, read with SPREADSHEET_UPLOAD) into store `shopId` (in
 * scope); sub-devices join the store's box. Rejected rows are worded in `lang`.
 */
export async function importDevices(
  ctx: Pick<AppContext, 'config' | 'db' | 'engine'>,
  caller: Caller,
  scope: Scope,
  shopId: number,
  bytes: Buffer,
  lang: Lang,
): Promise<DeviceImportResult> {
  // Scope first: an unknown store answers 404 before the workbook is opened.
  await loadDeviceLookups(ctx.db, scope, shopId);
  // Checked and parsed before the transaction: on SQLite a transaction holds the one connection, so
  // parsing inside it would stall every other request and all ingest for as long as it takes.
  const parsed = await readImportRows(bytes, shopId);
  if (parsed.fileProblems.length > 0) throw refuse(parsed.fileProblems);
  if (parsed.rows.length === 0) {
    throw invalid('file', {
      zh: '没有设备行（从第 2 行起填写设备，每行一台）',
      en: 'holds no device rows (fill in one device per row from row 2)',
    });
  }
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const lookups = await loadDeviceLookups(trx, scope, shopId);
    const parentBox = [...lookups.boxIds][0] ?? null;
    const hostids = parsed.rows.flatMap((r) => (r.body ? [r.body.hostid] : []));
    const taken = await loadTakenValues(trx, lookups.store.company_id, shopId, hostids);
    const accepted: DeviceAddBody[] = [];
    const rejected: Array<{ row: number; cells: string[]; errors: FieldMessage[] }> = [];
    for (const { row, cells, body: parsedBody, errors } of parsed.rows) {
      if (!parsedBody) {
        rejected.push({ row, cells, errors });
        continue;
      }
      const body = {
        ...parsedBody,
        parentDeviceId: parsedBody.productId === ProductType.AI_BOX ? null : parentBox,
      };
      const problems = [...checkDeviceRules(body, lookups), ...duplicateProblems(body, taken)];
      if (problems.length > 0) {
        rejected.push({ row, cells, errors: problems });
        continue;
      }
      claimValues(taken, body, { row });
      accepted.push(body);
    }
    const now = Date.now();
    const deviceIds = await insertDevices(
      trx,
      accepted.map((body) => ({
        ...deviceColumns(body),
        community: sealedCommunity(ctx.config.secrets, body.community),
        company_id: lookups.store.company_id,
        ...newKeyColumns(ctx.config.secrets, body.productId === ProductType.AI_BOX),
        register_time: now,
        ...stamps(caller.userName, now),
      })),
    );
    return { deviceIds, rejected };
  });
  if (outcome.deviceIds.length > 0) await ctx.engine.hub.notifyDevicesChanged(outcome.deviceIds);
  const rejected: DeviceImportRejectedRow[] = outcome.rejected.map(({ row, cells, errors }) => ({
    row,
    cells,
    errors: errors.map((e) => ({ field: e.field, message: textIn(labelled(e.message), lang) })),
  }));
  const report = rejected.length > 0 ? (await buildImportReport(rejected, lang)).toString('base64') : null;
  return { imported: outcome.deviceIds.length, deviceIds: outcome.deviceIds, rejected, report };
}
