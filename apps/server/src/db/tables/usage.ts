/**
 * Row types of daily device usage (issue 13, docs/decisions/usage.md): the device rows (owned by
 * modules/usage/jobs/usage-days.repository.ts) and their per-day sums by city (owned by
 * modules/usage/jobs/usage-days-cities.repository.ts), written together in one transaction.
 */
import type { Generated } from 'kysely';

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
  /**
   * Where the row stands in the device's runs — a run is the device's rows on consecutive days with
   * the same store, category and class: 0 continues the run of the day before, 1 is the device's first
   * row, 2 starts a new run after an earlier row (a gap, or the device moved). Written with the row.
   */
  run_start: Generated<number>;
  /** The latest earlier day of the row's run with some online time, '' when none. Written with the row. */
  used_since: Generated<string>;
}

/**
 * Sums of the device rows of one day per city (the store's region, province and city now; 0 for none),
 * category and class ('' for none), and `used_since` of the rows with online time ('-' for the rows
 * without): what the area and city reports read (docs/decisions/usage.md "Reports at scale").
 */
export interface UsageCityDaysTable {
  company_id: number;
  statistics_date: string;
  area_level: number;
  province_level: number;
  city_level: number;
  device_category: string;
  device_class: string;
  used_since: string;
  /** Rows (device-days). */
  device_days: number;
  /** Rows with run_start ≠ 0. */
  run_starts: number;
  online_ms: number;
  base_ms: number;
}

/** A day the daily job finished for every company (modules/usage/jobs/usage-daily.ts). */
export interface UsageDaysComputedTable {
  statistics_date: string;
  computed_at: number;
}

/**
 * A device's day that got a transition after it was over (written by ingest with the transition); the
 * daily job computes the device's stored days from it on again (modules/usage/jobs/usage-late-days.repository.ts).
 */
export interface UsageLateDaysTable {
  id: Generated<number>;
  device_id: number;
  /** 'YYYY-MM-DD', the day of the transition (server time zone). */
  statistics_date: string;
}

export interface UsageTables {
  device_usage_days: DeviceUsageDaysTable;
  usage_city_days: UsageCityDaysTable;
  usage_days_computed: UsageDaysComputedTable;
  usage_late_days: UsageLateDaysTable;
}
