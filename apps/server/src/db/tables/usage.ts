/** Row type of daily device usage (issue 13, docs/decisions/usage.md); owned by modules/usage/device-usage.repository.ts. */

/**
 * One device's usage on one day (server time zone). `base_ms` is the measured span: the whole day, or
 * the part of the company's opening hours inside the day when the company set opening hours, cut to
 * start when the device was added. `online_ms + offline_ms = base_ms`.
 */
export interface DeviceUsageDaysTable {
  device_id: number;
  /** 'YYYY-MM-DD', the day in the server's time zone. */
  statistics_date: string;
  /** Copied from the device when the day was computed (a moved device keeps its history where it was). */
  company_id: number;
  shop_id: number;
  product_id: number;
  /** CATEGORY_TYPE code (large category) at the time. */
  device_category: string | null;
  /** SUBCLASS_TYPE code (small category) at the time. */
  device_class: string | null;
  online_ms: number;
  offline_ms: number;
  base_ms: number;
  /** online_ms / base_ms as a percentage 0–100, rounded to 2 decimals: the spec's usageRate as shown. */
  usage_rate: number;
  /** Epoch ms when the job wrote the row. */
  computed_at: number;
}

export interface UsageTables {
  device_usage_days: DeviceUsageDaysTable;
}
