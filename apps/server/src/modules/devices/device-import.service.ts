/**
 * `downloadExcelTemplate` and `importExcel/{shopId}`. The import is all or nothing: every row is
 * checked with the add rules first, and any refused row means nothing is written; the reply then
 * lists every problem as { row, field, message }.
 */
import { type DeviceImportResult, type DeviceImportRowError, ProductType } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { AppError, invalid } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { readImportRows } from './device-import';
import { newSecurityKey } from './device-keys';
import { loadDeviceLookups } from './device-lookups';
import { checkDeviceRules, deviceColumns } from './device-rules';
import { buildDeviceTemplate } from './device-template';
import { insertDevices } from './devices.repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template as a download. */
export async function deviceTemplate(_ctx: AppContext): Promise<FileReply> {
  return fileReply(await buildDeviceTemplate(), XLSX, 'device-import-template.xlsx');
}

function refuse(errors: DeviceImportRowError[]): AppError {
  const shown = errors.slice(0, 5).map((e) => `row ${e.row} ${e.field}: ${e.message}`);
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return new AppError('VALIDATION_FAILED', `Nothing imported: ${shown.join('; ')}${more}`, {
    rows: errors,
    fields: errors.map((e) => ({ field: `row ${e.row} ${e.field}`, message: e.message })),
  });
}

/**
 * Imports the uploaded template (`bytes`, read with SPREADSHEET_UPLOAD) into store `shopId` (in
 * scope); sub-devices join the store's box.
 */
export async function importDevices(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  shopId: number,
  bytes: Buffer,
): Promise<DeviceImportResult> {
  // Scope first: an unknown store answers 404 before the workbook is opened.
  await loadDeviceLookups(ctx.db, scope, shopId);
  // Checked and parsed before the transaction: on SQLite a transaction holds the one connection, so
  // parsing inside it would stall every other request and all ingest for as long as it takes.
  const parsed = await readImportRows(bytes, shopId);
  return ctx.db.transaction().execute(async (trx) => {
    const lookups = await loadDeviceLookups(trx, scope, shopId);
    const parentBox = [...lookups.boxIds][0] ?? null;
    const rows = parsed.rows.map(({ row, body }) => ({
      row,
      body: { ...body, parentDeviceId: body.productId === ProductType.AI_BOX ? null : parentBox },
    }));
    const errors = [...parsed.errors];
    for (const { row, body } of rows) {
      for (const p of checkDeviceRules(body, lookups))
        errors.push({ row, field: p.field, message: p.message });
    }
    if (errors.length > 0) throw refuse(errors.sort((a, b) => a.row - b.row));
    if (rows.length === 0) throw invalid('file', 'holds no device rows (data starts at row 3)');
    const now = Date.now();
    const deviceIds = await insertDevices(
      trx,
      rows.map(({ body }) => ({
        ...deviceColumns(body),
        company_id: lookups.store.company_id,
        security_key: body.productId === ProductType.AI_BOX ? newSecurityKey() : null,
        register_time: now,
        created_by: caller.userName,
        created_at: now,
        updated_by: caller.userName,
        updated_at: now,
      })),
    );
    return { imported: deviceIds.length, deviceIds };
  });
}
