/**
 * Offline-reason calls under /api/device-service/aibox/deviceOfflineReason (spec §7 "Offline
 * reasons"), plus ours: `saveOfflineReasonType` (the company's own reason types) and
 * `report/topReasons` (reasons by region, on the device-health-analysis page). Reads need a page that
 * shows devices or the health page; writes need `offline-reason:edit`. Design: docs/decisions/forecast.md.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { BUTTON, PAGE } from '../permissions';
import {
  OfflineReasonDeviceParams,
  OfflineReasonSchema,
  OfflineReasonTypeListQuery,
  OfflineReasonTypeSchema,
  SaveOfflineReasonsBody,
  SaveOfflineReasonTypeBody,
  TopReasonsBody,
  TopReasonsSchema,
} from './offline-reasons';

export const OFFLINE_REASON_API = '/api/device-service/aibox/deviceOfflineReason';
const READ = {
  any: [PAGE.deviceMonitored, PAGE.deviceNotMonitored, PAGE.gateway, PAGE.deviceHealth, PAGE.alertStore],
} as const;
const EDIT = [BUTTON.offlineReasonEdit] as const;

export const OfflineReasonEndpoints = {
  saveOrUpdateDeviceOfflineReason: endpoint({
    method: 'POST',
    path: `${OFFLINE_REASON_API}/saveOrUpdateDeviceOfflineReason`,
    summary: 'Save offline reason records',
    summaryZh: '保存离线原因',
    description: 'A record with id replaces it, without id adds one; the whole list is saved or none of it.',
    module: 'offline-reason',
    permissions: EDIT,
    body: SaveOfflineReasonsBody,
    response: z.array(OfflineReasonSchema),
  }),
  deviceOfflineReasons: endpoint({
    method: 'GET',
    path: `${OFFLINE_REASON_API}/:deviceId/offlineReason`,
    summary: "A device's offline reasons, newest first",
    summaryZh: '设备离线原因记录',
    module: 'offline-reason',
    permissions: READ,
    params: OfflineReasonDeviceParams,
    response: z.array(OfflineReasonSchema),
  }),
  getDeviceOfflineReasonTypeList: endpoint({
    method: 'GET',
    path: `${OFFLINE_REASON_API}/getDeviceOfflineReasonTypeList`,
    summary: 'Offline reason types: built-in and the company’s own',
    summaryZh: '离线原因类型',
    module: 'offline-reason',
    permissions: READ,
    query: OfflineReasonTypeListQuery,
    response: z.array(OfflineReasonTypeSchema),
  }),
  saveOfflineReasonType: endpoint({
    method: 'POST',
    path: `${OFFLINE_REASON_API}/saveOfflineReasonType`,
    summary: 'Add, rename or disable a company offline reason type',
    summaryZh: '保存自定义离线原因类型',
    module: 'offline-reason',
    permissions: EDIT,
    body: SaveOfflineReasonTypeBody,
    response: OfflineReasonTypeSchema,
  }),
  topReasons: endpoint({
    method: 'POST',
    path: `${OFFLINE_REASON_API}/report/topReasons`,
    summary: 'Offline reasons by region over a date range',
    summaryZh: '各大区离线原因统计',
    module: 'offline-reason',
    permissions: [PAGE.deviceHealth],
    body: TopReasonsBody,
    response: TopReasonsSchema,
    writes: false,
  }),
};
