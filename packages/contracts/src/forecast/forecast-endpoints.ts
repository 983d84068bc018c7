/**
 * Anomaly and forecast calls under /api/forecast-service/device (spec §7 "Forecast service"), read
 * with the device-health-analysis page. Bodies: the forecast query (forecast.ts). Method and reply
 * shapes: docs/decisions/forecast.md.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { PAGE } from '../permissions';
import {
  AnomalyChartSchema,
  AnomalyItemSchema,
  ForecastChartQuery,
  ForecastChartSchema,
  ForecastItemSchema,
  ForecastListQuery,
} from './forecast';

export const FORECAST_API = '/api/forecast-service/device';
const READ = [PAGE.deviceHealth] as const;

export const ForecastEndpoints = {
  findDeviceOrShopAnomalyChart: endpoint({
    method: 'POST',
    path: `${FORECAST_API}/anomaly/findDeviceOrShopAnomalyChart`,
    summary: 'Usage against its seasonal baseline, with anomalous days',
    summaryZh: '异常分析图表',
    module: 'forecast',
    permissions: READ,
    body: ForecastChartQuery,
    response: AnomalyChartSchema,
    writes: false,
  }),
  findDeviceOrShopAnomaly: endpoint({
    method: 'POST',
    path: `${FORECAST_API}/anomaly/findDeviceOrShopAnomaly`,
    summary: 'Devices or stores by anomaly score, highest first',
    summaryZh: '设备或门店异常列表',
    module: 'forecast',
    permissions: READ,
    body: ForecastListQuery,
    response: z.array(AnomalyItemSchema),
    writes: false,
  }),
  findDeviceOrShopForecastChart: endpoint({
    method: 'POST',
    path: `${FORECAST_API}/forecast/findDeviceOrShopForecastChart`,
    summary: 'Usage and online-rate forecast with 80% interval',
    summaryZh: '预测图表',
    module: 'forecast',
    permissions: READ,
    body: ForecastChartQuery,
    response: ForecastChartSchema,
    writes: false,
  }),
  findDeviceOrShopForecast: endpoint({
    method: 'POST',
    path: `${FORECAST_API}/forecast/findDeviceOrShopForecast`,
    summary: 'Devices or stores with their next-7-day forecast, lowest usage first',
    summaryZh: '设备或门店预测列表',
    module: 'forecast',
    permissions: READ,
    body: ForecastListQuery,
    response: z.array(ForecastItemSchema),
    writes: false,
  }),
};
