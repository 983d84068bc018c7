/**
 * Anomaly and forecast (spec §3 "Anomaly item", "Forecast query"; §7 "Forecast service"). All four
 * calls take the forecast query: places comma-joined, `categoryType` 1–5 and `queryType` 0 device / 1
 * store. The list calls require queryType (spec §5); the chart calls default it to stores and also take
 * our `deviceId` to chart one device. The method and the reply shapes the spec leaves open:
 * docs/decisions/forecast.md.
 */
import { z } from 'zod';

import { CategoryType } from '../enums';
import { intFromQuery } from '../paging';
import { idParam, optionalFilter, regionPicks } from '../query';

/** categoryType (spec §3, `CategoryType` in enums) and the device categories/classes each one covers (ours). */
export const ForecastCategoryType = CategoryType;
export type ForecastCategoryTypeValue = (typeof ForecastCategoryType.values)[number];

/** Small categories (SUBCLASS_TYPE) of types 1–4 (checked first), then large categories; the rest is OTHER. */
export const FORECAST_CATEGORY_CLASSES: Readonly<Record<string, ForecastCategoryTypeValue>> = {
  pc: ForecastCategoryType.PC,
  server: ForecastCategoryType.PC,
  monitor: ForecastCategoryType.PC,
};
export const FORECAST_CATEGORY_LARGE: Readonly<Record<string, ForecastCategoryTypeValue>> = {
  mobile: ForecastCategoryType.WAREHOUSE_DEVICE,
  camera: ForecastCategoryType.MONITOR,
  box: ForecastCategoryType.AI_BOX,
};

/** The categoryType of a device from its large category and small class codes. */
export function forecastCategoryTypeOf(
  category: string | null | undefined,
  deviceClass: string | null | undefined,
): ForecastCategoryTypeValue {
  return (
    (deviceClass ? FORECAST_CATEGORY_CLASSES[deviceClass] : undefined) ??
    (category ? FORECAST_CATEGORY_LARGE[category] : undefined) ??
    ForecastCategoryType.OTHER
  );
}

const queryTypeValue = intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }));

const places = {
  ...regionPicks,
  categoryType: optionalFilter(
    intFromQuery.pipe(z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5')),
  ),
};

/** The forecast query of the list calls: queryType required. */
export const ForecastListQuery = z.object({
  ...places,
  queryType: z.preprocess((v) => (v === '' || v === null ? undefined : v), queryTypeValue),
});
export type ForecastListQuery = z.infer<typeof ForecastListQuery>;

/** The forecast query of the chart calls: queryType optional (stores), and one device to chart (ours). */
export const ForecastChartQuery = z.object({
  ...places,
  queryType: optionalFilter(queryTypeValue),
  deviceId: optionalFilter(idParam),
});
export type ForecastChartQuery = z.infer<typeof ForecastChartQuery>;

/** Anomaly item (spec §3) plus what the score is made of. Store items carry no device. */
export const AnomalyItemSchema = z.object({
  deviceCategoryCode: z.string().nullable(),
  deviceCategoryName: z.string().nullable(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  /** 0–100: higher is more unusual. */
  score: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  /** The device's categoryType; for a store, the query's (null: every category). */
  categoryType: z.number().nullable(),
  /** Mean usage rate (%) of the last 7 days and what its own past predicts for them. */
  recentRate: z.number(),
  expectedRate: z.number(),
  /** Robust z of the drop against its own seasonal baseline; share of peers using more (0–1). */
  ownZ: z.number(),
  peerRank: z.number(),
});
export type AnomalyItem = z.infer<typeof AnomalyItemSchema>;

/** A daily series (usage rate, %) with its seasonal baseline and the days flagged as anomalous. */
export const AnomalyChartSchema = z.object({
  dates: z.array(z.string()),
  actual: z.array(z.number().nullable()),
  expected: z.array(z.number().nullable()),
  /** Dates whose robust z (drop below the baseline) is 3 or more. */
  anomalyDates: z.array(z.string()),
  /** The most devices the series averages on one day. */
  members: z.number(),
});
export type AnomalyChart = z.infer<typeof AnomalyChartSchema>;

/** One forecast day: point and 80% interval of the usage rate and the online rate (%). */
export const ForecastPointSchema = z.object({
  date: z.string(),
  usageRate: z.number(),
  usageLower: z.number(),
  usageUpper: z.number(),
  onlineRate: z.number(),
  onlineLower: z.number(),
  onlineUpper: z.number(),
});
export type ForecastPoint = z.infer<typeof ForecastPointSchema>;

export const ForecastChartSchema = z.object({
  history: z.array(z.object({ date: z.string(), usageRate: z.number(), onlineRate: z.number() })),
  forecast: z.array(ForecastPointSchema),
  /** The most devices the history averages on one day. */
  members: z.number(),
});
export type ForecastChart = z.infer<typeof ForecastChartSchema>;

/** findDeviceOrShopForecast item (ours): a device's or store's next 7 days, averaged, with the 80% interval. */
export const ForecastItemSchema = z.object({
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  deviceCategoryCode: z.string().nullable(),
  deviceCategoryName: z.string().nullable(),
  categoryType: z.number().nullable(),
  /** Mean usage rate of the last 7 days. */
  lastWeekUsageRate: z.number(),
  usageRate: z.number(),
  usageLower: z.number(),
  usageUpper: z.number(),
  onlineRate: z.number(),
  onlineLower: z.number(),
  onlineUpper: z.number(),
});
export type ForecastItem = z.infer<typeof ForecastItemSchema>;

/** Days of history the model reads, days forecast, and the most items a list returns. */
export const FORECAST_HISTORY_DAYS = 56;
export const FORECAST_HORIZON_DAYS = 14;
export const FORECAST_LIST_MAX = 200;
/** Days a list item's forecast averages, and the most devices or stores one list call models. */
export const FORECAST_LIST_DAYS = 7;
export const FORECAST_MODEL_MAX = 2000;
