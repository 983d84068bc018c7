/**
 * Offline reason records (spec §7 "Offline reasons"): save a list all or nothing, a device's history,
 * and the by-region report. A record belongs to the device's store; the caller reaches only devices
 * and records of stores in its scope (another company's or store's answers 404 like a missing one).
 */
import {
  type Lang,
  nameIn,
  type OfflineReason,
  type SaveOfflineReasonsBody,
  type TopReasons,
  type TopReasonsBody,
  USAGE_MAX_RANGE_DAYS,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { type FieldMessage, invalid, invalidFields, notFound } from '../../http/errors';
import { formatDate, formatDateTime, parseDateTime } from '../../http/time';
import { type DeviceRef, findDeviceRefInScope } from '../devices/devices.repository';
import { listCompanyLevels } from '../levels/levels.repository';
import { listReasonTypes, reasonTypeNames } from './offline-reason-types';
import {
  countReasonsByRegion,
  findReasonsInScope,
  insertOfflineReasons,
  listDeviceReasons,
  listReasonsById,
  type NewOfflineReason,
  type OfflineReasonRow,
  updateOfflineReason,
} from './offline-reasons.repository';

const DEVICE = { zh: '设备', en: 'device' };
const RECORD = { zh: '离线原因记录', en: 'offline reason record' };
/** A drop time may be this far ahead of the server clock (a console clock running fast). */
const FUTURE_SLACK_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

function toReply(row: OfflineReasonRow, names: Map<string, string>): OfflineReason {
  return {
    id: row.id,
    deviceId: row.device_id,
    shopId: row.shop_id,
    createBy: row.handler,
    createTime: formatDateTime(row.drop_at),
    reason: row.reason,
    treatmentMethod: row.treatment_method,
    reasonTypeCode: row.reason_type_code,
    reasonTypeName: names.get(row.reason_type_code) ?? row.reason_type_code,
    updateBy: row.update_by ?? row.create_by ?? '',
    updateTime: formatDateTime(row.updated_at),
  };
}

/** Saves every record of `body` (id: replace, none: add) in one transaction, or none when one fails. */
export async function saveOfflineReasons(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  lang: Lang,
  body: SaveOfflineReasonsBody,
): Promise<OfflineReason[]> {
  const companyId = requireCompany(scope);
  const types = await listReasonTypes(ctx, companyId, true);
  const enabled = new Set(types.filter((t) => t.status === 1).map((t) => t.code));
  const known = new Set(types.map((t) => t.code));
  const updateIds = body.records.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  const existing = new Map((await findReasonsInScope(ctx.db, scope, updateIds)).map((r) => [r.id, r]));
  const devices = new Map<number, DeviceRef>();
  const problems: FieldMessage[] = [];
  const now = Date.now();
  const writes: { id: number | undefined; row: NewOfflineReason }[] = [];
  for (const [i, record] of body.records.entries()) {
    if (record.id !== undefined && !existing.has(record.id)) throw notFound(`${RECORD.en} ${record.id}`);
    let device = devices.get(record.deviceId);
    if (!device) {
      device = await findDeviceRefInScope(ctx.db, scope, record.deviceId);
      if (!device) throw notFound(`${DEVICE.en} ${record.deviceId}`);
      devices.set(record.deviceId, device);
    }
    const kept =
      record.id !== undefined && existing.get(record.id)?.reason_type_code === record.reasonTypeCode;
    if (!(enabled.has(record.reasonTypeCode) || (kept && known.has(record.reasonTypeCode))))
      problems.push({
        field: `records[${i}].reasonTypeCode`,
        message: { zh: '不是可用的离线原因类型', en: 'is not an offline reason type in use' },
      });
    const dropAt = parseDateTime(record.createTime);
    if (dropAt === null)
      problems.push({
        field: `records[${i}].createTime`,
        message: 'must be a date-time as YYYY-MM-DD HH:mm:ss',
      });
    else if (dropAt > now + FUTURE_SLACK_MS)
      problems.push({
        field: `records[${i}].createTime`,
        message: { zh: '不能晚于当前时间', en: 'must not be in the future' },
      });
    writes.push({
      id: record.id,
      row: {
        company_id: companyId,
        shop_id: device.shop_id,
        device_id: device.id,
        drop_at: dropAt ?? 0,
        reason_type_code: record.reasonTypeCode,
        reason: record.reason,
        treatment_method: record.treatmentMethod,
        handler: record.createBy === '' ? caller.name || caller.userName : record.createBy,
        created_at: now,
        updated_at: now,
        create_by: caller.userName,
        update_by: caller.userName,
      },
    });
  }
  if (problems.length > 0) throw invalidFields(problems);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (const w of writes) {
      if (w.id === undefined) out.push(...(await insertOfflineReasons(trx, [w.row])));
      else {
        const { company_id: _c, created_at: _a, create_by: _b, ...changes } = w.row;
        await updateOfflineReason(trx, w.id, changes);
        out.push(w.id);
      }
    }
    return out;
  });
  const names = await reasonTypeNames(ctx, companyId, lang);
  const rows = new Map((await listReasonsById(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toReply(row, names)] : [];
  });
}

/** A device's records, newest drop first; 404 when the device is not in scope. */
export async function deviceOfflineReasons(
  ctx: AppContext,
  scope: Scope,
  lang: Lang,
  deviceId: number,
): Promise<OfflineReason[]> {
  const companyId = requireCompany(scope);
  if (!(await findDeviceRefInScope(ctx.db, scope, deviceId))) throw notFound(DEVICE);
  const names = await reasonTypeNames(ctx, companyId, lang);
  return (await listDeviceReasons(ctx.db, scope, deviceId)).map((r) => toReply(r, names));
}

/** Counts of records by region and reason type over a date range (default: the last 30 days). */
export async function topReasons(
  ctx: AppContext,
  scope: Scope,
  lang: Lang,
  body: TopReasonsBody,
): Promise<TopReasons> {
  const companyId = requireCompany(scope);
  const end = body.endTime ?? formatDate(Date.now());
  const start = body.startTime ?? formatDate((parseDateTime(end) ?? Date.now()) - 29 * DAY_MS);
  const fromMs = parseDateTime(start);
  const endMs = parseDateTime(end);
  if (fromMs === null) throw invalid('startTime', 'must be a date as YYYY-MM-DD');
  if (endMs === null) throw invalid('endTime', 'must be a date as YYYY-MM-DD');
  if (endMs < fromMs)
    throw invalid('endTime', { zh: '不能早于开始日期', en: 'must not be before startTime' });
  if ((endMs - fromMs) / DAY_MS + 1 > USAGE_MAX_RANGE_DAYS)
    throw invalid('endTime', {
      zh: `日期范围最多 ${USAGE_MAX_RANGE_DAYS} 天`,
      en: `must be at most ${USAGE_MAX_RANGE_DAYS} days after startTime`,
    });
  // The day after the end, at midnight (a DST day is not 24 hours long).
  const endDate = new Date(endMs);
  const toMs = new Date(endDate.getFullYear(), endDate.getMonth(), endDate.getDate() + 1).getTime();
  const counts = await countReasonsByRegion(
    ctx.db,
    scope,
    {
      areaLevels: body.areaLevelListStr ?? [],
      provinceLevels: body.provinceLevelListStr ?? [],
      cityLevels: body.cityLevelListStr ?? [],
      shopIds: body.shopIdStr ?? [],
    },
    fromMs,
    toMs,
  );
  const names = await reasonTypeNames(ctx, companyId, lang);
  const levels = new Map(
    (await listCompanyLevels(ctx.db, companyId)).map((l) => [l.id, nameIn(lang, l.name, l.ename)]),
  );
  const regions = new Map<number | null, TopReasons['regions'][number]>();
  for (const c of counts) {
    let region = regions.get(c.areaLevel);
    if (!region) {
      const areaName =
        c.areaLevel === null
          ? lang === 'en'
            ? 'No region'
            : '未分区'
          : (levels.get(c.areaLevel) ?? String(c.areaLevel));
      region = { areaId: c.areaLevel, areaName, total: 0, reasons: [] };
      regions.set(c.areaLevel, region);
    }
    region.total += c.num;
    region.reasons.push({ reasonTypeCode: c.code, reasonTypeName: names.get(c.code) ?? c.code, num: c.num });
  }
  const list = [...regions.values()];
  for (const r of list)
    r.reasons.sort((a, b) => b.num - a.num || a.reasonTypeCode.localeCompare(b.reasonTypeCode));
  list.sort((a, b) => b.total - a.total || a.areaName.localeCompare(b.areaName));
  return { startTime: start, endTime: end, regions: list };
}
