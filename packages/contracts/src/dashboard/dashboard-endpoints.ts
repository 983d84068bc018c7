/**
 * The dashboard's, monitor screen's and stores overview's calls (docs/decisions/dashboards.md). The
 * overview serves the dashboard and the monitor screen; store figures the stores overview; the usage
 * trend all three (and the store dashboard).
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { MODULE, PAGE } from '../permissions';
import {
  DashboardOverview,
  DashboardOverviewQuery,
  StoreFigures,
  StoreFiguresQuery,
  UsageTrendPoint,
  UsageTrendQuery,
} from './dashboard';

export const DASHBOARD_API = '/api/device-service/dashboard';

const SCREENS = { any: [MODULE.dashboard, MODULE.monitorScreen] } as const;

export const DashboardEndpoints = {
  getDashboardOverview: endpoint({
    method: 'GET',
    path: `${DASHBOARD_API}/overview`,
    summary: 'Device, box and open alert figures of a place and the places below it',
    summaryZh: '区域设备、盒子与告警统计',
    module: 'dashboard',
    permissions: SCREENS,
    query: DashboardOverviewQuery,
    response: DashboardOverview,
  }),
  getStoreFigures: endpoint({
    method: 'GET',
    path: `${DASHBOARD_API}/storeFigures`,
    summary: 'Device, open alert and usage figures per store',
    summaryZh: '门店设备、告警与使用率统计',
    module: 'dashboard',
    permissions: { any: [PAGE.storeOverview, MODULE.dashboard, MODULE.monitorScreen] },
    query: StoreFiguresQuery,
    response: z.array(StoreFigures),
  }),
  getUsageTrend: endpoint({
    method: 'GET',
    path: `${DASHBOARD_API}/usageTrend`,
    summary: 'Daily average usage rate over a date range',
    summaryZh: '每日平均使用率趋势',
    module: 'dashboard',
    permissions: { any: [PAGE.storeOverview, MODULE.dashboard, MODULE.monitorScreen] },
    query: UsageTrendQuery,
    response: z.array(UsageTrendPoint),
  }),
};
