/**
 * Pending devices (issue 14, docs/decisions/tasks.md): devices in scope with no open task that need one,
 * with the task type their reason suggests; "offline too long" by the company's offline threshold.
 */
import {
  type PagedResult,
  PENDING_REASON_TASK_TYPE,
  type PendingDevice,
  type PendingDeviceQuery,
  toPagedResult,
} from '@storefleet/contracts';

import { requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { formatDateTime } from '../../http/time';
import { listPendingRows } from './pending-devices.repository';

/** Devices offline since before the returned instant count as offline too long. */
export async function offlineBefore(ctx: AppContext, companyId: number, now: number): Promise<number> {
  const settings = await ctx.jobs.settings(ctx.db, companyId);
  return now - settings.offlineThresholdSeconds * 1000;
}

export async function pendingDevices(
  ctx: AppContext,
  scope: Scope,
  query: PendingDeviceQuery,
): Promise<PagedResult<PendingDevice>> {
  const companyId = requireCompany(scope);
  const before = await offlineBefore(ctx, companyId, Date.now());
  const { rows, total } = await listPendingRows(
    ctx.db,
    scope,
    {
      reason: query.reason,
      shopId: query.shopId,
      areaId: query.areaId,
      keyword: query.keyword || undefined,
      offlineBefore: before,
    },
    pageWindow(query),
  );
  return toPagedResult(
    rows.map((r) => ({
      deviceId: r.device_id,
      deviceName: r.device_name,
      productId: r.product_id,
      shopId: r.shop_id,
      storeName: r.store_name,
      reason: r.reason,
      suggestedType: PENDING_REASON_TASK_TYPE[r.reason],
      onlineStatus: r.online_status,
      offlineSince: r.reason === 'offline' ? formatDateTime(r.latest_offline_time) : null,
      openAlertRecordId: r.open_record_id,
    })),
    total,
    query,
  );
}
