/**
 * Usage calls under /api/device-service/deviceUsage (spec §7 "Usage and reports"). Read with the
 * device-usage page (the reports also with the dashboard and the monitor screen, which chart usage);
 * the export needs its button. What `num` and `rate` mean in each report: docs/decisions/usage.md
 * "Reports", repeated in each summary below.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  AreaUsageSchema,
  CityUsageReportBody,
  DeviceUsageRowSchema,
  StoreUsageReportBody,
  UsageExportBody,
  UsageListQuery,
  UsageReportBody,
} from './usage';

export const USAGE_API = '/api/device-service/deviceUsage';
const READ = [PAGE.deviceUsage] as const;
const REPORT_READ = { any: [PAGE.deviceUsage, MODULE.dashboard, MODULE.monitorScreen] } as const;
const REPORT = z.array(AreaUsageSchema);

const RATE_TEXT =
  'rate = usage rate in % (online time over measured time); num = devices counted. type set: num = online hours';
const NUM_TEXT =
  'num = devices used (online at some point); rate = their share of the devices counted, in %. type set: device-days';

export const UsageEndpoints = {
  listDeviceUsages: endpoint({
    method: 'GET',
    path: `${USAGE_API}/listDeviceUsages`,
    summary: 'List daily device usage',
    summaryZh: '设备使用率明细',
    module: 'usage',
    permissions: READ,
    query: UsageListQuery,
    response: pagedResultSchema(DeviceUsageRowSchema),
  }),
  exportDeviceData: endpoint({
    method: 'POST',
    path: `${USAGE_API}/exportDeviceData`,
    summary: 'Export daily device usage',
    summaryZh: '导出设备使用率明细',
    module: 'usage',
    permissions: [PAGE.deviceUsage, BUTTON.usageExport],
    body: UsageExportBody,
    response: FILE_RESPONSE,
    writes: false,
  }),
  areaReport: endpoint({
    method: 'POST',
    path: `${USAGE_API}/area/report`,
    summary: 'Usage rate by region and category',
    summaryZh: '按大区统计使用率',
    description: RATE_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: UsageReportBody,
    response: REPORT,
    writes: false,
  }),
  cityReport: endpoint({
    method: 'POST',
    path: `${USAGE_API}/city/report`,
    summary: 'Usage rate by city and category',
    summaryZh: '按城市统计使用率',
    description: RATE_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: CityUsageReportBody,
    response: REPORT,
    writes: false,
  }),
  stashReport: endpoint({
    method: 'POST',
    path: `${USAGE_API}/stash/report`,
    summary: 'Usage rate by store and small category',
    summaryZh: '按门店统计使用率',
    description: RATE_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: StoreUsageReportBody,
    response: REPORT,
    writes: false,
  }),
  areaReportNum: endpoint({
    method: 'POST',
    path: `${USAGE_API}/area/report/num`,
    summary: 'Devices in use by region and category',
    summaryZh: '按大区统计使用设备数',
    description: NUM_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: UsageReportBody,
    response: REPORT,
    writes: false,
  }),
  cityReportNum: endpoint({
    method: 'POST',
    path: `${USAGE_API}/city/report/num`,
    summary: 'Devices in use by city and category',
    summaryZh: '按城市统计使用设备数',
    description: NUM_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: CityUsageReportBody,
    response: REPORT,
    writes: false,
  }),
  stashReportNum: endpoint({
    method: 'POST',
    path: `${USAGE_API}/stash/report/num`,
    summary: 'Devices in use by store and small category',
    summaryZh: '按门店统计使用设备数',
    description: NUM_TEXT,
    module: 'usage',
    permissions: REPORT_READ,
    body: StoreUsageReportBody,
    response: REPORT,
    writes: false,
  }),
};
