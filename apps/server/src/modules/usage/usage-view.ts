/**
 * Usage rows as the console sees them (spec §3 "Device usage row"), shared by the list and the
 * export: times in minutes, the rate in percent, category names in the caller's language.
 */
import { type DeviceUsageRow, type Lang, UsageRowType } from '@storefleet/contracts';
import { type DeviceDictionaryNames, dictionaryFields } from '../devices/device-dictionary-names';
import type { UsageListRow } from './device-usage.repository';

const MINUTE = 60_000;

/** One list row; `today` marks the day computed on demand. */
export function toUsageRow(
  row: UsageListRow,
  names: DeviceDictionaryNames,
  lang: Lang,
  today: string,
): DeviceUsageRow {
  return {
    deviceId: row.device_id,
    deviceName: row.device_name ?? '',
    deviceSn: row.device_sn,
    assetNo: row.asset_no,
    productId: row.product_id,
    shopId: row.shop_id,
    shopName: row.store_name,
    statisticsDate: row.statistics_date,
    type: row.statistics_date === today ? UsageRowType.TODAY : UsageRowType.DAY,
    onlineTime: Math.round(row.online_ms / MINUTE),
    offlineTime: Math.round(row.offline_ms / MINUTE),
    usageRate: row.usage_rate,
    ...dictionaryFields(row, names, lang),
  };
}
